import {
  TRUSTED_CONTACT_INVITATION_TTL_MS,
  TRUSTED_CONTACTS_MAX,
  trustedContactInviteSchema,
  type TrustedContactInvite,
} from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerInvitation, leaveAsContact, UNNAMED_OWNER } from "../../src/contacts/answer-invitation.ts";
import { inviteTrustedContact } from "../../src/contacts/invite-contact.ts";
import { listTrustedContacts, removeTrustedContact } from "../../src/contacts/owner-contacts.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries, profiles, trustedContacts } from "../../src/db/schema.ts";
import { openNotice } from "../../src/engine/owner-notices.ts";
import { AppError } from "../../src/errors.ts";
import { appWithOwnerAndOther } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import type { SignedInUser } from "../support/users.ts";

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let n = 0;

beforeAll(async () => {
  ({ t, owner, other } = await appWithOwnerAndOther());
  await t.database.db.update(profiles).set({ firstName: "Ada" }).where(eq(profiles.id, owner.id));
  await t.database.db.update(profiles).set({ firstName: "Kim" }).where(eq(profiles.id, other.id));
});
afterAll(() => t?.close());

const deps = () => ({
  db: t.database.db,
  clock: t.clock,
  masterKeys: createMasterKeys({ config: t.config }),
  siteUrl: t.config.SITE_URL,
});
const input = (changes: Partial<TrustedContactInvite> = {}): TrustedContactInvite =>
  trustedContactInviteSchema.parse({
    name: "My brother",
    channel: "email",
    address: `c${++n}@example.com`,
    ...changes,
  });
const invite = (userId: string, changes: Partial<TrustedContactInvite> = {}) =>
  inviteTrustedContact({ ...deps(), userId, input: input(changes) });
const answer = (token: string, a: "accept" | "decline") => answerInvitation({ ...deps(), token, answer: a });
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, message: (err as AppError).message };
};

describe("the invitation", () => {
  it("reads an e-mail address lower-cased and a number in E.164, and names a bad address's field", () => {
    expect(trustedContactInviteSchema.parse({ name: " Sam ", channel: "email", address: "Sam@Example.COM" })).toEqual({
      name: "Sam",
      channel: "email",
      address: "sam@example.com",
    });
    expect(trustedContactInviteSchema.parse({ name: "Sam", channel: "sms", address: "+44 7700 900123" }).address).toBe(
      "+447700900123",
    );
    const bad = trustedContactInviteSchema.safeParse({ name: "Sam", channel: "whatsapp", address: "sam@example.com" });
    expect(bad.success || bad.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["address", "Enter the number in international format with the country code, e.g. +44 7700 900123"],
    ]);
  });

  it("is listed as invited until it lapses, keeps only the link's hash and seals the name", async () => {
    const { contact, invitationToken } = await invite(owner.id, { name: "Sam, who has the spare key" });
    expect(contact).toMatchObject({
      name: "Sam, who has the spare key",
      state: "invited",
      invitation_expires_at: new Date(t.clock.now().getTime() + TRUSTED_CONTACT_INVITATION_TTL_MS).toISOString(),
      responded_at: null,
    });
    expect((await listTrustedContacts({ ...deps(), userId: owner.id })).map((c) => c.id)).toContain(contact.id);
    expect(await listTrustedContacts({ ...deps(), userId: other.id })).toEqual([]);
    const [row] = await t.database.db.select().from(trustedContacts).where(eq(trustedContacts.id, contact.id));
    expect(JSON.stringify(row)).not.toContain(invitationToken);
    expect(row!.name).not.toContain("spare key");
  });

  it("is accepted once: the page link comes with it, and the link then changes nothing", async () => {
    const { contact, invitationToken } = await invite(owner.id);
    const accepted = await answer(invitationToken, "accept");
    expect(accepted).toMatchObject({ kind: "accepted", ownerFirstName: "Ada", channel: "email" });
    expect(accepted.kind === "accepted" && accepted.pageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await answer(invitationToken, "accept")).toEqual({
      kind: "already",
      state: "active",
      ownerFirstName: "Ada",
      channel: "email",
    });
    expect(await answer(invitationToken, "decline")).toEqual({
      kind: "already",
      state: "active",
      ownerFirstName: "Ada",
      channel: "email",
    });
    const listed = (await listTrustedContacts({ ...deps(), userId: owner.id })).find((c) => c.id === contact.id);
    expect(listed).toMatchObject({
      state: "active",
      invitation_expires_at: null,
      responded_at: t.clock.now().toISOString(),
    });
  });

  it("can be declined, and is then spent", async () => {
    const { invitationToken } = await invite(owner.id);
    expect(await answer(invitationToken, "decline")).toEqual({
      kind: "declined",
      ownerFirstName: "Ada",
      channel: "email",
    });
    expect(await answer(invitationToken, "accept")).toEqual({
      kind: "already",
      state: "declined",
      ownerFirstName: "Ada",
      channel: "email",
    });
  });

  it("lapses; inviting the address again renews it, and only the new link works", async () => {
    const address = "lapsing@example.com";
    const first = await invite(owner.id, { address });
    t.clock.advance(TRUSTED_CONTACT_INVITATION_TTL_MS);
    expect(await answer(first.invitationToken, "accept")).toEqual({
      kind: "expired",
      ownerFirstName: "Ada",
      channel: "email",
    });
    const again = await invite(owner.id, { address, name: "Renamed" });
    expect(again.contact).toMatchObject({ id: first.contact.id, name: "Renamed", state: "invited" });
    expect(await answer(first.invitationToken, "accept")).toEqual({ kind: "unknown" });
    expect(await answer(again.invitationToken, "accept")).toMatchObject({ kind: "accepted" });
  });

  it("answers a forged or mistyped link as unknown", async () => {
    expect(await answer("not-a-real-link", "accept")).toEqual({ kind: "unknown" });
    expect(await leaveAsContact({ ...deps(), pageToken: "x".repeat(43) })).toEqual({ kind: "unknown" });
  });

  it("needs the owner's first name to invite, and says who invited without it once they removed it", async () => {
    const { invitationToken } = await invite(other.id);
    const setFirstName = (firstName: string | null) =>
      t.database.db.update(profiles).set({ firstName }).where(eq(profiles.id, other.id));
    await setFirstName(null);
    try {
      const noName = await invite(other.id).catch((e: unknown) => e as AppError);
      expect(noName).toMatchObject({
        status: 400,
        message: "Add your first name to your profile first: your trusted contacts are told who asked them.",
        // The field the web links to the profile by, not the sentence.
        fields: { first_name: "Add your first name to your profile" },
      });
      expect(await answer(invitationToken, "decline")).toEqual({
        kind: "declined",
        ownerFirstName: UNNAMED_OWNER,
        channel: "email",
      });
    } finally {
      await setFirstName("Kim");
    }
  });

  it("queues the invitation mail, naming the owner by first name and linking to the invitation page", async () => {
    const { contact, invitationToken } = await invite(owner.id);
    const [queued] = await t.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.idempotencyKey, `notice:contact-invitation:${contact.id}:${t.clock.now().toISOString()}`));
    const mail = openNotice(createMasterKeys({ config: t.config }), queued!);
    expect(mail).toMatchObject({ to: contact.address, subject: "Ada asked you to be their trusted contact" });
    expect(mail.text).toContain(`/contact/invitation?token=${invitationToken}`);
    expect(mail.text).not.toContain("My brother");
  });

  it("is refused by WhatsApp or SMS where this server does not reach contacts by them, with a sentence", async () => {
    expect(await refusal(invite(owner.id, { channel: "sms", address: "+447700900456" }))).toEqual({
      status: 400,
      message: "This server does not send to trusted contacts by SMS: invite them by e-mail.",
    });
  });
});

describe("leaving and removal", () => {
  it("lets a contact leave through their page, once", async () => {
    const { contact, invitationToken } = await invite(owner.id);
    const accepted = await answer(invitationToken, "accept");
    const pageToken = accepted.kind === "accepted" ? accepted.pageToken : "";
    expect(await leaveAsContact({ ...deps(), pageToken })).toEqual({
      kind: "left",
      ownerFirstName: "Ada",
      channel: "email",
    });
    expect(await leaveAsContact({ ...deps(), pageToken })).toEqual({
      kind: "already",
      state: "left",
      ownerFirstName: "Ada",
      channel: "email",
    });
    const listed = (await listTrustedContacts({ ...deps(), userId: owner.id })).find((c) => c.id === contact.id);
    expect(listed).toMatchObject({ state: "left", ended_at: t.clock.now().toISOString() });
  });

  it("takes a removed contact off the list, and their links then change nothing", async () => {
    const { contact, invitationToken } = await invite(owner.id);
    const accepted = await answer(invitationToken, "accept");
    await removeTrustedContact({ ...deps(), userId: owner.id, contactId: contact.id });
    expect((await listTrustedContacts({ ...deps(), userId: owner.id })).map((c) => c.id)).not.toContain(contact.id);
    const pageToken = accepted.kind === "accepted" ? accepted.pageToken : "";
    expect(await leaveAsContact({ ...deps(), pageToken })).toEqual({
      kind: "already",
      state: "removed",
      ownerFirstName: "Ada",
      channel: "email",
    });
    expect(await answer(invitationToken, "accept")).toEqual({
      kind: "already",
      state: "removed",
      ownerFirstName: "Ada",
      channel: "email",
    });
  });

  it("answers 404 for another owner's contact, one removed already, or an id that is not one", async () => {
    const { contact } = await invite(owner.id);
    const notFound = { status: 404, message: "There is no such trusted contact." };
    expect(await refusal(removeTrustedContact({ ...deps(), userId: other.id, contactId: contact.id }))).toEqual(
      notFound,
    );
    await removeTrustedContact({ ...deps(), userId: owner.id, contactId: contact.id });
    expect(await refusal(removeTrustedContact({ ...deps(), userId: owner.id, contactId: contact.id }))).toEqual(
      notFound,
    );
    expect(await refusal(removeTrustedContact({ ...deps(), userId: owner.id, contactId: "nope" }))).toEqual(notFound);
  });
});

describe("limits", () => {
  it("refuses a second live invitation to one address, and allows it again once the first is removed", async () => {
    const address = "twice@example.com";
    const { contact } = await invite(other.id, { address });
    expect(await refusal(invite(other.id, { address }))).toEqual({
      status: 409,
      message: `${address} already has an invitation waiting for an answer. You can invite them again if it lapses.`,
    });
    await removeTrustedContact({ ...deps(), userId: other.id, contactId: contact.id });
    expect((await invite(other.id, { address })).contact.state).toBe("invited");
  });

  it("refuses the owner's own address", async () => {
    expect(await refusal(invite(owner.id, { address: owner.email.toUpperCase() }))).toEqual({
      status: 400,
      message: "A trusted contact must be someone else: this address is yours.",
    });
  });

  it(`holds at most ${TRUSTED_CONTACTS_MAX} live contacts, even when invitations race`, async () => {
    const { t: fresh, owner: alone } = await appWithOwnerAndOther();
    try {
      const d = {
        db: fresh.database.db,
        clock: fresh.clock,
        masterKeys: createMasterKeys({ config: fresh.config }),
        siteUrl: fresh.config.SITE_URL,
      };
      await fresh.database.db.update(profiles).set({ firstName: "Kim" }).where(eq(profiles.id, alone.id));
      const results = await Promise.allSettled(
        Array.from({ length: TRUSTED_CONTACTS_MAX + 2 }, () =>
          inviteTrustedContact({ ...d, userId: alone.id, input: input() }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(TRUSTED_CONTACTS_MAX);
      const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as AppError).message] : []));
      expect(refused).toEqual([
        `You can have ${TRUSTED_CONTACTS_MAX} trusted contacts at once. Remove one to invite someone else.`,
        `You can have ${TRUSTED_CONTACTS_MAX} trusted contacts at once. Remove one to invite someone else.`,
      ]);
    } finally {
      await fresh.close();
    }
  });
});
