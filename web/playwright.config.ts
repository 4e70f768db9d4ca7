import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN_EMAIL } from "./e2e/support/admin";
import { UNREACHABLE_DOMAIN } from "./e2e/support/billing-mail";
import { MAILBOX_KEY } from "./e2e/support/mailbox";
import { whatsappServerEnv } from "./e2e/support/whatsapp";

// Four real servers, each on a throwaway DATA_DIR (embedded database), serving the built app:
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
// Plans, billing and admin journeys (*.billing.spec.ts): a third server with Stripe configured
// against a local fake Stripe (its Checkout page, signed webhooks), a test clock and an admin address.
// It sends over SMTP to its own sink (base + 31, its JSON API + 32), which refuses every address
// at UNREACHABLE_DOMAIN for good: how the admin journey gets a release that parks.
const billingPort = port + 2;
const billingURL = process.env.E2E_BILLING_URL ?? `http://localhost:${billingPort}`;
const fakeStripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 27);
const billingSinkSmtpPort = Number(process.env.E2E_BILLING_SINK_SMTP_PORT ?? port + 31);
const billingSinkHttpPort = billingSinkSmtpPort + 1;
process.env.E2E_BILLING_SINK_URL ??= `http://127.0.0.1:${billingSinkHttpPort}`;
// The local OpenID provider the sign-in journey uses (issue 12): base port + 28.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 28);
const oidcEnv = {
  OIDC_TESTID_ISSUER: `http://127.0.0.1:${oidcPort}`,
  OIDC_TESTID_CLIENT_ID: "trigger-switch-test",
  OIDC_TESTID_CLIENT_SECRET: "a-test-client-secret-that-is-long-enough",
};
// The WhatsApp journeys (*.channels.spec.ts): a fourth server with WhatsApp pointed at the local Cloud API server.
const channelsPort = port + 3;
const channelsURL = process.env.E2E_CHANNELS_URL ?? `http://localhost:${channelsPort}`;
const whatsappApiPort = Number(process.env.E2E_WHATSAPP_PORT ?? port + 29);
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
  // Limits on hanging, not speed checks. Journeys take 3–45 s on a quiet 2-core machine, and CI
  // machines have run them at two to three times that (90 s failed the longest ones there).
  timeout: 180_000,
  // A page that needs the app (sign-in, a confirmation link) can take 4–6 s to settle on a loaded
  // 2-core machine (measured while other suites ran), and more on a slow CI machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL,
    // Times follow the browser's language (12- or 24-hour, decision 025); the journeys read 24-hour ones.
    locale: "en-GB",
    // Recording a trace costs Chromium a screencast and a DOM snapshot at every step, passing or
    // not: in CI only a failed journey's retry records one (CI retries once), locally every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // As a person who asked for less motion: the app's skeletons and spinners stand still
    // (src/index.css), so Chromium does not paint their frames on the two shared cores meanwhile.
    reducedMotion: "reduce",
  },
  // Two workers, but one per project whose server is shared state: the engine and billing journeys
  // move their server's test clock, the channels journeys read one fake WhatsApp's messages.
  workers: 2,
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          command: `node --import tsx e2e/support/oidc-provider-server.ts ${oidcPort} ${baseURL}/auth/v1/callback`,
          url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: "node --import tsx ../server/src/main.ts",
          url: `${baseURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          env: {
            ...serverEnv,
            ...oidcEnv,
            PORT: String(port),
            DATA_DIR: process.env.E2E_DATA_DIR ?? tempDir(),
            SITE_URL: baseURL,
            SMTP_URL: "",
            MAILBOX_KEY,
          },
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
          env: {
            ...serverEnv,
            PORT: String(enginePort),
            DATA_DIR: tempDir(),
            SITE_URL: engineURL,
            SMTP_URL: `smtp://127.0.0.1:${sinkSmtpPort}`,
            TEST_CLOCK: "true",
            ENGINE_INTERVAL_MS: "250",
          },
        },
        {
          command: `node --import tsx e2e/support/fake-stripe-server.ts ${fakeStripePort} http://127.0.0.1:${billingPort}/webhooks/stripe`,
          // Any answer below 404 means it listens (an API call without a key gets Stripe's 401).
          url: `http://127.0.0.1:${fakeStripePort}/v1/prices/price_plus_monthly`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: `node --import tsx e2e/support/smtp-sink-server.ts ${billingSinkSmtpPort} ${billingSinkHttpPort} ${UNREACHABLE_DOMAIN}`,
          url: `http://127.0.0.1:${billingSinkHttpPort}/healthz`,
          timeout: 30_000,
          reuseExistingServer: false,
        },
        {
          command: "node --import tsx ../server/src/main.ts",
          url: `${billingURL}/readyz`,
          timeout: 120_000,
          reuseExistingServer: false,
          stdout: "pipe",
          env: {
            ...serverEnv,
            PORT: String(billingPort),
            DATA_DIR: tempDir(),
            SITE_URL: billingURL,
            SMTP_URL: `smtp://127.0.0.1:${billingSinkSmtpPort}`,
            TEST_CLOCK: "true",
            ENGINE_INTERVAL_MS: "250",
            ADMIN_EMAILS: E2E_ADMIN_EMAIL,
            STRIPE_SECRET_KEY: "sk_test_fake_trigger_switch",
            STRIPE_WEBHOOK_SECRET: "whsec_fake_trigger_switch_secret",
            STRIPE_PRICE_PLUS_MONTHLY: "price_plus_monthly",
            STRIPE_PRICE_PLUS_YEARLY: "price_plus_yearly",
            STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
          },
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
          env: {
            ...serverEnv,
            PORT: String(channelsPort),
            DATA_DIR: tempDir(),
            SITE_URL: channelsURL,
            SMTP_URL: "",
            MAILBOX_KEY,
            ...whatsappServerEnv(whatsappApiPort),
          },
        },
      ],
  projects: [
    { name: "chromium", testIgnore: /\.(engine|billing|channels)\.spec\.ts$/, use: { ...chromium, baseURL } },
    { name: "billing", testMatch: /\.billing\.spec\.ts$/, workers: 1, use: { ...chromium, baseURL: billingURL } },
    { name: "channels", testMatch: /\.channels\.spec\.ts$/, workers: 1, use: { ...chromium, baseURL: channelsURL } },
    { name: "engine", testMatch: /\.engine\.spec\.ts$/, workers: 1, use: { ...chromium, baseURL: engineURL } },
  ],
});
