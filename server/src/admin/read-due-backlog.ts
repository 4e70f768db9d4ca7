import { sql } from "drizzle-orm";
import { NOT_SENT_BY_RULE } from "../channels/delivery/send-owner-phone-notice.ts";
import type { Db } from "../db/connect.ts";
import { releaseNoticeDueAt } from "../engine/release-notices.ts";
import { rows } from "./sql-rows.ts";

export interface DueBacklog {
  reminder: number;
  final_delivery: number;
  /** Owner and admin notices (deliveries of kind 'notice', decision 012) due now and not leased. */
  notice: number;
  /** Schedule rows and notices a worker holds right now. */
  claimed: number;
  /** Schedule rows the engine gave up on. */
  parked: number;
  /** Notices retrying after at least one failed attempt. */
  noticesRetrying: number;
  /** Notices the engine gave up on (failed for good; not those skipped by rule, not discarded). */
  noticesGivenUp: number;
  /** now − the oldest due row's (or notice's) next attempt; null when nothing is due. */
  oldestDueLatenessSeconds: number | null;
}

/**
 * What the engine has to do right now: reminder_schedule (the queue, docs/decisions/005) and the
 * notices sent on their own from `deliveries` (docs/decisions/012): those queued so, and owners'
 * release notices.
 */
export async function readDueBacklog({ db, now }: { db: Db; now: Date }): Promise<DueBacklog> {
  const at = now.toISOString();
  const [row] = await rows<{
    reminder: number;
    final_delivery: number;
    claimed: number;
    parked: number;
    oldest_ms: number | null;
  }>(
    db,
    sql`select
      count(*) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz and reminder_type = 'reminder')::int as reminder,
      count(*) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz and reminder_type = 'final_delivery')::int as final_delivery,
      count(*) filter (where status = 'claimed')::int as claimed,
      count(*) filter (where status = 'parked')::int as parked,
      (extract(epoch from min(next_attempt_at) filter (where status = 'pending' and next_attempt_at <= ${at}::timestamptz)) * 1000)::float8 as oldest_ms
    from reminder_schedule where status in ('pending', 'claimed', 'parked')`,
  );
  const [notices] = await rows<{
    due: number;
    claimed: number;
    retrying: number;
    given_up: number;
    oldest_ms: number | null;
  }>(
    db,
    sql`with n as (
      select deliveries.status, deliveries.attempts, deliveries.last_error, deliveries.locked_until,
        case when deliveries.kind = 'notice' then deliveries.next_attempt_at else ${releaseNoticeDueAt} end as due_at
      from deliveries left join reminder_schedule on reminder_schedule.id = deliveries.reminder_id
      where deliveries.kind in ('notice', 'release_notice') and deliveries.status in ('pending', 'failed'))
    select
      count(*) filter (where status = 'pending' and due_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz))::int as due,
      count(*) filter (where status = 'pending' and locked_until > ${at}::timestamptz)::int as claimed,
      count(*) filter (where status = 'pending' and attempts > 0)::int as retrying,
      count(*) filter (where status = 'failed' and coalesce(last_error, '') not like ${`${NOT_SENT_BY_RULE}%`})::int as given_up,
      (extract(epoch from min(due_at) filter (where status = 'pending' and due_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz))) * 1000)::float8 as oldest_ms
    from n`,
  );
  const oldest = [row?.oldest_ms, notices?.oldest_ms]
    .filter((ms): ms is number => ms !== null && ms !== undefined)
    .map(Number)
    .reduce<number | null>((min, ms) => (min === null || ms < min ? ms : min), null);
  return {
    reminder: row?.reminder ?? 0,
    final_delivery: row?.final_delivery ?? 0,
    notice: notices?.due ?? 0,
    claimed: (row?.claimed ?? 0) + (notices?.claimed ?? 0),
    parked: row?.parked ?? 0,
    noticesRetrying: notices?.retrying ?? 0,
    noticesGivenUp: notices?.given_up ?? 0,
    oldestDueLatenessSeconds: oldest === null ? null : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}
