import { DEFAULT_CONFIRMATION_SETTINGS, type ConfirmationSettings } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerInvitation } from "../../src/contacts/answer-invitation.ts";
import { answerQuestion } from "../../src/contacts/answer-question.ts";
import { lookupQuestion } from "../../src/contacts/contact-views.ts";
import { setConditionConfirmation } from "../../src/contacts/condition-confirmation.ts";
import { inviteTrustedContact } from "../../src/contacts/invite-contact.ts";
import { removeTrustedContact } from "../../src/contacts/owner-contacts.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { confirmationQuestions, confirmationStages, messageConditions } from "../../src/db/schema.ts";
import { AppError } from "../../src/errors.ts";
import { createCondition, post } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, scheduleOf, tick, travel } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage, type OwnerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";

// Confirm before release (docs/decisions/041) through the real engine, a real SMTP server and the
// database: the contacts' questions, their answers, the owner's alerts and the release.
let t: TestApp;
let sink: SmtpSink;
let n = 0;

beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t?.close());

const keys = () => createMasterKeys({ config: t.config });
const deps = () => ({ db: t.database.db, clock: t.clock, masterKeys: keys(), siteUrl: t.config.SITE_URL });

interface Setup extends OwnerWithMessage {
  contacts: { id: string; address: string }[];
}

/** An owner whose message goes out after an hour's silence, asking `contactCount` active contacts first. */
async function switchWithContacts(
  contactCount = 1,
  settings: Partial<ConfirmationSettings> = {},
  condition: Record<string, unknown> = { condition_type: "no_check_in", hours_threshold: 1 },
): Promise<Setup> {
  const setup = await ownerWithMessage(t, condition, 1);
  const contacts = [];
  for (let i = 0; i < contactCount; i++) {
    const address = `contact${++n}-${Date.now()}@example.com`;
    const { contact, invitationToken } = await inviteTrustedContact({
      ...deps(),
      userId: setup.owner.id,
      input: { name: `Contact ${n}`, channel: "email", address },
    });
    expect((await answerInvitation({ ...deps(), token: invitationToken, answer: "accept" })).kind).toBe("accepted");
    contacts.push({ id: contact.id, address });
  }
  await setConditionConfirmation({
    ...deps(),
    userId: setup.owner.id,
    conditionId: setup.conditionId,
    settings: { ...DEFAULT_CONFIRMATION_SETTINGS, ...settings },
    contactIds: contacts.map((c) => c.id),
  });
  return { ...setup, contacts };
}

const questionsTo = (address: string) => mailsTo(sink, address).filter((m) => /^Subject: Have you been/m.test(m.raw));
const closedTo = (address: string) => mailsTo(sink, address).filter((m) => /^Subject: The question about/m.test(m.raw));
const releasedTo = (s: Setup) => mailsTo(sink, s.recipientEmails[0]!);
const ownerMails = (s: Setup, subject: RegExp) =>
  mailsTo(sink, s.owner.email).filter((m) => subject.test(mailText(m).match(/^Subject: (.*)$/m)?.[1] ?? ""));

/** The answer link's token from the latest question mailed to `address`. */
function tokenFor(address: string): string {
  const mails = questionsTo(address);
  expect(mails.length).toBeGreaterThan(0);
  const url = mailText(mails.at(-1)!).match(/\/contact\/question\?token=([A-Za-z0-9_-]+)/);
  return decodeURIComponent(url![1]!);
}

const answer = (token: string, a: "hold" | "release") => answerQuestion({ ...deps(), token, answer: a });

/** The deadline passes and the engine asks. */
async function reachDeadline(s: Setup) {
  await travel(t, HOUR + MINUTE);
  await tick(t);
  return s;
}

const stageOf = async (conditionId: string) =>
  (await t.database.db.select().from(confirmationStages).where(eq(confirmationStages.conditionId, conditionId)))[0]
    ?.state;

describe("a reached deadline with confirmation on", () => {
  it("asks the contacts and alerts the owner instead of releasing, and moves the deadline to the window's end", async () => {
    const s = await reachDeadline(await switchWithContacts(2));
    expect(releasedTo(s)).toHaveLength(0);
    for (const c of s.contacts) {
      const [mail] = questionsTo(c.address);
      const text = mailText(mail!);
      expect(text).toContain("Alex named you as a trusted contact");
      expect(text).not.toContain("spare key");
      expect(text).not.toContain("blue pot");
      expect(text).not.toContain(s.recipientEmails[0]!);
    }
    const [alert] = ownerMails(s, /^Your messages go out on .* unless you check in$/);
    expect(mailText(alert!)).toContain("/check-in?token=");
    expect(mailText(alert!)).toMatch(/Contact \d+, Contact \d+/);
    const pending = (await scheduleOf(t, s.conditionId)).filter(
      (r) => r.status === "pending" && r.reminderType === "final_delivery",
    );
    expect(pending).toHaveLength(1);
    expect(pending[0]!.deadline.getTime()).toBe(t.clock.now().getTime() + DEFAULT_CONFIRMATION_SETTINGS.windowMs);
    expect(await stageOf(s.conditionId)).toMatchObject({ kind: "confirming", holdsInARow: 0 });
    // Another pass asks nobody twice.
    await tick(t);
    for (const c of s.contacts) expect(questionsTo(c.address)).toHaveLength(1);
  });

  it("releases when nobody answers by the window's end, and tells the contacts", async () => {
    const s = await reachDeadline(await switchWithContacts(1));
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs - MINUTE);
    await tick(t);
    expect(releasedTo(s)).toHaveLength(0);
    await travel(t, MINUTE);
    await tick(t);
    expect(releasedTo(s)).toHaveLength(1);
    expect(mailText(closedTo(s.contacts[0]!.address)[0]!)).toContain("has now been sent");
    expect((await answer(tokenFor(s.contacts[0]!.address), "hold")).kind).toBe("answered");
  });

  it("releases at once with no active contact left to ask", async () => {
    const s = await switchWithContacts(1);
    await removeTrustedContact({ ...deps(), userId: s.owner.id, contactId: s.contacts[0]!.id });
    await reachDeadline(s);
    expect(releasedTo(s)).toHaveLength(1);
  });

  it("is refused for the emergency button, and with settings out of bounds", async () => {
    const s = await switchWithContacts(1);
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      return (err as AppError).message;
    };
    const panic = await createCondition(s.owner, s.messageId, { condition_type: "panic_trigger" });
    expect(
      await refused(
        setConditionConfirmation({
          ...deps(),
          userId: s.owner.id,
          conditionId: panic.id,
          settings: DEFAULT_CONFIRMATION_SETTINGS,
          contactIds: [s.contacts[0]!.id],
        }),
      ),
    ).toMatch(/never waits/);
    expect(
      await refused(
        setConditionConfirmation({
          ...deps(),
          userId: s.owner.id,
          conditionId: s.conditionId,
          settings: { ...DEFAULT_CONFIRMATION_SETTINGS, windowMs: HOUR },
          contactIds: [s.contacts[0]!.id],
        }),
      ),
    ).toMatch(/confirmation window from 6 hours to 14 days/);
  });
});

describe("the question's reminder", () => {
  const remindersTo = (address: string) =>
    mailsTo(sink, address).filter((m) => /^Subject: Reminder: have you been/m.test(m.raw));

  it("goes halfway through the window to a contact who has not answered, with a link that answers", async () => {
    const s = await reachDeadline(await switchWithContacts(2, { releaseAnswersNeeded: 2 }));
    const [a, b] = s.contacts;
    await answer(tokenFor(a!.address), "release");
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs / 2 - MINUTE);
    await tick(t);
    expect(remindersTo(b!.address)).toHaveLength(0);
    await travel(t, MINUTE);
    await tick(t);
    expect(remindersTo(a!.address)).toHaveLength(0);
    const [reminder] = remindersTo(b!.address);
    const link = mailText(reminder!).match(/\/contact\/question\?token=([A-Za-z0-9_-]+)/)![1]!;
    // Made when it fell due, with a link of its own; the question's first link still answers too.
    expect(link).not.toBe(tokenFor(b!.address));
    expect(await lookupQuestion({ db: t.database.db, clock: t.clock, token: tokenFor(b!.address) })).toMatchObject({
      status: "open",
    });
    expect(await answer(link, "release")).toMatchObject({ reply: { kind: "recorded", closure: { kind: "released" } } });
    expect(await answer(tokenFor(b!.address), "release")).toMatchObject({
      reply: { kind: "already_recorded", answer: "release" },
    });
  });

  it("goes once, however many passes or workers reach it at the same moment", async () => {
    const s = await reachDeadline(await switchWithContacts(2));
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs / 2);
    await Promise.all([tick(t, { workerId: "a" }), tick(t, { workerId: "b" }), tick(t, { workerId: "c" })]);
    await tick(t);
    for (const c of s.contacts) {
      expect(remindersTo(c.address)).toHaveLength(1);
      // Its link is the one stored: no other pass minted another over it.
      const link = mailText(remindersTo(c.address)[0]!).match(/\/contact\/question\?token=([A-Za-z0-9_-]+)/)![1]!;
      expect(await lookupQuestion({ db: t.database.db, clock: t.clock, token: link })).toMatchObject({
        status: "open",
      });
    }
    const left = await t.database.db
      .select()
      .from(confirmationQuestions)
      .where(eq(confirmationQuestions.conditionId, s.conditionId));
    expect(left.map((q) => q.remindAt)).toEqual([null, null]);
  });

  it("is not sent once the owner checked in", async () => {
    const s = await reachDeadline(await switchWithContacts(1));
    expect((await post(s.owner, "/api/check-in", {})).status).toBe(200);
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs / 2 + MINUTE);
    await tick(t);
    expect(remindersTo(s.contacts[0]!.address)).toHaveLength(0);
    expect(closedTo(s.contacts[0]!.address)).toHaveLength(1);
  });

  it("is not sent once the question closed", async () => {
    const s = await reachDeadline(await switchWithContacts(2));
    await answer(tokenFor(s.contacts[0]!.address), "hold");
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs / 2 + MINUTE);
    await tick(t);
    for (const c of s.contacts) expect(remindersTo(c.address)).toHaveLength(0);
  });
});

describe("a contact's answer", () => {
  it("'hold' moves the deadline by the hold period from the moment of the hold, and tells the owner who held it", async () => {
    const s = await reachDeadline(await switchWithContacts(2));
    await travel(t, 3 * HOUR);
    const heldAt = t.clock.now().getTime();
    const outcome = await answer(tokenFor(s.contacts[0]!.address), "hold");
    expect(outcome).toEqual({
      kind: "answered",
      ownerFirstName: "Alex",
      reply: { kind: "recorded", answer: "hold", closure: { kind: "held" } },
    });
    await tick(t);
    const [held] = ownerMails(s, /said you are OK/);
    expect(mailText(held!)).toMatch(/Contact \d+, one of your trusted contacts, answered that you are OK/);
    // The other contact hears it closed, never who held it.
    const closed = mailText(closedTo(s.contacts[1]!.address)[0]!);
    expect(closed).toContain("Another of Alex's trusted contacts said they are OK");
    expect(closed).not.toMatch(/Contact \d+/);
    // The window's end passes: nothing; the hold period after the hold: asked again.
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs);
    await tick(t);
    expect(releasedTo(s)).toHaveLength(0);
    expect(questionsTo(s.contacts[0]!.address)).toHaveLength(1);
    const pending = (await scheduleOf(t, s.conditionId)).find(
      (r) => r.status === "pending" && r.reminderType === "final_delivery",
    );
    expect(pending!.deadline.getTime()).toBe(heldAt + DEFAULT_CONFIRMATION_SETTINGS.holdMs);
    await travel(t, pending!.deadline.getTime() - t.clock.now().getTime());
    await tick(t);
    expect(questionsTo(s.contacts[0]!.address)).toHaveLength(2);
    expect(await stageOf(s.conditionId)).toMatchObject({ kind: "confirming", holdsInARow: 1 });
  });

  it("'release' from the number of contacts the owner chose releases at once", async () => {
    const s = await reachDeadline(await switchWithContacts(3, { releaseAnswersNeeded: 2 }));
    const [a, b, c] = s.contacts;
    expect((await answer(tokenFor(a!.address), "release")).kind).toBe("answered");
    await tick(t);
    expect(releasedTo(s)).toHaveLength(0);
    expect(await answer(tokenFor(b!.address), "release")).toMatchObject({
      reply: { kind: "recorded", answer: "release", closure: { kind: "released", reason: "release_answers" } },
    });
    await tick(t);
    expect(releasedTo(s)).toHaveLength(1);
    // Everyone asked but the one who released it hears how it closed.
    expect(closedTo(a!.address)).toHaveLength(1);
    expect(closedTo(b!.address)).toHaveLength(0);
    expect(closedTo(c!.address)).toHaveLength(1);
    // The window's end later releases nothing again.
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs);
    await tick(t);
    expect(releasedTo(s)).toHaveLength(1);
    expect(await answer(tokenFor(c!.address), "hold")).toMatchObject({
      reply: { kind: "closed", closure: { kind: "released", reason: "release_answers" } },
    });
  });

  it("counts once when repeated, keeps the first when changed, and is refused when forged or removed", async () => {
    const s = await reachDeadline(await switchWithContacts(2, { releaseAnswersNeeded: 2 }));
    const [a, b] = s.contacts;
    const tokenA = tokenFor(a!.address);
    expect((await answer(tokenA, "release")).kind).toBe("answered");
    expect(await answer(tokenA, "release")).toMatchObject({ reply: { kind: "already_recorded", answer: "release" } });
    expect(await answer(tokenA, "hold")).toMatchObject({ reply: { kind: "conflicting", kept: "release" } });
    expect(await answer("forged-token-that-is-not-one", "hold")).toEqual({ kind: "unknown" });
    await removeTrustedContact({ ...deps(), userId: s.owner.id, contactId: b!.id });
    expect(await answer(tokenFor(b!.address), "release")).toMatchObject({ reply: { kind: "removed" } });
    await tick(t);
    expect(releasedTo(s)).toHaveLength(0);
  });

  it("after the holds in a row the owner allowed, the next deadline releases without asking", async () => {
    const s = await reachDeadline(await switchWithContacts(1, { maxHoldsInARow: 1 }));
    await answer(tokenFor(s.contacts[0]!.address), "hold");
    await tick(t);
    expect(mailText(ownerMails(s, /said you are OK/)[0]!)).toContain("That was the last hold in a row");
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.holdMs + MINUTE);
    await tick(t);
    expect(questionsTo(s.contacts[0]!.address)).toHaveLength(1);
    expect(releasedTo(s)).toHaveLength(1);
  });
});

describe("a check-in during the stage", () => {
  it("ends it: nothing goes out, the contacts are told, and a later answer hears it closed", async () => {
    const s = await reachDeadline(await switchWithContacts(1));
    expect((await post(s.owner, "/api/check-in", {})).status).toBe(200);
    await tick(t);
    expect(mailText(closedTo(s.contacts[0]!.address)[0]!)).toContain("Alex has checked in");
    expect(await answer(tokenFor(s.contacts[0]!.address), "release")).toMatchObject({
      reply: { kind: "closed", closure: { kind: "closed_by_check_in" } },
    });
    await travel(t, DEFAULT_CONFIRMATION_SETTINGS.windowMs);
    await tick(t);
    expect(releasedTo(s)).toHaveLength(0);
    // The next deadline asks afresh, with the holds counted from zero.
    const [condition] = await t.database.db
      .select()
      .from(messageConditions)
      .where(eq(messageConditions.id, s.conditionId));
    expect(condition!.active).toBe(true);
  });

  it("racing a 'release' answer has one outcome: released once, or closed with nothing sent", async () => {
    for (let round = 0; round < 4; round++) {
      const s = await reachDeadline(await switchWithContacts(1));
      const token = tokenFor(s.contacts[0]!.address);
      const [checkIn, answered] = await Promise.all([post(s.owner, "/api/check-in", {}), answer(token, "release")]);
      expect(checkIn.status).toBe(200);
      await tick(t);
      await tick(t);
      const reply = answered.kind === "answered" ? answered.reply : null;
      if (reply?.kind === "recorded") expect(releasedTo(s)).toHaveLength(1);
      else {
        expect(reply).toMatchObject({ kind: "closed", closure: { kind: "closed_by_check_in" } });
        expect(releasedTo(s)).toHaveLength(0);
      }
    }
  });
});
