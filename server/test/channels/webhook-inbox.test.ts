import { generateKeyPairSync, randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INBOX_RETRY_DELAYS_MS } from "../../src/channels/inbound/postpone-inbound-message.ts";
import { inboundMessages, messageConditions } from "../../src/db/schema.ts";
import { handled, newNumber, startChannelsApp, verifyNumber, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage } from "../support/content.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { until } from "../support/until.ts";
import { signUpUser } from "../support/users.ts";

// The webhook records a message and answers; the inbox processor handles it afterwards
// (docs/decisions/037). A second app on the same database stands for a second process, or for
// this one started again after a crash: processes on one database share their keys.
const shared = {
  JWT_EXPIRY: "86400",
  MASTER_KEY: randomBytes(32).toString("base64"),
  JWT_PRIVATE_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString(),
};

let c: ChannelsTestApp;
beforeAll(async () => {
  c = await startChannelsApp(shared);
});
afterAll(() => c.close());

/** Another process on the same database, with the same providers, its clock where ours is. */
async function secondProcess(): Promise<TestApp> {
  const t = await startAutoconfirmApp(
    { ...shared, ...c.whatsapp.env, ...c.twilio.env, TRUST_PROXY: "true" },
    { database: c.t.database, now: c.t.clock.now() },
  );
  return t;
}

/** An owner with a verified number and a 24-hour check-in condition. */
async function ownerWithNumber() {
  const owner = await signUpUser(c.t);
  const number = newNumber();
  await verifyNumber(c, owner, number);
  const message = await createMessage(owner);
  const condition = await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 24 });
  const lastChecked = async () =>
    (
      await c.t.database.db
        .select({ at: messageConditions.lastChecked })
        .from(messageConditions)
        .where(eq(messageConditions.id, condition.id))
    )[0]!.at;
  return { owner, number, lastChecked };
}

const rowOf = async (providerMessageId: string) =>
  (
    await c.t.database.db.select().from(inboundMessages).where(eq(inboundMessages.providerMessageId, providerMessageId))
  )[0];
const textsTo = (to: string) => c.whatsapp.sent.filter((m) => m.to === to && m.type === "text");
/** Everything sent to `to` so far, templates (the verification code) included: waitForMessage counts these. */
const sentTo = (to: string) => c.whatsapp.sent.filter((m) => m.to === to).length;

/** Meta's webhook body for one text message, and its signature (`secret` other than ours: a forgery). */
const signedMessage = (from: string, id: string, secret?: string) =>
  c.whatsapp.inbound(from, { id, text: "ok", sentAt: c.t.clock.now() }, secret);
const post = async (url: string, { body, signature }: { body: string; signature: string }) =>
  (
    await fetch(`${url}/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    })
  ).status;

describe("the inbox processor", () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await secondProcess();
  });
  afterAll(() => b.close());

  it("sends the reply only once the check-in has committed", async () => {
    const { number, lastChecked } = await ownerWithNumber();
    c.t.clock.advance(60_000);
    const before = sentTo(number);
    const release = c.whatsapp.holdSends();
    try {
      const res = await c.whatsapp.receive(number, { text: "ok" });
      expect(res.status).toBe(200);
      await until(
        async () => c.whatsapp.held(),
        (n) => n >= 1,
      );
      // The reply is at the provider: its check-in is already there for anyone to read. (Were the
      // send inside the transaction, this read would wait for it: on PGlite for ever.)
      const read = Promise.all([rowOf(res.id), lastChecked()]);
      const [row, at] = await Promise.race([
        read,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the check-in is not committed")), 3000)),
      ]);
      expect(row).toMatchObject({ state: "done", outcome: "checked_in" });
      expect(at).toEqual(c.t.clock.now());
    } finally {
      release();
    }
    expect((await c.whatsapp.waitForMessage(number, before + 1)).text).toMatch(/^Checked in\./);
  });

  it("checks in once per message id through a burst to two processes, with repeats and forgeries, and again after it", async () => {
    const owners = await Promise.all([ownerWithNumber(), ownerWithNumber(), ownerWithNumber()]);
    c.t.clock.advance(60_000);
    b.clock.set(c.t.clock.now());
    const ids = owners.map(() => Array.from({ length: 12 }, () => `wamid.${randomBytes(12).toString("base64url")}`));
    const signed = owners.flatMap((o, k) => ids[k]!.map((id) => signedMessage(o.number, id)));
    const repeats = signed.filter((_, i) => i % 3 === 0);
    const forged = owners.map((o) => signedMessage(o.number, `wamid.forged-${randomBytes(6).toString("hex")}`, "x"));
    const burst = [...signed, ...repeats, ...forged].sort(() => Math.random() - 0.5);
    const statuses = await Promise.all(burst.map((m, i) => post(i % 2 ? b.url : c.t.url, m)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(signed.length + repeats.length);
    expect(statuses.filter((s) => s === 401)).toHaveLength(forged.length);

    const all = ids.flat();
    const rows = await until(
      () => c.t.database.db.select().from(inboundMessages).where(inArray(inboundMessages.providerMessageId, all)),
      (r) => r.length === all.length && r.every((row) => row.state === "done"),
      15_000,
    );
    expect(rows.map((r) => r.outcome)).toEqual(all.map(() => "checked_in"));
    expect(
      await c.t.database.db
        .select()
        .from(inboundMessages)
        .where(sql`${inboundMessages.providerMessageId} like 'wamid.forged-%'`),
    ).toEqual([]);
    // One "Checked in" per message: each was handled once, by one of the two processes.
    for (const o of owners)
      await until(
        async () => textsTo(o.number).length,
        (n) => n === 12,
      );

    // Delivered again after they were handled (a provider's retry): nothing more.
    c.t.clock.advance(60_000);
    const at = await Promise.all(owners.map((o) => o.lastChecked()));
    expect(await Promise.all(signed.map((m, i) => post(i % 2 ? b.url : c.t.url, m)))).toEqual(signed.map(() => 200));
    await new Promise((r) => setTimeout(r, 1500)); // longer than a poll
    expect(await Promise.all(owners.map((o) => o.lastChecked()))).toEqual(at);
    for (const o of owners) expect(textsTo(o.number)).toHaveLength(12);
  });

  it("retries a message whose handling fails without holding up the others, counts it at its arrival, and gives up in the end, telling the sender", async () => {
    const failing = await ownerWithNumber();
    const fine = await ownerWithNumber();
    // A fault in this one owner's check-in: the database refuses to update their conditions.
    await c.t.database.db.execute(sql`
      create or replace function refuse_check_in_for_test() returns trigger language plpgsql
      as $$ begin raise exception 'check-in refused for the test'; end $$`);
    const refuse = () =>
      c.t.database.db.execute(
        sql.raw(`create trigger refuse_check_in before update on message_conditions for each row
          when (old.user_id = '${failing.owner.id}') execute function refuse_check_in_for_test()`),
      );
    const allow = () => c.t.database.db.execute(sql`drop trigger refuse_check_in on message_conditions`);
    await refuse();
    c.t.clock.advance(60_000);
    b.clock.set(c.t.clock.now());
    const arrived = c.t.clock.now();
    const before = await failing.lastChecked();
    const bad = await c.whatsapp.receive(failing.number, { text: "ok" });
    const good = await Promise.all([1, 2, 3].map(() => c.whatsapp.receive(fine.number, { text: "ok" })));
    for (const res of good) expect(await handled(c, res.id)).toBe("done");
    expect(await fine.lastChecked()).toEqual(arrived);

    const postponed = await until(
      () => rowOf(bad.id),
      (r) => r?.attempts === 1,
    );
    expect(postponed).toMatchObject({ state: "pending", text: "ok" });
    expect(postponed?.lastError).toContain("check-in refused for the test");
    expect(postponed?.nextAttemptAt).toEqual(new Date(arrived.getTime() + INBOX_RETRY_DELAYS_MS[0]!));
    expect(await failing.lastChecked()).toEqual(before);

    // Fixed before its next try: it is handled then, as of when it reached us.
    await allow();
    const replies = sentTo(failing.number);
    c.t.clock.advance(INBOX_RETRY_DELAYS_MS[0]!);
    b.clock.set(c.t.clock.now());
    expect(await handled(c, bad.id)).toBe("done");
    expect(await failing.lastChecked()).toEqual(arrived);
    expect(await rowOf(bad.id)).toMatchObject({ outcome: "checked_in", attempts: 1, text: null });
    expect((await c.whatsapp.waitForMessage(failing.number, replies + 1)).text).toMatch(/^Checked in\./);

    // A fault that outlasts every retry: given up, its text dropped, and the sender told.
    await refuse();
    const doomed = await c.whatsapp.receive(failing.number, { text: "still here" });
    for (const delay of INBOX_RETRY_DELAYS_MS) {
      const attempts = (await until(
        () => rowOf(doomed.id),
        (r) => r !== undefined && (r.attempts > 0 || r.state !== "pending"),
      ))!.attempts;
      c.t.clock.advance(delay);
      b.clock.set(c.t.clock.now());
      await until(
        () => rowOf(doomed.id),
        (r) => r!.attempts > attempts,
      );
    }
    const given = await rowOf(doomed.id);
    expect(given).toMatchObject({ state: "failed", text: null, attempts: INBOX_RETRY_DELAYS_MS.length + 1 });
    expect(given?.lastError).toContain("check-in refused for the test");
    expect((await c.whatsapp.waitForMessage(failing.number, replies + 2)).text).toMatch(
      /^Something went wrong on our side .* did not check you in/,
    );
    await allow();
  });
});

// Last: it stops this process's inbox processor.
describe("the webhook answers once the message is recorded", () => {
  it("answers 200 before the check-in is handled, and a process started later handles it as of its arrival", async () => {
    const { number, lastChecked } = await ownerWithNumber();
    const before = await lastChecked();
    const replies = sentTo(number);
    // This process stops handling messages, as if it died right after answering.
    await c.t.inbox.stop();
    c.t.clock.advance(60_000);
    const arrived = c.t.clock.now();
    const res = await c.whatsapp.receive(number, { text: "I'm fine" });
    expect(res.status).toBe(200);
    expect(await rowOf(res.id)).toMatchObject({ state: "pending", text: "I'm fine", outcome: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(await lastChecked()).toEqual(before);
    expect(sentTo(number)).toBe(replies);

    // Started again five minutes later: the message counts when it reached us, not when handled.
    c.t.clock.advance(5 * 60_000);
    const restarted = await secondProcess();
    try {
      expect(await handled(c, res.id)).toBe("done");
      expect(await lastChecked()).toEqual(arrived);
      expect(await rowOf(res.id)).toMatchObject({ state: "done", outcome: "checked_in", text: null });
      expect((await c.whatsapp.waitForMessage(number, replies + 1)).text).toMatch(/^Checked in\./);
    } finally {
      await restarted.close();
    }
  });
});
