import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listStuckDeliveries } from "../../src/admin/list-stuck-deliveries.ts";
import { readSendRates } from "../../src/admin/read-send-rates.ts";
import { reminderSchedule } from "../../src/db/schema.ts";
import { armedForSam, newNumber, startChannelsApp, type ChannelsTestApp } from "../support/channels.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";

// Every place that says how a release went names the channel that carried it (this app keeps its
// e-mail in the local mailbox: no SMTP_URL), and the recipient's mail says when its link ends.
let c: ChannelsTestApp;
beforeAll(async () => {
  c = await startChannelsApp();
});
afterAll(async () => {
  await c.close();
});

async function released(recipient: Parameters<typeof armedForSam>[1], window: { expiry_hours?: number } = {}) {
  const { owner, messageId, conditionId } = await armedForSam(
    c,
    recipient,
    window.expiry_hours ? { panic_config: { expiry_hours: window.expiry_hours } } : {},
  );
  await travel(c.t, HOUR + MINUTE);
  await tick(c.t);
  await c.whatsapp.settled();
  await c.twilio.settled();
  const [row] = await c.t.database.db
    .select()
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.reminderType, "final_delivery")));
  return { owner, messageId, row: row! };
}

describe("a release that went by WhatsApp", () => {
  it("is listed with the channel that carried it, and its link's page knows it came by WhatsApp", async () => {
    const phone = newNumber();
    const { owner, messageId } = await released({ phone, channels: ["whatsapp", "sms"] });

    const grants = (await (await owner.api(`/api/messages/${messageId}/releases`)).json()) as Record<string, unknown>[];
    expect(grants).toEqual([
      expect.objectContaining({ delivery_status: "sent", delivery_channel: "whatsapp", kept_locally: false }),
    ]);
    const feed = (await (await owner.api("/api/releases")).json()) as { grants: Record<string, unknown>[] }[];
    expect(feed[0]!.grants[0]).toMatchObject({ delivery_channel: "whatsapp", kept_locally: false });

    const link = c.whatsapp.sent.find((m) => m.to === phone)!.template!.body[1]!;
    const { pathname, searchParams } = new URL(link);
    const id = pathname.split("/").at(-1)!;
    const page = await fetch(`${c.t.url}/api/access/${id}?t=${encodeURIComponent(searchParams.get("t")!)}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ state: "open", delivered_by: "whatsapp" });
  });

  it("counts as sent in the admin's sends per channel once WhatsApp reports it delivered", async () => {
    const phone = newNumber();
    await released({ phone, channels: ["whatsapp"] });
    const rates = await readSendRates({ db: c.t.database.db, now: c.t.clock.now(), minutes: 2 });
    const whatsapp = rates.filter((r) => r.channel === "whatsapp");
    expect(whatsapp.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    expect(whatsapp.reduce((n, r) => n + r.failed, 0)).toBe(0);
  });
});

describe("a release that failed on WhatsApp", () => {
  it("is listed for the admin as WhatsApp to the number it was tried on, not as e-mail", async () => {
    const phone = newNumber();
    c.whatsapp.failNext(400, 131026, "Message undeliverable");
    const { row } = await released({ phone, channels: ["whatsapp"] });
    const stuck = (await listStuckDeliveries({ db: c.t.database.db })).find((s) => s.id === row.id);
    expect(stuck?.deliveries.filter((d) => d.kind === "release")).toEqual([
      expect.objectContaining({ kind: "release", channel: "whatsapp", address: phone, status: "failed" }),
    ]);
  });
});

describe("a release by e-mail on a server without a mail server", () => {
  it("says it was kept in the local mailbox, in the list and in the receipts", async () => {
    const email = `kim-${Date.now()}@example.com`;
    const { owner, messageId } = await released({ email, channels: ["email"] });
    const grants = (await (await owner.api(`/api/messages/${messageId}/releases`)).json()) as Record<string, unknown>[];
    expect(grants).toEqual([expect.objectContaining({ delivery_channel: "email", kept_locally: true })]);
    const receipts = (await (await owner.api(`/api/messages/${messageId}/receipts`)).json()) as Record<
      string,
      unknown
    >[];
    expect(receipts).toEqual([expect.objectContaining({ channel: "email", status: "sent", kept_locally: true })]);
  });
});

describe("the recipient's release e-mail", () => {
  it("says when the link stops working, as the access page does", async () => {
    const email = `lee-${Date.now()}@example.com`;
    await released({ email, channels: ["email"] }, { expiry_hours: 48 });
    const [mail] = await outboxMails(c.t, email);
    expect(mail!.text).toMatch(
      /This link stops working on \w{3} \d{1,2} \w{3}, .+ \(UTC\)\. Save anything you want to keep before then\./,
    );
  });

  it("says nothing of an end when the owner set none", async () => {
    const email = `max-${Date.now()}@example.com`;
    await released({ email, channels: ["email"] });
    const [mail] = await outboxMails(c.t, email);
    expect(mail!.text).toContain("personal to you");
    expect(mail!.text).not.toMatch(/stops working|expire/i);
  });
});
