import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelId } from "../../src/channels/channel.ts";
import { reminderSchedule } from "../../src/db/schema.ts";
import { newNumber, startChannelsApp, withOwnAddress, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { until } from "../support/until.ts";
import { signUpUser } from "../support/users.ts";

// A provider that hangs or asks us to slow down must not slow anyone else, nor be hammered.
let c: ChannelsTestApp;

beforeAll(async () => {
  // Two lanes per channel, so two hung WhatsApp sends are enough to fill a shared pool.
  c = await startChannelsApp({ ENGINE_CONCURRENCY: "2" });
});
afterAll(async () => {
  await c.close();
});

/** An owner's message to these recipients after a 1-hour silence; returns its condition. */
async function armed(recipients: { email?: string; phone?: string; channels: ChannelId[] }[]) {
  const owner = withOwnAddress(await signUpUser(c.t));
  await put(owner, "/api/profile", { first_name: "Ada", last_name: "Lovelace", time_zone: "Europe/London" });
  const message = await createMessage(owner, { title: "Letters", text_content: "Read them in order." });
  const ids: string[] = [];
  for (const [i, r] of recipients.entries())
    ids.push(
      (
        await createRecipient(owner, {
          name: `R${i}`,
          email: r.email ?? null,
          phone: r.phone ?? null,
          channels: r.channels,
        })
      ).id,
    );
  expect((await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: ids })).status).toBe(200);
  return createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 1 });
}

const releaseRow = async (conditionId: string) =>
  (
    await c.t.database.db
      .select()
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.reminderType, "final_delivery")))
  )[0]!;

describe("a provider in trouble", () => {
  it("holds only its own sends: another owner's e-mail goes out while the WhatsApp API hangs", async () => {
    await armed([0, 1, 2, 3].map(() => ({ phone: newNumber(), channels: ["whatsapp"] as ChannelId[] })));
    await travel(c.t, MINUTE); // the e-mail's deadline comes after the WhatsApp ones, so its row is queued behind them
    const email = `later-${Date.now()}@example.com`;
    await armed([{ email, channels: ["email"] }]);
    await travel(c.t, HOUR + MINUTE);

    const release = c.whatsapp.holdSends();
    const ticking = tick(c.t);
    try {
      // Both WhatsApp lanes' worth of sends are stuck at the provider…
      await until(
        async () => c.whatsapp.held(),
        (n) => n >= 2,
        8_000,
      );
      // …and the other owner's e-mail still goes out.
      const mails = await until(
        () => outboxMails(c.t, email),
        (m) => m.length > 0,
        8_000,
      );
      expect(mails).toHaveLength(1);
      expect(c.whatsapp.held()).toBeGreaterThanOrEqual(2);
    } finally {
      release();
      await ticking;
    }
  });

  it("waits as long as WhatsApp's Retry-After asks (seconds), not the shorter retry policy", async () => {
    const condition = await armed([{ phone: newNumber(), channels: ["whatsapp"] }]);
    await travel(c.t, HOUR + MINUTE);
    c.whatsapp.failNext(429, 130429, "Rate limit hit", { "retry-after": "30" });
    await tick(c.t);
    const row = await releaseRow(condition.id);
    expect(row.status).toBe("pending");
    expect(row.nextAttemptAt!.getTime() - c.t.clock.now().getTime()).toBe(30_000);
  });

  it("waits as long as Twilio's Retry-After asks (an HTTP-date, read against the answer's Date)", async () => {
    const condition = await armed([{ phone: newNumber(), channels: ["sms"] }]);
    await travel(c.t, HOUR + MINUTE);
    const date = new Date("2030-01-01T00:00:00Z");
    c.twilio.failNext(429, 20429, "Too Many Requests", {
      date: date.toUTCString(),
      "retry-after": new Date(date.getTime() + 45_000).toUTCString(),
    });
    await tick(c.t);
    const row = await releaseRow(condition.id);
    expect(row.status).toBe("pending");
    expect(row.nextAttemptAt!.getTime() - c.t.clock.now().getTime()).toBe(45_000);
  });
});
