import {
  DEFAULT_CONFIRMATION_SETTINGS,
  type ContactAnswerResult,
  type ContactInvitation,
  type ContactPage,
  type ContactQuestion,
} from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions, trustedContacts, type confirmationQuestions } from "../db/schema.ts";
import { hashSecretToken } from "../engine/secret-token.ts";
import { firstNameOf, type ContactLinkOutcome } from "./answer-invitation.ts";
import { questionOfLink, type QuestionOutcome } from "./answer-question.ts";
import { contactAccessView } from "./request-access.ts";
import { confirmationOf, readStages } from "./stage-context.ts";

/*
 * What a contact's links show (docs/decisions/041): looked up without changing anything. Each
 * returns null for a link that is not one (answered 404 by the routes).
 */

export async function lookupInvitation({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<ContactInvitation | null> {
  const row = await contactByLink(db, trustedContacts.invitationHash, token);
  if (!row) return null;
  const owner_first_name = await firstNameOf(db, row.userId);
  const expired = row.state === "invited" && row.invitationExpiresAt <= clock.now();
  return {
    owner_first_name,
    channel: row.channel,
    status: expired ? "expired" : invitationStatus(row.state),
    expires_at: row.state === "invited" && !expired ? row.invitationExpiresAt.toISOString() : null,
    page_token: null,
  };
}

/** An invitation's answer, as the invitation page shows it. */
export function invitationAnswerView(outcome: Exclude<ContactLinkOutcome, { kind: "unknown" }>): ContactInvitation {
  const base = {
    owner_first_name: outcome.ownerFirstName,
    channel: outcome.channel,
    expires_at: null,
    page_token: null,
  };
  switch (outcome.kind) {
    case "accepted":
      return { ...base, status: "accepted", page_token: outcome.pageToken };
    case "declined":
      return { ...base, status: "declined" };
    case "expired":
      return { ...base, status: "expired" };
    case "left":
      return { ...base, status: "ended" };
    case "already":
      return { ...base, status: invitationStatus(outcome.state) };
  }
}

/**
 * What became of an answer, as the question page says it: recorded, the same answer again, a
 * different one after the first (the first is kept), or refused (the question had closed, or this
 * person is no longer a contact; the question's status says which).
 */
export function questionAnswerOutcome(
  outcome: Exclude<QuestionOutcome, { kind: "unknown" }>,
): ContactAnswerResult["outcome"] {
  const reply = outcome.kind === "answered" ? outcome.reply.kind : "superseded";
  return reply === "recorded" || reply === "already_recorded" || reply === "conflicting" ? reply : "refused";
}

const invitationStatus = (state: string): ContactInvitation["status"] =>
  state === "invited" ? "open" : state === "active" ? "accepted" : state === "declined" ? "declined" : "ended";

export async function lookupQuestion({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<ContactQuestion | null> {
  const question = await questionOfLink(db, token);
  return question ? viewQuestion({ db, clock, question }) : null;
}

/** A question found (by its link, or by the number a reply came from), as it stands now. */
export async function viewQuestion({
  db,
  clock,
  question,
}: {
  db: Db;
  clock: Clock;
  question: typeof confirmationQuestions.$inferSelect;
}): Promise<ContactQuestion | null> {
  // A read: the stage is caught up in memory (a check-in since, a contact gone) and nothing is written.
  return db.transaction(async (tx) => {
    const [condition] = await tx.select().from(messageConditions).where(eq(messageConditions.id, question.conditionId));
    if (!condition) return null;
    const settings = confirmationOf(condition) ?? DEFAULT_CONFIRMATION_SETTINGS;
    const stage = (await readStages(tx, [{ condition, settings }], clock.now())).get(condition.id)!;
    const { state } = stage;
    const base = {
      owner_first_name: stage.owner.firstName,
      since: question.since.toISOString(),
      ends_at: question.endsAt.toISOString(),
      your_answer: null,
      release_answers: 0,
      release_answers_needed: 0,
    };
    if (state.kind === "armed" || state.deadline.getTime() !== question.deadline.getTime())
      return { ...base, status: "superseded" };
    const counting = state.asked.filter((id) => !state.removed.includes(id));
    const view = {
      ...base,
      your_answer: state.answers[question.contactId] ?? null,
      release_answers: counting.filter((id) => state.answers[id] === "release").length,
      release_answers_needed: Math.min(settings.releaseAnswersNeeded, state.asked.length),
    };
    if (state.removed.includes(question.contactId)) return { ...view, status: "removed" };
    if (state.kind === "confirming") return { ...view, status: "open", ends_at: state.endsAt.toISOString() };
    return { ...view, status: state.kind };
  });
}

export async function lookupContactPage({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<ContactPage | null> {
  const row = await contactByLink(db, trustedContacts.pageHash, token);
  if (!row) return null;
  return {
    owner_first_name: await firstNameOf(db, row.userId),
    channel: row.channel,
    state: row.state,
    since: row.respondedAt?.toISOString() ?? null,
    // Someone no longer a contact may ask for nothing.
    access: row.state === "active" ? await contactAccessView(db, row.id, clock.now()) : [],
  };
}

/** The contact a link belongs to, found by the SHA-256 the column keeps (invitation or page). */
async function contactByLink(
  db: Db,
  column: typeof trustedContacts.invitationHash | typeof trustedContacts.pageHash,
  token: string,
) {
  const [row] = await db
    .select()
    .from(trustedContacts)
    .where(eq(column, hashSecretToken(token)));
  return row;
}
