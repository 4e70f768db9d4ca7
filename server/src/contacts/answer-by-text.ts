import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { confirmationQuestions, trustedContacts } from "../db/schema.ts";
import { answerAskedQuestion, type QuestionOutcome } from "./answer-question.ts";
import { REPLY_HOLD, REPLY_RELEASE } from "./confirmation-mail.ts";
import type { Answer } from "./confirmation-stage.ts";
import { viewQuestion } from "./contact-views.ts";

/** Questions older than this are not looked at for a reply (no window lasts that long). */
const LOOK_BACK_MS = 90 * 24 * 3_600_000;

/**
 * The answer a text carries: the reply words the question names, or the spec's answer labels as a
 * WhatsApp quick-reply button sends them. Anything else is not an answer.
 */
export function parseContactAnswer(text: string): Answer | null {
  const said = text
    .trim()
    .replace(/[.!?\s]+$/u, "")
    .toUpperCase()
    .replace(/[’‘]/gu, "'");
  if (said === REPLY_HOLD || said === "THEY'RE OK — HOLD") return "hold";
  if (said === REPLY_RELEASE || said === "I CAN'T REACH THEM — RELEASE") return "release";
  return null;
}

export type TextAnswerOutcome =
  | Exclude<QuestionOutcome, { kind: "unknown" }>
  /** No question to this number is open: nothing was asked, or it closed. */
  | { kind: "none_open" }
  /** Questions about several people are open: a reply cannot say which, so each link must. */
  | { kind: "several_open"; count: number };

/**
 * A trusted contact's reply by SMS or WhatsApp (docs/decisions/041): the open question asked of the
 * active contacts at this number is answered, as its link would. The number is the proof, as for
 * an owner's check-in by text. When questions about more than one owner are open, the reply cannot
 * say which it means, so none is answered and the contact is sent to the links.
 */
export async function answerByText({
  db,
  clock,
  masterKeys,
  siteUrl,
  number,
  answer,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  number: string;
  answer: Answer;
}): Promise<TextAnswerOutcome> {
  const now = clock.now();
  const asked = await db
    .select({ question: confirmationQuestions })
    .from(confirmationQuestions)
    .innerJoin(trustedContacts, eq(trustedContacts.id, confirmationQuestions.contactId))
    .where(
      and(
        eq(trustedContacts.address, number),
        eq(trustedContacts.state, "active"),
        ne(trustedContacts.channel, "email"),
        gt(confirmationQuestions.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
      ),
    )
    .orderBy(desc(confirmationQuestions.createdAt));
  const open: (typeof confirmationQuestions.$inferSelect)[] = [];
  const seen = new Set<string>();
  for (const { question } of asked) {
    // Only a condition's newest question can be open; earlier ones were superseded.
    if (seen.has(question.conditionId)) continue;
    seen.add(question.conditionId);
    if ((await viewQuestion({ db, clock, question }))?.status === "open") open.push(question);
  }
  if (open.length === 0) return { kind: "none_open" };
  const owners = new Set(open.map((q) => q.userId));
  if (owners.size > 1) return { kind: "several_open", count: owners.size };
  // One owner, several conditions waiting: the same person, so the same answer holds for each.
  let outcome: TextAnswerOutcome | null = null;
  for (const question of open) {
    const answered = await answerAskedQuestion({ db, clock, masterKeys, siteUrl, question, answer });
    if (answered.kind !== "unknown") outcome ??= answered;
  }
  return outcome ?? { kind: "none_open" };
}
