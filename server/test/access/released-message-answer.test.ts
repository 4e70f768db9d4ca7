import { releasedMessageSchema } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, mailsTo, tick } from "../support/engine.ts";
import { startEngineTestApp } from "../support/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press, shareLocation } from "../emergency/emergency-setup.ts";

let sink: SmtpSink;
let withMap: TestApp;
let withoutMap: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  withMap = await startEngineTestApp(sink, { MAPBOX_TOKEN: "pk.test-token", MAPBOX_API_URL: "http://127.0.0.1:9" });
  withoutMap = await startEngineTestApp(sink);
});
afterAll(async () => {
  await withMap.close();
  await withoutMap.close();
  await sink.close();
});

/** An emergency pressed with a fresh position, and the recipient's access answer. */
async function emergencyAnswer(t: TestApp, accuracy?: number) {
  const s = await panicMessage(t, {}, 1);
  await shareLocation(s.owner, s.messageId, 51.5007, -0.1246, accuracy);
  await press(s.owner, s.messageId);
  await tick(t);
  const link = linkIn(mailsTo(sink, s.recipientEmails[0]!).at(-1)!, `${t.url}/access/message/${s.messageId}?t=`);
  const res = await fetch(`${t.url}/api/access/${s.messageId}?t=${new URL(link).searchParams.get("t")}`);
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe("the access page's answer (contracts' releasedMessageSchema)", () => {
  it("carries the emergency, the position's age and precision, and the map token when one is set", async () => {
    const { res, body } = await emergencyAnswer(withMap, 18);
    expect(res.status).toBe(200);
    expect(releasedMessageSchema.parse(body)).toMatchObject({
      state: "open",
      emergency: { location_current: true },
      location: { latitude: 51.5007, longitude: -0.1246, accuracy_m: 18, located_at: expect.any(String) },
      map: { token: "pk.test-token", api_url: "http://127.0.0.1:9" },
    });
    // The map's sources are allowed by the page's Content-Security-Policy, only on this server.
    const page = await fetch(`${withMap.url}/access/message/x`);
    expect(page.headers.get("content-security-policy") ?? "").toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9/);
  });

  it("offers no map without MAPBOX_TOKEN (the page links to OpenStreetMap instead)", async () => {
    const { body } = await emergencyAnswer(withoutMap);
    expect(releasedMessageSchema.parse(body)).toMatchObject({ emergency: { location_current: true }, map: null });
    const page = await fetch(`${withoutMap.url}/access/message/x`);
    expect(page.headers.get("content-security-policy") ?? "").not.toMatch(/blob:.*worker|worker-src/);
  });
});
