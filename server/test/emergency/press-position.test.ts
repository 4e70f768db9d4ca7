import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emergencyTriggers } from "../../src/db/schema.ts";
import { mailsTo, mailText, tick } from "../support/engine.ts";
import { engineAppWithSink } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, press, shareLocation } from "./emergency-setup.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

/** The access page's answer behind the link in the n-th mail a recipient received. */
async function accessPage(email: string, messageId: string, nth: number): Promise<Record<string, unknown>> {
  const token = mailText(mailsTo(sink, email)[nth]!).match(/\?t=([\w-]+)/)![1]!;
  return (await (await fetch(`${t.url}/api/access/${messageId}?t=${token}`)).json()) as Record<string, unknown>;
}

describe("the owner is told the position that went with the alert", () => {
  it("when a second press finds no new position, the answer says the earlier one went, and when it was captured", async () => {
    const s = await panicMessage(t, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    const locatedAt = t.clock.now().toISOString();
    expect((await press(s.owner, s.messageId)).body).toMatchObject({ duplicate: false, locationIncluded: true });
    await tick(t);
    // 64 s later the browser cannot locate (blocked): nothing new is stored, the press goes on.
    t.clock.advance(64_000);
    const { body } = await press(s.owner, s.messageId);
    expect(body).toMatchObject({
      success: true,
      duplicate: false,
      locationIncluded: true,
      locatedAt,
      locationName: "near London, United Kingdom",
      triggeredAt: t.clock.now().toISOString(),
    });
    await tick(t);
    // The recipient reads the same: the position, and how old it was.
    expect(mailText(mailsTo(sink, s.recipientEmails[0]!)[1]!)).toContain("64 seconds before the alert");
  });

  it("answers a duplicate with what the alert it repeats carried, not with a position stored since", async () => {
    const s = await panicMessage(t, {}, 1);
    const pressedAt = t.clock.now().toISOString();
    expect((await press(s.owner, s.messageId, { deduplicationId: "retry-me" })).body.locationIncluded).toBe(false);
    t.clock.advance(2_000);
    await shareLocation(s.owner, s.messageId, 48.853, 2.349);
    t.clock.advance(1_500);
    expect((await press(s.owner, s.messageId, { deduplicationId: "retry-me" })).body).toMatchObject({
      duplicate: true,
      locationIncluded: false,
      locatedAt: null,
      triggeredAt: pressedAt,
    });
  });
});

describe("each alert's access page", () => {
  it("shows the position that went with that alert, not one a later press stored", async () => {
    const s = await panicMessage(t, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128, 20);
    const londonAt = t.clock.now().toISOString();
    await press(s.owner, s.messageId);
    await tick(t);
    t.clock.advance(60_000);
    await shareLocation(s.owner, s.messageId, 48.853, 2.349, 35);
    const parisAt = t.clock.now().toISOString();
    await press(s.owner, s.messageId);
    await tick(t);

    expect(await accessPage(s.recipientEmails[0]!, s.messageId, 0)).toMatchObject({
      emergency: { location_current: true },
      location: {
        latitude: 51.508,
        longitude: -0.128,
        name: "near London, United Kingdom",
        located_at: londonAt,
        accuracy_m: 20,
      },
    });
    expect(await accessPage(s.recipientEmails[0]!, s.messageId, 1)).toMatchObject({
      location: { latitude: 48.853, longitude: 2.349, name: "near Paris, France", located_at: parisAt, accuracy_m: 35 },
    });
    // Sealed like every position: no coordinate or place in the clear.
    const rows = await t.database.db
      .select()
      .from(emergencyTriggers)
      .where(eq(emergencyTriggers.messageId, s.messageId));
    for (const row of rows)
      for (const sealed of [row.locationLatitude, row.locationLongitude, row.locationName, row.locationAccuracy])
        expect(sealed).toMatch(/^v1\./);
  });

  it("of an alert recorded before positions were copied uses the message's only while it is still that capture", async () => {
    const s = await panicMessage(t, {}, 1);
    await shareLocation(s.owner, s.messageId, 51.508, -0.128);
    await press(s.owner, s.messageId);
    await tick(t);
    const legacy = { locationLatitude: null, locationLongitude: null, locationName: null, locationAccuracy: null };
    await t.database.db.update(emergencyTriggers).set(legacy).where(eq(emergencyTriggers.messageId, s.messageId));
    expect(await accessPage(s.recipientEmails[0]!, s.messageId, 0)).toMatchObject({
      location: { latitude: 51.508, longitude: -0.128 },
    });
    t.clock.advance(60_000);
    await shareLocation(s.owner, s.messageId, 48.853, 2.349);
    expect(await accessPage(s.recipientEmails[0]!, s.messageId, 0)).toMatchObject({
      location: null,
      emergency: { location_current: false },
    });
  });
});
