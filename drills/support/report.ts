/**
 * A drill's frame: parses --small, runs the body, always runs the cleanups (servers killed,
 * scratch database dropped, sink closed) and prints a PASS/FAIL summary with the numbers;
 * exits non-zero on failure. The last line, `DRILL-RESULT {json}`, is what run-all.ts reads.
 */
export interface DrillContext {
  small: boolean;
  /** A number worth printing (and recording in docs/benchmarks.md). */
  metric(name: string, value: string | number): void;
  /** An assertion: recorded, never thrown, so every check of a drill is reported. */
  check(name: string, ok: boolean, detail?: string): boolean;
  /** Registered cleanups run last-in first-out, on success, failure or Ctrl-C. */
  cleanup(fn: () => Promise<void> | void): void;
  log(line: string): void;
}

export async function runDrill(name: string, body: (ctx: DrillContext) => Promise<void>): Promise<never> {
  const small = process.argv.includes("--small");
  const started = performance.now();
  const metrics: [string, string | number][] = [];
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const ctx: DrillContext = {
    small,
    metric: (n, v) => void metrics.push([n, v]),
    check(n, ok, detail = "") {
      checks.push({ name: n, ok, detail });
      console.log(`  [${ok ? "ok" : "FAIL"}] ${n}${detail ? ` — ${detail}` : ""}`);
      return ok;
    },
    cleanup: (fn) => void cleanups.push(fn),
    log: (line) => console.log(`  [${elapsed()}] ${line}`),
  };
  let cleaning: Promise<void> | null = null;
  const runCleanups = () =>
    (cleaning ??= (async () => {
      for (const fn of cleanups.reverse()) {
        try {
          await fn();
        } catch (err) {
          console.error(`  cleanup failed: ${(err as Error).message}`);
        }
      }
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${name}: ${signal}, cleaning up`);
      void runCleanups().then(() => process.exit(130));
    });
  }

  console.log(`== ${name}${small ? " (--small)" : ""}`);
  try {
    await body(ctx);
  } catch (err) {
    checks.push({ name: "the drill ran to its end", ok: false, detail: (err as Error).stack ?? String(err) });
    console.log(`  [FAIL] the drill ran to its end — ${(err as Error).stack ?? String(err)}`);
  }
  await runCleanups();

  const passed = checks.length > 0 && checks.every((c) => c.ok);
  const time = elapsed();
  console.log(`-- ${name}: ${passed ? "PASS" : "FAIL"} in ${time}`);
  for (const [n, v] of metrics) console.log(`   ${n}: ${typeof v === "number" ? v.toLocaleString("en") : v}`);
  for (const c of checks.filter((c) => !c.ok))
    console.log(`   failed: ${c.name}${c.detail ? ` — ${c.detail.split("\n")[0]}` : ""}`);
  console.log(
    `DRILL-RESULT ${JSON.stringify({ name, small, passed, seconds: Number(time.split(" ")[0]), metrics: Object.fromEntries(metrics), failed: checks.filter((c) => !c.ok).map((c) => (c.detail ? `${c.name} — ${c.detail.split("\n")[0]}` : c.name)) })}`,
  );
  process.exit(passed ? 0 : 1);
}
