import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderSchedule } from "../../src/db/schema.ts";
import { startEngine, STOP_WITHIN_MS } from "../../src/engine/start-engine.ts";
import { createSmtpMailer } from "../../src/mail/smtp-transport.ts";
import { engineDepsOf, HOUR, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";
import { silentServer } from "../support/silent-server.ts";

const mail = { to: "someone@example.com", subject: "Hello", text: "Hello" };

describe("a mail server that never greets", () => {
  it("fails a send at the per-send limit and closes its connection", async () => {
    const silent = await silentServer();
    const mailer = createSmtpMailer({
      smtpUrl: silent.url,
      from: "Trigger Switch <no-reply@localhost>",
      limits: { connections: 2, sendTimeoutMs: 700, stepTimeoutMs: 60_000 },
    });
    const started = Date.now();
    const err = (await mailer.send(mail).catch((e: unknown) => e)) as { code?: string };
    const took = Date.now() - started;
    expect(err.code).toBe("ESENDTIMEOUT");
    expect(took).toBeGreaterThanOrEqual(650);
    expect(took).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(silent.held()).toBe(0);
    mailer.close();
    await silent.close();
  });

  it("fails at the step limit (connect, greeting, each reply) when it is shorter than the total", async () => {
    const silent = await silentServer();
    const mailer = createSmtpMailer({
      smtpUrl: silent.url,
      from: "Trigger Switch <no-reply@localhost>",
      limits: { connections: 1, sendTimeoutMs: 30_000, stepTimeoutMs: 400 },
    });
    const started = Date.now();
    // nodemailer's socket (idle) limit or its greeting limit, whichever fires first: both are the step limit.
    const err = (await mailer.send(mail).catch((e: unknown) => e)) as { code?: string; message: string };
    expect(err.code).toBe("ETIMEDOUT");
    expect(err.message).toMatch(/timeout|greeting/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    mailer.close();
    await silent.close();
  });
});

describe("engine.stop() with a send stuck", () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startEngineTestApp(sink);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("resolves within its bound and hands the unsent row back at once", async () => {
    const silent = await silentServer();
    const stuck = createSmtpMailer({
      smtpUrl: silent.url,
      from: "Trigger Switch <no-reply@localhost>",
      limits: { connections: 2, sendTimeoutMs: 60_000, stepTimeoutMs: 60_000 },
    });
    const { conditionId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 1 }, 1);
    await travel(t, HOUR);
    const engine = startEngine({
      ...engineDepsOf(t, { mailer: stuck }),
      intervalMs: 50,
      workerId: "stuck-worker",
    });
    const finalRow = async () =>
      (await t.database.db.select().from(reminderSchedule).where(eq(reminderSchedule.conditionId, conditionId))).find(
        (r) => r.reminderType === "final_delivery",
      )!;
    for (let i = 0; i < 200 && silent.held() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(silent.held()).toBeGreaterThan(0);
    expect(await finalRow()).toMatchObject({ status: "claimed", claimedBy: "stuck-worker" });
    const started = Date.now();
    await engine.stop();
    expect(Date.now() - started).toBeLessThanOrEqual(STOP_WITHIN_MS + 500);
    const row = await finalRow();
    // Released (grants and deliveries committed), not sent, and free for any worker now.
    expect(row).toMatchObject({ status: "pending", claimedBy: null, lockedUntil: null, attempts: 0 });
    expect(row.releasedAt).not.toBeNull();
    stuck.close();
    await silent.close();
  });
});
