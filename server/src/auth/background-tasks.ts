export interface BackgroundTasks {
  /** Runs `task` after the response; a failure is logged (by `what`, never with its data). */
  run(what: string, task: () => Promise<void>): void;
  /** Waits for everything still running (on shutdown). */
  drain(): Promise<void>;
  /** Where failures are reported; the app's logger once the routes are mounted. */
  useLogger(log: { error(obj: object, msg: string): void }): void;
}

/**
 * Auth e-mails are sent after the answer has gone out. Sending takes very different times
 * (SMTP round trips) depending on whether an account exists, so doing it inline would let
 * response timing reveal which addresses are registered.
 */
export function createBackgroundTasks(): BackgroundTasks {
  const running = new Set<Promise<void>>();
  let log: { error(obj: object, msg: string): void } = { error: (obj, msg) => console.error(msg, obj) };
  // Only the kind of task and the error's class/code: no addresses, tokens or mail bodies.
  const logError = (what: string, err: unknown) => {
    const e = err as { name?: string; code?: string } | undefined;
    log.error({ task: what, error: e?.name ?? "Error", code: e?.code }, "auth background task failed");
  };
  return {
    run(what, task) {
      const p = Promise.resolve()
        .then(task)
        .catch((err) => logError(what, err))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
    useLogger(next) {
      log = next;
    },
  };
}
