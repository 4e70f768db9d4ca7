import {
  ACCESS_REQUEST_COOLDOWN_MS,
  type ContactAccessMessage,
  type DeliveryChannel,
  type OwnerAccessRequest,
} from "@trigger-switch/contracts";
import { atStart, SENT_BY } from "./contact-words";

/*
 * The sentences of emergency access on request (docs/decisions/041). A contact reads a message only
 * by its number ("Message 1"), never its title; the owner reads who asked, for which message, why,
 * and when it goes unless denied. Times come already worded (`when`), in the reader's zone.
 */

type When = (iso: string) => string;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "5 hours", "3 days", "1 day and 12 hours". */
export function durationWords(hours: number): string {
  if (hours < 24) return plural(hours, "hour");
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? plural(days, "day") : `${plural(days, "day")} and ${plural(rest, "hour")}`;
}

/** The waiting period in days, for a field given in hours: null under a day. */
export function hoursAsDays(hours: number): string | null {
  return Number.isInteger(hours) && hours >= 24 ? durationWords(hours) : null;
}

/** "Message 1 — waiting period 3 days" (or "no waiting period": it is sent as soon as they ask). */
export function accessMessageLabel(m: Pick<ContactAccessMessage, "number" | "waiting_hours">): string {
  return `Message ${m.number} — ${m.waiting_hours === 0 ? "no waiting period (sent to you as soon as you ask)" : `waiting period ${durationWords(m.waiting_hours)}`}`;
}

/** "24 hours": how long after a request ends the same message may be asked for again. */
export const COOLDOWN_WORDS = plural(ACCESS_REQUEST_COOLDOWN_MS / 3_600_000, "hour");

/**
 * "Ada has allowed you to ask for 2 messages if something has happened to them. …", and what asking
 * does; with no waiting period at all there is no time to say no, so it does not say there is.
 */
export function accessIntro(name: string, messages: Pick<ContactAccessMessage, "waiting_hours">[]): string {
  const count = messages.length;
  const allowed = `${atStart(name)} has allowed you to ask for ${plural(count, "message")} if something has happened to them.`;
  if (messages.every((m) => m.waiting_hours === 0))
    return `${allowed} If you ask, ${name} is told, and ${count === 1 ? "it is" : "they are"} sent to you at once.`;
  const what = count === 1 ? "the message is" : "a message is";
  const period = count === 1 ? "the waiting period" : "its waiting period";
  return `${allowed} If you ask, ${name} is told at once and can say no. If they do not answer within ${period}, ${what} sent to you.`;
}

/** What asking now does, in the confirmation before it is sent. */
export function askConfirmSentence(name: string, asked: Pick<ContactAccessMessage, "waiting_hours">[]): string {
  const what = asked.length === 1 ? "the message is" : "each message is";
  if (asked.every((m) => m.waiting_hours === 0)) return `${atStart(name)} is told, and ${what} sent to you at once.`;
  return `${atStart(name)} is told at once and can say no. If they do not, ${what} sent to you when its waiting period ends. Until then you can withdraw your request.`;
}

/** The latest request for one message, as its contact reads it; null when there is none. */
export function contactRequestSentence(
  m: ContactAccessMessage,
  name: string,
  when: When,
  channel: DeliveryChannel,
): string | null {
  const r = m.request;
  if (!r) return null;
  const decided = r.decided_at ? ` on ${when(r.decided_at)}` : "";
  switch (r.state) {
    case "waiting":
      return `Asked ${when(r.requested_at)} — sent to you on ${when(r.grants_at)} unless ${name} says no.`;
    case "denied":
      return `Declined by ${name}${decided}.`;
    case "granted":
      return r.revoked_at
        ? `Sent to you${decided || ` on ${when(r.grants_at)}`}; ${name} took your access back on ${when(r.revoked_at)}.`
        : `Sent to you${decided || ` on ${when(r.grants_at)}`} (check ${SENT_BY[channel].look}).`;
    case "withdrawn":
      return `You withdrew this request${decided}.`;
  }
}

/** When a message cannot be asked for now only for a while: from when it can. */
export function askAgainSentence(m: ContactAccessMessage, when: When): string | null {
  return !m.can_request && m.can_request_from ? `You can ask for it again from ${when(m.can_request_from)}.` : null;
}

export type RequestTone = "warning" | "success" | "neutral" | "danger";

/** A request as its owner reads it on the Trusted contacts page: a badge and what happened when. */
export function ownerRequestWords(
  r: OwnerAccessRequest,
  now: Date,
  when: When,
): { badge: string; tone: RequestTone; sentence: string } {
  const asked = `Asked ${when(r.requested_at)}.`;
  const decided = r.decided_at ? ` on ${when(r.decided_at)}` : "";
  switch (r.state) {
    case "waiting":
      return { badge: "Waiting", tone: "warning", sentence: `${asked} ${releaseClause(r, now, when)}` };
    case "denied":
      return { badge: "Denied", tone: "neutral", sentence: `${asked} Denied${decided}: nothing was sent.` };
    case "withdrawn":
      return {
        badge: "Withdrawn",
        tone: "neutral",
        sentence: `${asked} ${r.contact_name} withdrew it${decided}: nothing was sent.`,
      };
    case "granted": {
      const released = `${asked} Released to them${decided || ` on ${when(r.grants_at)}`}.`;
      const opened = r.first_opened_at
        ? ` They first opened it ${when(r.first_opened_at)}.`
        : " They have not opened it yet.";
      return r.revoked_at
        ? {
            badge: "Revoked",
            tone: "neutral",
            sentence: `${released}${opened} You revoked their access on ${when(r.revoked_at)}.`,
          }
        : { badge: "Released", tone: "danger", sentence: `${released}${opened}` };
    }
  }
}

/** "It will be released to them on Thu 14:00 unless you deny it." (a waiting request). */
function releaseClause(r: OwnerAccessRequest, now: Date, when: When): string {
  return Date.parse(r.grants_at) > now.getTime()
    ? `It will be released to them on ${when(r.grants_at)} unless you deny it.`
    : `Its waiting period ended ${when(r.grants_at)}: it is about to be released to them unless you deny it now.`;
}

/** The dashboard's alert: who asked, for what, when it goes unless denied, and why they asked. */
export function bannerSentence(r: OwnerAccessRequest, now: Date, when: When): string {
  const release =
    Date.parse(r.grants_at) > now.getTime()
      ? `it will be released to them on ${when(r.grants_at)} unless you deny it.`
      : `its waiting period ended ${when(r.grants_at)}, and it is about to be released to them unless you deny it now.`;
  return `${r.contact_name} asked for access to “${r.message_title}”: ${release}`;
}
