/**
 * One stop per deliberate request. npm passes SIGINT/SIGTERM on to its child, and a terminal's
 * Ctrl-C or systemd's default KillMode signals the whole process group, so the server often hears
 * the same request twice within milliseconds. A repeat inside the window is that same stop; only a
 * signal after it (a person pressing Ctrl-C again while the stop hangs) forces the exit.
 */
export const REPEAT_WINDOW_MS = 1_000;

export type SignalVerdict = "stop" | "same-stop" | "force";

/** Classifies each signal against the first one; `now` is a monotonic time in milliseconds. */
export function createStopSignals(windowMs = REPEAT_WINDOW_MS) {
  let firstAt: number | null = null;
  return (now: number): SignalVerdict => {
    if (firstAt === null) {
      firstAt = now;
      return "stop";
    }
    return now - firstAt <= windowMs ? "same-stop" : "force";
  };
}
