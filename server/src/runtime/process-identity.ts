import fs from "node:fs";

/**
 * When a process started, as the kernel records it (Linux: field 22 of /proc/<pid>/stat, clock
 * ticks since boot), or null where that is unknown. A PID plus its start time names one process
 * for good: a PID reused by a later process has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null; // field 22 overall; this slice starts at field 3
  } catch {
    return null;
  }
}

/** Whether a process with this PID exists (EPERM: it does, but belongs to another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process recorded as (pid, startTime) is still running. Where start times are known
 * on both sides, a different one means the PID was reused and the recorded process is gone.
 */
export function recordedProcessAlive(pid: number, startTime: string | null): boolean {
  if (!processExists(pid)) return false;
  if (startTime === null) return true;
  const current = processStartTime(pid);
  return current === null || current === startTime;
}
