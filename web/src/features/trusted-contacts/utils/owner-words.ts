import {
  CONFIRMATION_LIMITS,
  type ConditionConfirmation,
  type ConfirmationStageView,
  type TrustedContact,
} from "@trigger-switch/contracts";
import { formatDateTime, formatWhen } from "@/lib/format-date-time";
import { ANSWER_LABELS } from "./contact-words";

/*
 * What the owner reads about their trusted contacts and a condition's confirm before release
 * (docs/decisions/041). Each sentence says only what the server does: invitations by the channels this server offers,
 * only contacts who accepted are asked, one hold is enough, the emergency button never waits.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An invitation still waiting past its end: the link no longer works, and inviting the address again renews it. */
export function invitationLapsed(contact: TrustedContact, now: Date): boolean {
  return (
    contact.state === "invited" &&
    contact.invitation_expires_at !== null &&
    Date.parse(contact.invitation_expires_at) <= now.getTime()
  );
}

/** Invited or active: counted against the limit, and the only ones a condition may ask. */
export function isLive(contact: TrustedContact): boolean {
  return contact.state === "invited" || contact.state === "active";
}

export type ContactStateTone = "info" | "success" | "neutral" | "warning";

/** A contact's state as a short badge and a sentence with its date, in the owner's zone. */
export function contactStateWords(
  contact: TrustedContact,
  now: Date,
  timeZone: string,
): { badge: string; tone: ContactStateTone; sentence: string } {
  const at = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : null);
  switch (contact.state) {
    case "invited":
      if (invitationLapsed(contact, now))
        return {
          badge: "Invitation lapsed",
          tone: "warning",
          sentence: `The invitation lapsed on ${at(contact.invitation_expires_at)} without an answer. Invite them again, or remove them.`,
        };
      return {
        badge: "Invited",
        tone: "info",
        sentence: `Invitation sent — works until ${formatWhen(new Date(contact.invitation_expires_at!), now, timeZone)}. They are asked only once they accept.`,
      };
    case "active":
      return { badge: "Active", tone: "success", sentence: `Active since ${at(contact.responded_at)}.` };
    case "declined":
      return {
        badge: "Declined",
        tone: "neutral",
        sentence: contact.responded_at
          ? `Declined on ${at(contact.responded_at)}. They are not asked.`
          : "Declined. They are not asked.",
      };
    case "left":
      return {
        badge: "Stepped down",
        tone: "neutral",
        sentence: contact.ended_at
          ? `Stepped down on ${at(contact.ended_at)}. They are no longer asked.`
          : "Stepped down. They are no longer asked.",
      };
    case "removed":
      return { badge: "Removed", tone: "neutral", sentence: "Removed. Their links no longer work." };
  }
}

/** "Sam", "Sam and Grace", "Sam, Grace and Lee". */
export function listNames(names: string[]): string {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "They have 48 hours to answer. One “They're OK” holds it for 7 days, at most 3 times in a row. One “I can't reach them” sends it at once." */
export function settingsSummary(c: ConditionConfirmation): string {
  const holds = c.max_holds_in_a_row === 1 ? "once" : `at most ${c.max_holds_in_a_row} times in a row`;
  const release =
    c.release_answers_needed === 1
      ? `One “${SHORT_RELEASE}” sends it at once.`
      : `${c.release_answers_needed} “${SHORT_RELEASE}” answers send it at once.`;
  return `They have ${plural(c.window_hours, "hour")} to answer. One “${SHORT_HOLD}” holds it for ${plural(c.hold_days, "day")}, ${holds}. ${release}`;
}

/** The answers' first halves, as the owner's sentences quote them. */
const SHORT_HOLD = "They're OK";
const SHORT_RELEASE = "I can't reach them";

/**
 * The stage as the owner should read it, or null when there is none: asking now (with the way to
 * stop it), held (by whom, until when, and what happens then), or how and when the last question
 * ended (a stage recorded before the server kept that moment says only how).
 */
export function stageSentence(
  c: Pick<ConditionConfirmation, "stage" | "max_holds_in_a_row" | "enabled">,
  now: Date,
  timeZone: string,
): { tone: "warning" | "info" | "neutral"; text: string } | null {
  const stage: ConfirmationStageView = c.stage;
  const when = (iso: string) => formatWhen(new Date(iso), now, timeZone);
  const closedAt = stage.closed_at;
  switch (stage.status) {
    case "none":
      return null;
    case "asking": {
      // Turned off while asking: the question already sent stays open to its end (the server still
      // takes its answers); no deadline after it asks anyone.
      if (!c.enabled)
        return {
          tone: "warning",
          text: `Asking first is off now, but the question already sent to your contacts stays open${stage.until ? ` until ${when(stage.until)}` : ""}: unless you check in or one of them says you are OK, the message goes out then.`,
        };
      const answered =
        stage.answered === 0
          ? `none of ${stage.asked} has answered yet`
          : // An open question has only "release" answers: the first hold closes it.
            `${stage.answered} of ${stage.asked} answered “${ANSWER_LABELS.release}”`;
      return {
        tone: "warning",
        text: `Waiting for your contacts${stage.until ? ` until ${when(stage.until)}` : ""} — ${answered}. Check in to stop it.`,
      };
    }
    case "held": {
      const who = stage.held_by ?? "One of your contacts";
      // A check-in since the hold set holds in a row back to 0: the hold no longer decides anything.
      if (stage.holds_in_a_row === 0 || !stage.until || Date.parse(stage.until) <= now.getTime())
        return {
          tone: "neutral",
          text: closedAt
            ? `${who} answered ${when(closedAt)} that you were OK, and nothing was sent.`
            : `Last time, ${who} answered that you were OK, and nothing was sent.`,
        };
      if (!c.enabled)
        return {
          tone: "info",
          text: `Held by ${who} until ${when(stage.until)}. Asking first is off now: if you have not checked in by then, the message goes out.`,
        };
      const last = stage.holds_in_a_row >= c.max_holds_in_a_row;
      return {
        tone: "info",
        text: last
          ? `Held by ${who} until ${when(stage.until)}. That was the last hold in a row: if you have not checked in by then, the message goes out without asking.`
          : `Held by ${who} until ${when(stage.until)}. If you have not checked in by then, your contacts are asked again.`,
      };
    }
    case "released": {
      const why = "none of the contacts chosen had accepted, or the holds in a row had run out.";
      if (stage.asked > 0)
        return {
          tone: "neutral",
          text: closedAt
            ? `The message was sent ${when(closedAt)}, after your contacts were asked.`
            : "Last time your contacts were asked, the message was sent.",
        };
      return {
        tone: "neutral",
        text: closedAt
          ? `The message was sent ${when(closedAt)} without asking anyone: ${why}`
          : `Last time its deadline came, the message was sent without asking anyone: ${why}`,
      };
    }
    case "closed_by_check_in":
      return {
        tone: "neutral",
        text: closedAt
          ? `Your contacts were asked; you checked in ${when(closedAt)} and nothing was sent.`
          : "Last time your contacts were asked, you checked in and nothing was sent.",
      };
  }
}

/** The bounds in the form's units (contracts' CONFIRMATION_LIMITS), for the fields' hints and inputs. */
export const FORM_LIMITS = {
  window_hours: { min: CONFIRMATION_LIMITS.windowMs.min / HOUR, max: CONFIRMATION_LIMITS.windowMs.max / HOUR },
  hold_days: { min: CONFIRMATION_LIMITS.holdMs.min / DAY, max: CONFIRMATION_LIMITS.holdMs.max / DAY },
  max_holds_in_a_row: CONFIRMATION_LIMITS.maxHoldsInARow,
} as const;
