import { formatInstant, type PushPayload } from "@trigger-switch/contracts";

/** The longest a push service keeps an undelivered reminder (RFC 8030 TTL): push services cap it near here anyway. */
const MAX_TTL_SECONDS = 28 * 24 * 3600;

/**
 * A reminder as a notification: the deadline in the owner's zone ("Your switch fires Tue 14:00
 * unless you check in"), tagged by condition so a newer reminder replaces an older one on the
 * device. It lives until the deadline: after it, the reminder would only mislead.
 */
export function reminderPush({
  conditionId,
  deadline,
  timeZone,
  now,
}: {
  conditionId: string;
  deadline: Date;
  timeZone: string;
  now: Date;
}): { payload: PushPayload; ttlSeconds: number } {
  const when = formatInstant(deadline, now, { timeZone });
  return {
    payload: {
      kind: "reminder",
      title: "Time to check in",
      body: `Your switch fires ${when} unless you check in`,
      deadline_at: deadline.toISOString(),
      tag: `reminder:${conditionId}`,
    },
    ttlSeconds: Math.min(MAX_TTL_SECONDS, Math.max(60, Math.ceil((deadline.getTime() - now.getTime()) / 1000))),
  };
}
