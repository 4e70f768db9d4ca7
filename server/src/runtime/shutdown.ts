/**
 * SIGTERM must end the process within 10 s whatever a mail server or a slow client does, or a
 * supervisor's grace period ends in SIGKILL (docs/decisions/013). Each step gets its own budget
 * and the next runs even if it did not finish: a hung HTTP close must not keep the database open,
 * and a hung database close must not keep the process alive.
 */
export const SHUTDOWN_BUDGET_MS = 9_000;

export interface ShutdownStep {
  name: string;
  budgetMs: number;
  run: () => Promise<void>;
}

export interface ShutdownLog {
  info(msg: string): void;
  error(msg: string): void;
}

/** Runs the steps in order, each cut off after its budget. Resolves true when every step finished. */
export async function runShutdownSteps(steps: ShutdownStep[], log: ShutdownLog): Promise<boolean> {
  let clean = true;
  for (const step of steps) {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      step.run().then(
        () => "done" as const,
        (err: unknown) => {
          log.error(`shutdown: ${step.name} failed: ${(err as Error)?.message ?? String(err)}`);
          return "failed" as const;
        },
      ),
      new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), step.budgetMs))),
    ]);
    clearTimeout(timer);
    if (outcome === "timeout")
      log.error(`shutdown: ${step.name} did not finish within ${step.budgetMs / 1000} s; going on without it`);
    else if (outcome === "done")
      log.info(`shutdown: ${step.name} done in ${Math.round(performance.now() - started)} ms`);
    if (outcome !== "done") clean = false;
  }
  return clean;
}
