import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, ConfigError } from "../../src/config.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { post } from "../support/content.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(() => t.close());

describe("without any provider configured", () => {
  it("says on /api/channels that WhatsApp and SMS are off and what to set", async () => {
    const res = await fetch(`${t.url}/api/channels`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      email: { available: true, transport: "outbox" },
      whatsapp: {
        available: false,
        local: true,
        missing: ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"],
        uses: {
          check_in: false,
          verification: false,
          owner_reminders: false,
          deliveries: true,
          trusted_contacts: false,
        },
      },
      sms: {
        available: false,
        local: true,
        missing: ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"],
        uses: {
          check_in: false,
          verification: false,
          owner_reminders: false,
          deliveries: true,
          trusted_contacts: false,
        },
        from: null,
      },
    });
  });

  it("answers the webhooks 404 with a sentence, and asking for a code 409", async () => {
    const wa = await fetch(`${t.url}/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(wa.status).toBe(404);
    expect(await wa.text()).toContain("WhatsApp is not configured on this server.");
    const sms = await fetch(`${t.url}/webhooks/twilio/sms`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "From=%2B447700900123",
    });
    expect(sms.status).toBe(404);
    const user = await signUpUser(t);
    const res = await post(user, "/api/profile/channels/code", { channel: "whatsapp" });
    expect(res.status).toBe(409);
    expect(JSON.stringify(await res.json())).toContain("WhatsApp is not available on this server");
  });

  it("answers bad webhook bodies with 4xx, never 500", async () => {
    for (const [path, type, body] of [
      ["/webhooks/whatsapp", "application/json", "{"],
      ["/webhooks/whatsapp", "text/plain", "hello"],
      ["/webhooks/twilio/sms", "application/json", "{}"],
      ["/webhooks/twilio/status", "application/x-www-form-urlencoded", "%%%"],
    ] as const) {
      const res = await fetch(`${t.url}${path}`, { method: "POST", headers: { "content-type": type }, body });
      expect(res.status, `${path} ${type}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${type}`).toBeLessThan(500);
    }
  });
});

describe("configuration", () => {
  it("turns a provider on only with all of its settings, and names the missing ones", () => {
    expect(loadConfig({}).whatsapp).toBeNull();
    expect(loadConfig({}).twilio).toBeNull();
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: "1065403522" })).toThrow(ConfigError);
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: "1065403522" })).toThrow(
      /WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: WhatsApp needs/,
    );
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}` })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM: SMS needs/,
    );
    expect(() => loadConfig({ TWILIO_FROM: "07700900123" })).toThrow(/TWILIO_FROM: must be a number in E.164 format/);
    const c = loadConfig({
      TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "f".repeat(32),
      TWILIO_FROM: "+15005550006",
    });
    expect(c.twilio).toEqual({
      accountSid: `AC${"1".repeat(32)}`,
      authToken: "f".repeat(32),
      from: "+15005550006",
      apiUrl: "https://api.twilio.com",
    });
    const w = loadConfig({
      WHATSAPP_PHONE_NUMBER_ID: "1065403522",
      WHATSAPP_ACCESS_TOKEN: "EAAG1234567890",
      WHATSAPP_APP_SECRET: "0123456789abcdef",
      WHATSAPP_VERIFY_TOKEN: "verify-me-123",
    });
    expect(w.whatsapp).toMatchObject({
      apiUrl: "https://graph.facebook.com/v23.0",
      templates: {
        reminder: "check_in_reminder",
        delivery: "message_delivery",
        verification: "verification_code",
        language: "en",
      },
    });
  });
});
