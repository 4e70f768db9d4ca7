import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, or } from "drizzle-orm";
import { channelReceipts, inboundMessages, mailOutbox, messagingWindows } from "../../src/db/schema.ts";
import { call, followLink, linkIn, newEmail, waitForMail } from "../auth/auth-test-helpers.ts";
import {
  handled,
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { until } from "../support/until.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// Deleting an account must leave nothing that names the owner: not their numbers in the channel
// tables, not mails about them or to their former address in the local outbox. Every row is made
// through the real flows (a WhatsApp check-in and code through the local Graph API, an SMS code
// for a phone second factor through the local Twilio, a release by the engine), then looked for
// in the tables themselves.
let c: ChannelsTestApp;
beforeAll(async () => {
  c = await startChannelsApp();
});
afterAll(async () => {
  await c?.close();
});

const PASSWORD = "correct horse battery staple";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A message to `email` that the engine releases after an hour's silence. */
async function messageTo(owner: SignedInUser, email: string, title: string) {
  const message = await createMessage(owner, { title, text_content: "The spare key is under the blue pot." });
  const sam = await createRecipient(owner, { name: "Sam Lee", email, channels: ["email"] });
  expect((await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [sam.id] })).status).toBe(200);
  await createCondition(owner, message.id, { condition_type: "no_check_in", hours_threshold: 1 });
  return message.id;
}

/** Moves the account to a new address through the link, as the profile does; returns the new session's token. */
async function changeAddress(owner: SignedInUser): Promise<{ email: string; accessToken: string }> {
  const email = newEmail("moved");
  const asked = await call(c.t, "PUT", "/user", { email }, bearer(owner.accessToken));
  expect(asked.status).toBe(200);
  await waitForMail(c.t, owner.email, "Your Trigger Switch e-mail address is changing");
  const { fragment } = await followLink(
    linkIn((await waitForMail(c.t, email, "Confirm your new e-mail address")).text),
  );
  return { email, accessToken: fragment.get("access_token")! };
}

/** Adds a phone second factor with the SMS code; returns the aal2 session's token. */
async function addPhoneFactor(accessToken: string, phone: string): Promise<string> {
  const enrolled = await call(
    c.t,
    "POST",
    "/factors",
    { factor_type: "phone", friendly_name: "My phone", phone },
    bearer(accessToken),
  );
  expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
  const factorId = enrolled.json!.id as string;
  const challenge = await call(c.t, "POST", `/factors/${factorId}/challenge`, { channel: "sms" }, bearer(accessToken));
  expect(challenge.status, JSON.stringify(challenge.json)).toBe(200);
  const code = /\b(\d{6})\b/.exec((await c.twilio.waitForMessage(phone, 1)).body)![1]!;
  const verified = await call(
    c.t,
    "POST",
    `/factors/${factorId}/verify`,
    { challenge_id: challenge.json!.id, code },
    bearer(accessToken),
  );
  expect(verified.status, JSON.stringify(verified.json)).toBe(200);
  return verified.json!.access_token as string;
}

describe("deleting an account leaves none of the owner's personal data behind", () => {
  it("removes the owner's numbers, check-ins, receipts and every outbox mail to them or about them, and nothing of others", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const formerEmail = owner.email;
    const number = newNumber();
    await verifyNumber(c, owner, number); // the profile names her Ada Lovelace
    const checkedIn = await c.whatsapp.receive(number, { text: "I'm fine" });
    expect(checkedIn.status).toBe(200);
    await handled(c, checkedIn.id);

    const samEmail = newEmail("sam");
    const messageId = await messageTo(owner, samEmail, "For Sam");
    const other = withOwnAddress(await signUpUser(c.t));
    const othersMessageId = await messageTo(other, samEmail, "From someone else");
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);
    const toSam = await outboxMails(c.t, samEmail);
    expect(toSam.some((m) => m.text.includes(messageId) && m.subject === "A message from Ada Lovelace")).toBe(true);
    expect(toSam.some((m) => m.text.includes(othersMessageId))).toBe(true);

    const moved = await changeAddress(owner);
    const factorPhone = newNumber();
    const aal2Token = await addPhoneFactor(moved.accessToken, factorPhone);
    const db = c.t.database.db;
    const numbers = [number, factorPhone];
    // The providers' status webhooks have come back for both numbers before the account goes.
    const receipts = await until(
      () => db.select().from(channelReceipts).where(inArray(channelReceipts.recipient, numbers)),
      (rows) => new Set(rows.map((r) => r.recipient)).size === 2,
    );
    expect(new Set(receipts.map((r) => r.recipient))).toEqual(new Set(numbers));
    expect(await db.select().from(inboundMessages).where(eq(inboundMessages.fromNumber, number))).not.toEqual([]);
    expect(await db.select().from(messagingWindows).where(eq(messagingWindows.number, number))).not.toEqual([]);
    expect(await outboxMails(c.t, formerEmail)).not.toEqual([]);

    const res = await fetch(`${c.t.url}/api/account`, {
      method: "DELETE",
      headers: { ...bearer(aal2Token), "content-type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status, await res.text()).toBe(204);
    await waitForMail(c.t, moved.email, "Your Trigger Switch account was deleted");

    expect(
      await db
        .select()
        .from(inboundMessages)
        .where(or(inArray(inboundMessages.fromNumber, numbers), eq(inboundMessages.userId, owner.id))),
    ).toEqual([]);
    expect(await db.select().from(messagingWindows).where(inArray(messagingWindows.number, numbers))).toEqual([]);
    expect(await db.select().from(channelReceipts).where(inArray(channelReceipts.recipient, numbers))).toEqual([]);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, [formerEmail, ...numbers])),
    ).toEqual([]);
    const left = await outboxMails(c.t);
    const naming = left.filter((m) =>
      [formerEmail, "Ada Lovelace", "Lovelace", messageId, number, factorPhone].some(
        (word) => m.subject.includes(word) || m.text.includes(word) || (m.html ?? "").includes(word),
      ),
    );
    expect(naming).toEqual([]);
    // Only the confirmation of the deletion is left at the account's own address.
    expect((await outboxMails(c.t, moved.email)).map((m) => m.subject)).toEqual([
      "Your Trigger Switch account was deleted",
    ]);
    // Another owner's release to the same recipient is untouched.
    expect((await outboxMails(c.t, samEmail)).filter((m) => m.text.includes(othersMessageId))).toHaveLength(1);
  });
});
