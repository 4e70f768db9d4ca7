import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { whatsappServerEnv } from "./e2e/support/whatsapp";

// Two real servers, each on a throwaway DATA_DIR (embedded database), serving the built app:
// - the account and workspace journeys run against one with outbox mail (a self-hoster's set-up);
// - the engine journeys (*.engine.spec.ts) against one that sends over SMTP to a real sink on
//   loopback and has a test clock (POST /dev/clock), so a 5-minute switch takes seconds.
// E2E_BASE_URL / E2E_ENGINE_URL point the journeys at servers started elsewhere instead.
const port = Number(process.env.E2E_PORT ?? 3100);
const enginePort = port + 1;
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;
const engineURL = process.env.E2E_ENGINE_URL ?? `http://localhost:${enginePort}`;
const sinkSmtpPort = Number(process.env.E2E_SINK_SMTP_PORT ?? 3125);
const sinkHttpPort = Number(process.env.E2E_SINK_HTTP_PORT ?? 3126);
// The WhatsApp journeys (*.channels.spec.ts): a third server with WhatsApp pointed at the local Cloud API server.
const channelsPort = port + 2;
const channelsURL = process.env.E2E_CHANNELS_URL ?? `http://localhost:${channelsPort}`;
const whatsappApiPort = Number(process.env.E2E_WHATSAPP_PORT ?? sinkHttpPort + 1);
const whatsappControlPort = whatsappApiPort + 1;
process.env.E2E_WHATSAPP_CONTROL_URL ??= `http://127.0.0.1:${whatsappControlPort}`;
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "ts-e2e-"));
const serverEnv = { LOG_LEVEL: "warn", DATABASE_URL: "", ADMIN_EMAILS: "" };

const chromium = {
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
};

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
  // One worker: the engine server's clock is shared by every journey that runs against it.
  workers: 1,
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command: "node --import tsx ../server/src/main.ts",
          url: `${baseURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          env: { ...serverEnv, PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR ?? tempDir(), SITE_URL: baseURL, SMTP_URL: "" },
        },
        {
          command: `node --import tsx e2e/support/smtp-sink-server.ts ${sinkSmtpPort} ${sinkHttpPort}`,
          url: `http://127.0.0.1:${sinkHttpPort}/healthz`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: "node --import tsx ../server/src/main.ts",
          url: `${engineURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          env: { ...serverEnv, PORT: String(enginePort), DATA_DIR: tempDir(), SITE_URL: engineURL, SMTP_URL: `smtp://127.0.0.1:${sinkSmtpPort}`, TEST_CLOCK: "true", ENGINE_INTERVAL_MS: "250" },
        },
        {
          command: `node --import tsx e2e/support/fake-whatsapp-server.ts ${whatsappApiPort} ${whatsappControlPort} ${channelsURL}`,
          url: `http://127.0.0.1:${whatsappControlPort}/healthz`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: "node --import tsx ../server/src/main.ts",
          url: `${channelsURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          env: { ...serverEnv, PORT: String(channelsPort), DATA_DIR: tempDir(), SITE_URL: channelsURL, SMTP_URL: "", ...whatsappServerEnv(whatsappApiPort) },
        },
      ],
  projects: [
    { name: "chromium", testIgnore: /\.(engine|channels)\.spec\.ts$/, use: { ...chromium, baseURL } },
    { name: "channels", testMatch: /\.channels\.spec\.ts$/, use: { ...chromium, baseURL: channelsURL } },
    { name: "engine", testMatch: /\.engine\.spec\.ts$/, use: { ...chromium, baseURL: engineURL } },
  ],
});
