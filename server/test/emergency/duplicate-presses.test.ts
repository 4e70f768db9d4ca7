import { generateKeyPairSync, randomBytes } from "node:crypto";
import { DUPLICATE_PANIC_WINDOW_MS } from "@trigger-switch/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panicDedupe } from "../../src/db/schema.ts";
import { createMessage } from "../support/content.ts";
import { mailsTo, tick } from "../support/engine.ts";
import { startAutoconfirmApp, startEngineTestApp } from "../support/fixtures.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { panicMessage, panicRows, press } from "./emergency-setup.ts";

let sink: SmtpSink;
let a: TestApp;
let b: TestApp;

// Two apps on one database stand for two processes behind a load balancer: on PostgreSQL each has
// its own pool of connections; on PGlite they share the one embedded database handle. Either way
// the duplicate check is one statement in the database, so it holds whichever process is asked.
const shared = {
  MASTER_KEY: randomBytes(32).toString("base64"),
  JWT_PRIVATE_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString(),
};

beforeAll(async () => {
  sink = await startSmtpSink();
  a = await startEngineTestApp(sink, shared);
  b = await startAutoconfirmApp({ JWT_EXPIRY: "86400", SMTP_URL: sink.url, ...shared }, { database: a.database });
  // Production processes share one SITE_URL, the tokens' issuer.
  b.config.SITE_URL = a.config.SITE_URL;
});
afterAll(async () => {
  await b.close();
  await a.close();
  await sink.close();
});

/** Both "processes" read the same time, as servers with synchronised clocks do. */
function advance(ms: number) {
  a.clock.advance(ms);
  b.clock.set(a.clock.now());
}

describe("a second press of the same emergency", () => {
  it("within 30 seconds is skipped and answered as success with keepArmed true", async () => {
    const s = await panicMessage(a, { keep_armed: false }, 1);
    b.clock.set(a.clock.now());
    const pressedAt = a.clock.now().toISOString();
    expect((await press(s.owner, s.messageId)).body).toMatchObject({
      success: true,
      duplicate: false,
      keepArmed: false,
    });
    advance(DUPLICATE_PANIC_WINDOW_MS - 1);
    // The condition is inactive by now (keep_armed false), yet a retry is a duplicate, not an error.
    expect(await press(s.owner, s.messageId)).toEqual({
      status: 200,
      // What the alert it repeats carried: no position, pressed then.
      body: {
        success: true,
        error: null,
        keepArmed: true,
        duplicate: true,
        recipients: 0,
        locationIncluded: false,
        locatedAt: null,
        locationName: null,
        triggeredAt: pressedAt,
      },
    });
    expect(await panicRows(a, s.conditionId)).toHaveLength(1);
    await tick(a);
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(1);
  });

  it("30 seconds or more after the first is a new emergency", async () => {
    const s = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    await press(s.owner, s.messageId);
    advance(DUPLICATE_PANIC_WINDOW_MS);
    expect((await press(s.owner, s.messageId)).body).toMatchObject({ success: true, duplicate: false });
    expect(await panicRows(a, s.conditionId)).toHaveLength(2);
    await tick(a);
    expect(mailsTo(sink, s.recipientEmails[0]!)).toHaveLength(2);
  });

  it("counts from the last accepted press, not from the skipped ones", async () => {
    const s = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    await press(s.owner, s.messageId);
    advance(20_000);
    expect((await press(s.owner, s.messageId)).body.duplicate).toBe(true);
    advance(10_000);
    expect((await press(s.owner, s.messageId)).body.duplicate).toBe(false);
  });

  it("with the same deduplicationId is skipped even for another message", async () => {
    const first = await panicMessage(a, {}, 1);
    const s = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    expect((await press(s.owner, s.messageId, { deduplicationId: "press-42" })).body.duplicate).toBe(false);
    const other = await createMessage(s.owner, { title: "Second" });
    expect((await press(s.owner, other.id, { deduplicationId: "press-42" })).body).toMatchObject({
      success: true,
      duplicate: true,
    });
    // Another user's id space is their own.
    expect((await press(first.owner, first.messageId, { deduplicationId: "press-42" })).body.duplicate).toBe(false);
  });

  it("records are purged once 60 seconds old", async () => {
    const s = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    await press(s.owner, s.messageId, { deduplicationId: "purge-me" });
    const keys = async () => (await a.database.db.select().from(panicDedupe)).map((r) => r.key);
    expect(await keys()).toEqual(expect.arrayContaining([`message:${s.messageId}`, `client:${s.owner.id}:purge-me`]));
    advance(60_000);
    const other = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    // Any later press purges: at exactly 60 s the record stays, a moment later it is gone.
    await press(other.owner, other.messageId);
    expect(await keys()).toContain(`message:${s.messageId}`);
    advance(1);
    await press(other.owner, other.messageId);
    const left = await keys();
    expect(left).not.toContain(`message:${s.messageId}`);
    expect(left).not.toContain(`client:${s.owner.id}:purge-me`);
  });

  it("sent to two processes at once is accepted by exactly one of them", async () => {
    for (let round = 0; round < 5; round++) {
      const s = await panicMessage(a, {}, 1);
      b.clock.set(a.clock.now());
      const answers = await Promise.all([
        press(s.owner, s.messageId),
        pressOn(b, s.owner.accessToken, s.messageId),
        press(s.owner, s.messageId),
        pressOn(b, s.owner.accessToken, s.messageId),
      ]);
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      expect(answers.filter((x) => x.body.duplicate === false)).toHaveLength(1);
      expect(await panicRows(a, s.conditionId)).toHaveLength(1);
    }
  });

  it("through another process 10 seconds later is still a duplicate", async () => {
    const s = await panicMessage(a, {}, 1);
    b.clock.set(a.clock.now());
    await press(s.owner, s.messageId);
    advance(10_000);
    expect((await pressOn(b, s.owner.accessToken, s.messageId)).body).toMatchObject({
      success: true,
      duplicate: true,
      keepArmed: true,
    });
  });
});

async function pressOn(app: TestApp, accessToken: string, messageId: string) {
  const res = await fetch(`${app.url}/functions/v1/send-message-notifications`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ messageId, isEmergency: true }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
