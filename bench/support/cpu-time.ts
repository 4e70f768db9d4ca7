import fs from "node:fs";
import type pg from "pg";

/** CPU time (user + system, ms) a process, or one of its threads by `tid`, has used, from /proc (Linux); NaN where unreadable. */
export function cpuMs(pid: number, tid?: number): number {
  try {
    const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const fields = fs.readFileSync(file, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

/**
 * CPU time of the PostgreSQL backends serving `pool`'s database (a PostgreSQL on this machine) since
 * the meter started. A backend that exits counts up to the last `sample()` that saw it, so a long
 * run samples often (a pool closes idle connections); one that started later counts from zero.
 */
export async function startPostgresCpuMeter(pool: pg.Pool) {
  const atStart = new Map<number, number>();
  const latest = new Map<number, number>();
  let started = false;
  const sample = async () => {
    const { rows } = await pool.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (Number.isNaN(ms)) continue;
      if (!atStart.has(pid)) atStart.set(pid, started ? 0 : ms);
      latest.set(pid, ms);
    }
  };
  await sample();
  started = true;
  return {
    sample,
    /** Milliseconds of CPU the backends used since the start, as of the last sample. */
    usedMs: () => [...latest].reduce((sum, [pid, ms]) => sum + ms - atStart.get(pid)!, 0),
  };
}

/** The ids of a process's threads now (Linux). */
export function threadIds(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map(Number);
}

/** Runs `start` and returns, with its result, the threads of this process it started (a Worker's, say). */
export function withNewThreads<T>(start: () => T): { result: T; threads: number[] } {
  const before = new Set(threadIds(process.pid));
  const result = start();
  return { result, threads: threadIds(process.pid).filter((tid) => !before.has(tid)) };
}

/** CPU time (ms) the given threads of this process have used, summed. */
export function threadsCpuMs(tids: number[]): number {
  return tids.reduce((sum, tid) => sum + cpuMs(process.pid, tid), 0);
}

/** CPU (ms) of this process's main thread, of `threads` (a mail thread), of the whole process, and of another process (the sink). */
export function cpuSnapshot(threads: number[], otherPid: number) {
  return {
    thread: cpuMs(process.pid, process.pid),
    mail: threadsCpuMs(threads),
    process: cpuMs(process.pid),
    sink: cpuMs(otherPid),
  };
}
