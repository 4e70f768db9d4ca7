import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The real server on a throwaway DATA_DIR (embedded database, outbox mail), serving the built app.
// E2E_BASE_URL points the journeys at a server started elsewhere instead.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "ts-e2e-"));

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/.artifacts",
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: "node --import tsx ../server/src/main.ts",
        url: `${baseURL}/readyz`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: "pipe",
        env: { PORT: String(port), DATA_DIR: dataDir, SITE_URL: baseURL, LOG_LEVEL: "warn", DATABASE_URL: "", SMTP_URL: "", ADMIN_EMAILS: "" },
      },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
});
