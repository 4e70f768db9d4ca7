import { RECIPIENT_CHANNELS } from "@trigger-switch/contracts";
import type { ChannelId } from "../channels/channel.ts";

/**
 * Which queue a job waits in. A lane takes the recipients' and reminders' sends first, then claimed
 * notices (a trusted contact's question, an outage notice), then owners' release notices, so the
 * owners' mails of a burst never make its recipients' mails later.
 */
export type QueueTier = "deliveries" | "notices" | "releaseNotices";
const TIERS: readonly QueueTier[] = ["deliveries", "notices", "releaseNotices"];

/**
 * The send pipeline's queues: three tiers per channel, so a provider that hangs holds only its own
 * channel's lanes, and lanes that wait for a job until one is pushed.
 */
export function createLaneQueues<Job>() {
  const queues = new Map<ChannelId, Record<QueueTier, Job[]>>(
    RECIPIENT_CHANNELS.map((c) => [c, { deliveries: [], notices: [], releaseNotices: [] }]),
  );
  let releaseNoticesHeld = false;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const lanes = waiting;
    waiting = [];
    for (const w of lanes) w();
  };
  const length = (tier?: QueueTier) => {
    let n = 0;
    for (const q of queues.values()) for (const t of tier ? [tier] : TIERS) n += q[t].length;
    return n;
  };
  return {
    /** Queues jobs and wakes the waiting lanes. */
    push(channel: ChannelId, tier: QueueTier, ...jobs: Job[]) {
      queues.get(channel)![tier].push(...jobs);
      wake();
    },
    /** The next job for a lane of `channel` in tier order, or undefined. */
    take(channel: ChannelId): Job | undefined {
      const q = queues.get(channel)!;
      return q.deliveries.shift() ?? q.notices.shift() ?? (releaseNoticesHeld ? undefined : q.releaseNotices.shift());
    },
    /** Resolves when a job may have been pushed (or wakeAll was called). */
    waitForJob: () => new Promise<void>((resolve) => waiting.push(resolve)),
    wakeAll: wake,
    /** Jobs waiting in `tier`, or in all tiers. */
    length,
    /** While on, lanes leave owners' release notices queued even when nothing else waits. */
    holdReleaseNotices(on: boolean) {
      if (releaseNoticesHeld === on) return;
      releaseNoticesHeld = on;
      if (!on) wake();
    },
    releaseNoticesHeld: () => releaseNoticesHeld,
    /** Empties every queue: the jobs not started. */
    takeAll(): Job[] {
      return [...queues.values()].flatMap((q) => TIERS.flatMap((t) => q[t].splice(0)));
    },
  };
}
