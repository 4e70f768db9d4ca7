import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { RowOutcome } from "./row-outcome.ts";
import { settleSentNotices } from "./send-notices.ts";
import { settleWork } from "./settle-work.ts";
import type { Attempt, DoneRow } from "./work-types.ts";

/** How long outcomes may wait before they are written together (a kill -9 repeats at most these sends). */
const FLUSH_AFTER_MS = 200;
const FLUSH_AT = 1000;
/**
 * Sent notices are written sooner: a burst of them (trusted contacts' questions) is short, and a
 * kill -9 inside the window sends each again. A few dozen a statement still spares the database
 * an UPDATE per mail.
 */
const NOTICES_FLUSH_AFTER_MS = 20;

/** The rows written so far, by how they ended. */
export interface PipelineCounts {
  sent: number;
  retried: number;
  parked: number;
  handedBack: number;
}

/**
 * The send pipeline's outcomes (attempts, finished rows, sent notices), written in batches a few
 * milliseconds apart, one write at a time; `counts` tallies how the written rows ended. `written` is
 * told once per write how many rows and notices it closed, whether or not the database took it: a
 * write that failed leaves their claims to lapse, and another attempt follows (the sends may repeat,
 * as after a crash).
 */
export function createOutcomeWriter(opts: {
  db: Db;
  clock: Clock;
  config: Config;
  masterKeys: MasterKeys;
  workerId: string;
  log: { error(obj: object, msg: string): void };
  /** True when nothing else is coming (the last send of a burst, a test's tick): write at once. */
  quiet: () => boolean;
  /** `rowsSettled`: rows were settled (their owners' release notices have fallen due). */
  written: (batch: { closed: number; rowsSettled: boolean }) => void;
}) {
  const { db, clock, config, masterKeys, workerId, log } = opts;
  const attempts: Attempt[] = [];
  const done: DoneRow[] = [];
  const sentNotices: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let writing: Promise<void> = Promise.resolve();
  const counts: PipelineCounts = { sent: 0, retried: 0, parked: 0, handedBack: 0 };
  const tally = (outcome: RowOutcome) => {
    if (outcome.status === "sent") counts.sent++;
    else if (outcome.status === "retry") counts.retried++;
    else if (outcome.status === "parked") counts.parked++;
    else counts.handedBack++;
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    dueAt = Infinity;
    writing = writing.then(async () => {
      if (attempts.length === 0 && done.length === 0 && sentNotices.length === 0) return;
      const a = attempts.splice(0);
      const d = done.splice(0);
      const n = sentNotices.splice(0);
      let rowsSettled = false;
      if (n.length > 0) {
        try {
          await settleSentNotices({ db, now: clock.now(), workerId, ids: n });
        } catch (err) {
          log.error(
            { err, notices: n.length },
            "could not write that notices were sent; they will be tried again when their claim runs out",
          );
        }
      }
      try {
        const outcomes = await settleWork({ db, config, masterKeys, workerId, now: clock.now(), attempts: a, done: d });
        for (const outcome of outcomes.values()) tally(outcome);
        rowsSettled = d.some((row) => !row.notice && !row.handBack);
      } catch (err) {
        log.error(
          { err, rows: d.length, attempts: a.length },
          "could not write the outcome of sends; their rows will be retried when their lease runs out",
        );
      }
      opts.written({ closed: n.length + d.length, rowsSettled });
    });
    return writing;
  };
  const schedule = (withinMs = FLUSH_AFTER_MS) => {
    if (opts.quiet() || attempts.length + done.length + sentNotices.length >= FLUSH_AT) return void flush();
    const at = performance.now() + withinMs;
    if (at >= dueAt) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => void flush(), withinMs);
  };

  return {
    counts,
    attempted(attempt: Attempt) {
      attempts.push(attempt);
    },
    /** A row whose jobs are all finished (or that goes back untried). */
    rowDone(row: DoneRow) {
      done.push(row);
      schedule();
    },
    noticeSent(id: string) {
      sentNotices.push(id);
      schedule(NOTICES_FLUSH_AFTER_MS);
    },
    schedule,
    flush,
    /** Resolves once the writes begun so far are over. */
    settled: () => writing,
  };
}
