import { Writable } from "node:stream";
import type { ContactInvitation, OwnerAccessRequest, TrustedContact } from "@trigger-switch/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRequests } from "../../src/db/schema.ts";
import { createMessage, post, publicPost, put } from "../support/content.ts";
import { mailsTo, mailText, tick } from "../support/engine.ts";
import { ownerWithMessage, startAutoconfirmApp, type OwnerWithMessage } from "../support/fixtures.ts";
import { subscribe, type TestSocket } from "../support/realtime-client.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// The owner's open dashboard hears of their requests for access at once (docs/decisions/041, 042):
// migration 0030's triggers announce each change, and the owner's sockets alone get a CHANGED frame
// that carries nothing of the request (the client refetches through the API).
let t: TestApp;
let sink: SmtpSink;
let s: OwnerWithMessage;
let other: SignedInUser;
let page: string;
let contactAddress: string;
/** The message the contact may have at once (no waiting period); `s.messageId` waits 72 hours. */
let quickMessageId: string;
const logLines: string[] = [];

const CHANGED = JSON.stringify({ type: "CHANGED", table: "access_requests" });

const tokenIn = (mail: ReceivedMail, path: string) => {
  const match = mailText(mail).match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in ${mailText(mail)}`);
  return match[1]!;
};

beforeAll(async () => {
  sink = await startSmtpSink();
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await startAutoconfirmApp({ JWT_EXPIRY: "86400", SMTP_URL: sink.url, LOG_LEVEL: "error" }, { logStream });
  s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 24 * 30 }, 1);
  quickMessageId = (await createMessage(s.owner, { title: "The other key" })).id;
  contactAddress = `asker-${Date.now()}@example.com`;
  const contact = (await (
    await post(s.owner, "/api/trusted-contacts", { name: "Sam next door", channel: "email", address: contactAddress })
  ).json()) as TrustedContact;
  await tick(t);
  const accepted = (await publicPost(t.url, "/contact/invitation", {
    token: tokenIn(mailsTo(sink, contactAddress)[0]!, "/contact/invitation"),
    answer: "accept",
  })) as ContactInvitation;
  expect(accepted.status).toBe("accepted");
  await tick(t);
  page = tokenIn(mailsTo(sink, contactAddress).at(-1)!, "/contact");
  for (const [messageId, waitingHours] of [
    [s.messageId, 72],
    [quickMessageId, 0],
  ] as const) {
    const set = await put(s.owner, `/api/messages/${messageId}/access-permissions`, {
      permissions: [{ contact_id: contact.id, waiting_hours: waitingHours }],
    });
    expect(set.status).toBe(200);
  }
  other = await signUpUser(t);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** A subscribed socket of `user` that also keeps each frame exactly as it was sent. */
async function listen(user: SignedInUser): Promise<TestSocket & { raw: string[] }> {
  const socket = await subscribe(t, user.accessToken);
  const raw: string[] = [];
  socket.socket.on("message", (data: Buffer) => raw.push(data.toString()));
  return Object.assign(socket, { raw });
}

/**
 * The CHANGED frame a change sends, and any more it sent: one per batch of announcements, so one
 * change of two requests may come as one frame or two. Every frame is CHANGED and nothing else.
 */
async function changed(socket: TestSocket & { raw: string[] }): Promise<void> {
  await socket.next();
  while (await socket.next(300).catch(() => null));
  expect(socket.raw.length).toBeGreaterThan(0);
  expect(new Set(socket.raw)).toEqual(new Set([CHANGED]));
  socket.raw.length = 0;
}

const ownerRequests = async () => (await (await s.owner.api("/api/access-requests")).json()) as OwnerAccessRequest[];

describe("live updates of requests for access", () => {
  it("tells the owner's socket, with nothing of the request, that a contact asked; another user's hears nothing", async () => {
    const mine = await listen(s.owner);
    const theirs = await listen(other);
    const asked = await fetch(`${t.url}/api/contact/access/request`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: page, reason: "She missed our Sunday call" }),
    });
    expect(asked.status).toBe(200);
    await changed(mine);
    expect(await theirs.silentFor(500)).toBe(true);
    expect((await ownerRequests()).map((r) => r.state)).toEqual(["waiting", "waiting"]);
    mine.close();
    theirs.close();
  });

  it("tells the owner when the engine grants one, the contact opens it, and the owner denies and revokes", async () => {
    const mine = await listen(s.owner);
    const theirs = await listen(other);
    // The message with no waiting period is granted by the next engine pass.
    await tick(t);
    await changed(mine);
    const requests = await ownerRequests();
    const granted = requests.find((r) => r.message_id === quickMessageId)!;
    const waiting = requests.find((r) => r.message_id === s.messageId)!;
    expect([granted.state, waiting.state]).toEqual(["granted", "waiting"]);

    // The contact opens it (their mail goes out on the next pass): the owner's list says so.
    await tick(t);
    const link = mailText(mailsTo(sink, contactAddress).at(-1)!).match(
      /\/access\/message\/[0-9a-f-]+\?t=([A-Za-z0-9_-]+)/,
    )!;
    expect((await fetch(`${t.url}/api/access/${quickMessageId}?t=${link[1]}`)).status).toBe(200);
    await changed(mine);

    expect((await post(s.owner, `/api/access-requests/${waiting.id}/deny`, {})).status).toBe(200);
    await changed(mine);
    // A revocation changes the grant, not the request row; it is announced all the same.
    expect((await post(s.owner, `/api/access-requests/${granted.id}/revoke`, {})).status).toBe(200);
    await changed(mine);
    expect(await theirs.silentFor(300)).toBe(true);
    mine.close();
    theirs.close();
  });

  it("never announces a change that was rolled back, and announces the next committed one, whoever wrote it", async () => {
    const mine = await listen(s.owner);
    const [latest] = await ownerRequests();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into access_requests (id, user_id, message_id, contact_id, key_id, wrapped_key, reason, deny_hash,
            state, requested_at, grants_at)
          select gen_random_uuid(), user_id, message_id, contact_id, key_id, wrapped_key, reason, deny_hash,
            'denied', requested_at, grants_at
          from access_requests where id = ${latest!.id}`);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await mine.silentFor(500)).toBe(true);
    expect(mine.raw).toEqual([]);
    // A write from no route at all (as the downtime guard's shift of grants_at) is announced too.
    await t.database.db
      .update(accessRequests)
      .set({ updatedAt: t.clock.now() })
      .where(eq(accessRequests.id, latest!.id));
    await changed(mine);
    mine.close();
  });

  it("drops and logs an unreadable announcement, even one naming the owner, and relays the next", async () => {
    const mine = await listen(s.owner);
    const [latest] = await ownerRequests();
    // Written as migration 0030's function writes, on whichever path this server takes.
    const bad = JSON.stringify({ user_id: s.owner.id });
    await t.database.db.execute(
      sql.raw(`DO $$ BEGIN
        IF current_setting('wal_level') = 'logical' THEN
          PERFORM pg_logical_emit_message(true, 'access_requests', '${bad}');
        ELSE
          PERFORM pg_notify('access_requests', '${bad}');
        END IF;
      END $$`),
    );
    await t.database.db
      .update(accessRequests)
      .set({ updatedAt: t.clock.now() })
      .where(eq(accessRequests.id, latest!.id));
    await changed(mine);
    expect(
      logLines.some((line) => line.includes("realtime: unreadable notification") && line.includes(bad.slice(2, 9))),
    ).toBe(true);
    mine.close();
  });
});
