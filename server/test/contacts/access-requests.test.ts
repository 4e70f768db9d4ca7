import type {
  AccessDenyView,
  ContactInvitation,
  ContactPage,
  OwnerAccessRequest,
  OwnerRelease,
  TrustedContact,
} from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRequests, trustedContacts } from "../../src/db/schema.ts";
import { del, post, put } from "../support/content.ts";
import { DAY, HOUR, mailsTo, mailText, MINUTE, setHeartbeat, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage, type OwnerWithMessage } from "../support/fixtures.ts";
import type { ReceivedMail, SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signIn, signUpUser, type SignedInUser } from "../support/users.ts";

// Emergency access on request, end to end over HTTP (docs/decisions/041): the owner allows a
// contact to ask for a message; the contact asks; the owner denies from the mailed link, or does not
// and the message is released to the contact alone after the waiting period; the owner revokes it.
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t?.close());

const publicPost = async (path: string, body: unknown) => {
  const res = await fetch(`${t.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};
/** The token of the last link to `path` (e.g. "/contact/invitation") in a mail. */
const tokenIn = (mail: ReceivedMail, path: string) => {
  const match = mailText(mail).match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in ${mailText(mail)}`);
  return match[1]!;
};
let n = 0;

/** An owner with a message and an active contact allowed to ask for it after `waitingHours`. */
async function allowed(waitingHours: number) {
  const s = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 24 * 30 }, 1);
  const address = `asker${++n}-${Date.now()}@example.com`;
  const contact = (await (
    await post(s.owner, "/api/trusted-contacts", { name: "Sam next door", channel: "email", address })
  ).json()) as TrustedContact;
  await tick(t);
  const invitation = tokenIn(mailsTo(sink, address)[0]!, "/contact/invitation");
  const accepted = await publicPost("/contact/invitation", { token: invitation, answer: "accept" });
  expect((accepted.json as ContactInvitation).status).toBe("accepted");
  // The page's link, shown once on accepting, is also mailed to them to keep.
  await tick(t);
  const kept = mailsTo(sink, address).at(-1)!;
  expect(mailText(kept)).toContain("You are Alex's trusted contact: the link to your page");
  const page = tokenIn(kept, "/contact");
  const set = await put(s.owner, `/api/messages/${s.messageId}/access-permissions`, {
    permissions: [{ contact_id: contact.id, waiting_hours: waitingHours }],
  });
  expect(set.status).toBe(200);
  return { s, contact, address, page };
}

const contactPage = async (page: string) =>
  (await publicPost("/contact/page/lookup", { token: page })).json as ContactPage;
// The tests travel days, past a session's lifetime: an owner signs in again once the clock moved on a
// day since (not each time: sign-ins are rate-limited).
const sessions = new Map<string, { user: SignedInUser; at: number }>();
async function fresh(owner: SignedInUser): Promise<SignedInUser> {
  const now = t.clock.now().getTime();
  const seen = sessions.get(owner.email);
  if (seen && now - seen.at < 20 * HOUR) return seen.user;
  const user = await signIn(t, owner.email);
  sessions.set(owner.email, { user, at: now });
  return user;
}
const ownerRequests = async (owner: SignedInUser) =>
  (await (await (await fresh(owner)).api("/api/access-requests")).json()) as OwnerAccessRequest[];
const accessLinkTo = (address: string) => {
  const match = mailText(mailsTo(sink, address).at(-1)!).match(/\/access\/message\/[0-9a-f-]+\?t=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no access link mailed to ${address}`);
  return match[1]!;
};
const openAccess = (s: OwnerWithMessage, token: string) => fetch(`${t.url}/api/access/${s.messageId}?t=${token}`);

describe("emergency access on request", () => {
  it("is denied from the owner's one-tap link, and granted to the contact alone when nobody denies", async () => {
    const { s, contact, address, page } = await allowed(72);
    expect((await contactPage(page)).access).toEqual([
      { number: 1, waiting_hours: 72, request: null, can_request: true, can_request_from: null },
    ]);

    const asked = await publicPost("/contact/access/request", { token: page, reason: "She missed our Sunday call" });
    expect(asked.status).toBe(200);
    expect((asked.json as ContactPage).access[0]).toMatchObject({
      request: { state: "waiting", grants_at: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString() },
      can_request: false,
    });
    // A double tap asks once.
    expect((await publicPost("/contact/access/request", { token: page, reason: "again" })).status).toBe(409);

    await tick(t);
    const alert = mailsTo(sink, s.owner.email).find((m) => mailText(m).includes("asked for access"))!;
    expect(mailText(alert)).toContain("Sam next door");
    expect(mailText(alert)).toContain("She missed our Sunday call");
    expect(mailText(alert)).toContain('"The spare key"');
    const deny = tokenIn(alert, "/access-request/deny");
    expect((await ownerRequests(s.owner))[0]).toMatchObject({
      contact_name: "Sam next door",
      message_title: "The spare key",
      reason: "She missed our Sunday call",
      state: "waiting",
    });

    // Opening the link changes nothing; the tap denies, and a second tap says so.
    expect((await publicPost("/access-requests/deny/lookup", { token: deny })).json).toMatchObject({
      contact_name: "Sam next door",
      message_titles: ["The spare key"],
      state: "waiting",
    } satisfies Partial<AccessDenyView>);
    expect((await publicPost("/access-requests/deny", { token: deny })).json).toMatchObject({ state: "denied" });
    expect((await publicPost("/access-requests/deny", { token: deny })).json).toMatchObject({ state: "denied" });
    await tick(t);
    const declined = mailsTo(sink, address).at(-1)!;
    expect(mailText(declined)).toContain("Alex declined your request for access");
    expect(mailText(declined)).not.toContain("spare key");

    // Nothing goes out when the waiting period would have ended.
    await travel(t, 73 * HOUR);
    await tick(t);
    expect(mailsTo(sink, address).at(-1)).toBe(declined);

    // After a day the contact may ask again; this time nobody denies.
    const again = (await contactPage(page)).access[0]!;
    expect(again).toMatchObject({ request: { state: "denied" }, can_request: true });
    await publicPost("/contact/access/request", { token: page, reason: "Still no answer" });
    await travel(t, 72 * HOUR - MINUTE);
    await tick(t);
    expect((await ownerRequests(s.owner))[0]!.state).toBe("waiting");
    await travel(t, 2 * MINUTE);
    await tick(t);
    const [granted] = await ownerRequests(s.owner);
    expect(granted).toMatchObject({ state: "granted", grant_id: expect.any(String), revoked_at: null });
    const link = accessLinkTo(address);
    expect(mailText(mailsTo(sink, address).at(-1)!)).toContain("Alex's message 1 is now open to you");
    const opened = (await (await openAccess(s, link)).json()) as { text_content?: string };
    expect(JSON.stringify(opened)).toContain("It is under the blue pot.");
    // The recipients got nothing, and the owner was told.
    expect(mailsTo(sink, s.recipientEmails[0]!)).toEqual([]);
    expect(mailsTo(sink, s.owner.email).some((m) => mailText(m).includes("was released to Sam next door"))).toBe(true);
    const owner = await fresh(s.owner);
    const releases = (await (await owner.api("/api/releases")).json()) as OwnerRelease[];
    expect(releases[0]!.grants[0]).toMatchObject({
      recipient: null,
      contact: { id: contact.id, name: "Sam next door" },
      delivery_status: "sent",
    });

    // The owner revokes it: the link stops working.
    const revoked = await post(owner, `/api/access-requests/${granted!.id}/revoke`, {});
    expect(((await revoked.json()) as OwnerAccessRequest).revoked_at).not.toBeNull();
    expect((await openAccess(s, link)).status).toBe(404);
    expect((await post(owner, `/api/access-requests/${granted!.id}/revoke`, {})).status).toBe(409);
    expect((await post(owner, `/api/access-requests/${granted!.id}/deny`, {})).status).toBe(409);

    // The owner's export keeps who may ask for what, and every request with its reason.
    const exported = JSON.parse(await (await owner.api("/api/account/export")).text()) as Record<string, unknown>;
    expect(exported.access_permissions).toEqual([
      { message_id: s.messageId, contact_id: contact.id, waiting_hours: 72 },
    ]);
    expect(exported.access_requests).toMatchObject([
      { state: "granted", reason: "Still no answer" },
      { state: "denied", reason: "She missed our Sunday call" },
    ]);
  });

  it("grants at once with no waiting period, lets the contact withdraw, and lengthens the wait by our outage", async () => {
    const quick = await allowed(0);
    await publicPost("/contact/access/request", { token: quick.page, reason: "Accident" });
    await tick(t);
    expect((await ownerRequests(quick.s.owner))[0]!.state).toBe("granted");

    const { s, page } = await allowed(24);
    await publicPost("/contact/access/request", { token: page, reason: "Worried" });
    const withdrawn = await publicPost("/contact/access/withdraw", { token: page });
    expect((withdrawn.json as ContactPage).access[0]!.request).toMatchObject({ state: "withdrawn" });
    expect((await publicPost("/contact/access/withdraw", { token: page })).status).toBe(409);

    // Our outage of 10 hours inside the waiting period moves it by 10 hours.
    await travel(t, DAY + MINUTE);
    await publicPost("/contact/access/request", { token: page, reason: "Worried again" });
    const promised = (await ownerRequests(s.owner))[0]!.grants_at;
    await setHeartbeat(t, t.clock.now());
    t.clock.advance(10 * HOUR);
    await tick(t);
    const moved = (await ownerRequests(s.owner))[0]!;
    expect(moved).toMatchObject({
      state: "waiting",
      grants_at: new Date(Date.parse(promised) + 10 * HOUR).toISOString(),
    });
  });

  it("ends a waiting request when the owner takes the permission back or removes the contact", async () => {
    const a = await allowed(72);
    await publicPost("/contact/access/request", { token: a.page, reason: "?" });
    await put(await fresh(a.s.owner), `/api/messages/${a.s.messageId}/access-permissions`, {
      permissions: [],
    });
    expect((await ownerRequests(a.s.owner))[0]!.state).toBe("denied");
    expect((await contactPage(a.page)).access).toEqual([]);

    const b = await allowed(72);
    await publicPost("/contact/access/request", { token: b.page, reason: "?" });
    await del(await fresh(b.s.owner), `/api/trusted-contacts/${b.contact.id}`);
    expect((await ownerRequests(b.s.owner))[0]!.state).toBe("denied");
    const refused = await publicPost("/contact/access/request", { token: b.page, reason: "?" });
    expect(refused.status).toBe(409);
    await travel(t, 73 * HOUR);
    await tick(t);
    expect(mailsTo(sink, b.address).some((m) => mailText(m).includes("is now open to you"))).toBe(false);
  });

  it("refuses bad input, forged links and another owner's requests with sentences", async () => {
    const { s, contact, page } = await allowed(72);
    for (const path of ["/access-requests/deny/lookup", "/access-requests/deny", "/contact/access/withdraw"]) {
      expect((await publicPost(path, { token: "forged" })).status).toBe(404);
    }
    expect((await publicPost("/contact/access/request", { token: page, reason: "  " })).status).toBe(400);
    const tooLong = await put(s.owner, `/api/messages/${s.messageId}/access-permissions`, {
      permissions: [{ contact_id: contact.id, waiting_hours: 24 * 31 }],
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { message: "Choose a waiting period of at most 30 days." } });

    const invitedOnly = (await (
      await post(s.owner, "/api/trusted-contacts", {
        name: "Kim",
        channel: "email",
        address: `kim${Date.now()}@example.com`,
      })
    ).json()) as TrustedContact;
    const notActive = await put(s.owner, `/api/messages/${s.messageId}/access-permissions`, {
      permissions: [{ contact_id: invitedOnly.id, waiting_hours: 1 }],
    });
    expect(notActive.status).toBe(400);

    await publicPost("/contact/access/request", { token: page, reason: "Worried" });
    const [request] = await ownerRequests(s.owner);
    const stranger = await signUpUser(t);
    expect((await post(stranger, `/api/access-requests/${request!.id}/deny`, {})).status).toBe(404);
    expect((await stranger.api(`/api/messages/${s.messageId}/access-permissions`)).status).toBe(404);
    expect(await ownerRequests(stranger)).toEqual([]);
    expect((await post(s.owner, `/api/access-requests/${request!.id}/deny`, {})).status).toBe(200);
  });

  it("has one winner when the owner's Deny races the grant", async () => {
    for (let round = 0; round < 4; round++) {
      const { s, address, page } = await allowed(1);
      await publicPost("/contact/access/request", { token: page, reason: "Race" });
      await tick(t);
      const alert = mailsTo(sink, s.owner.email).find((m) => mailText(m).includes("asked for access"))!;
      const deny = tokenIn(alert, "/access-request/deny");
      await travel(t, HOUR + MINUTE);
      const [denied] = await Promise.all([publicPost("/access-requests/deny", { token: deny }), tick(t)]);
      await tick(t);
      const [request] = await ownerRequests(s.owner);
      const opened = mailsTo(sink, address).filter((m) => mailText(m).includes("is now open to you"));
      // Whichever came first, the Deny page, the owner's list and the contact's mail agree.
      expect((denied.json as AccessDenyView).state).toBe(request!.state);
      if (request!.state === "granted") expect(opened).toHaveLength(1);
      else expect([request!.state, opened.length, request!.grant_id]).toEqual(["denied", 0, null]);
    }
  });

  it("grants each request on its own: one that cannot be granted holds back no other, and is tried again", async () => {
    const broken = await allowed(1);
    const fine = await allowed(1);
    await publicPost("/contact/access/request", { token: broken.page, reason: "A" });
    await publicPost("/contact/access/request", { token: fine.page, reason: "B" });
    // The first contact's sealed name no longer opens: granting theirs throws.
    const [kept] = await t.database.db
      .select({ name: trustedContacts.name })
      .from(trustedContacts)
      .where(eq(trustedContacts.id, broken.contact.id));
    await t.database.db
      .update(trustedContacts)
      .set({ name: "not a sealed value" })
      .where(eq(trustedContacts.id, broken.contact.id));
    await travel(t, HOUR + MINUTE);
    const errors: object[] = [];
    await tick(t, { log: { info() {}, error: (obj) => errors.push(obj) } });
    expect((await ownerRequests(fine.s.owner))[0]!.state).toBe("granted");
    // (Read from the table: the owner's list cannot open that name either.)
    const stateOf = async () =>
      (
        await t.database.db
          .select({ state: accessRequests.state })
          .from(accessRequests)
          .where(eq(accessRequests.contactId, broken.contact.id))
      )[0]!.state;
    expect(await stateOf()).toBe("waiting");
    expect(errors).toContainEqual(expect.objectContaining({ accessRequestId: expect.any(String) }));

    await t.database.db
      .update(trustedContacts)
      .set({ name: kept!.name })
      .where(eq(trustedContacts.id, broken.contact.id));
    await tick(t);
    expect(await stateOf()).toBe("granted");
  });
});
