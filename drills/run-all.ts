// Runs every reliability drill in turn, each in its own process (its servers, database and mail
// sink are its own), and prints one summary. Exits non-zero if any drill failed.
// Usage: node --import tsx drills/run-all.ts [--small]   (--small: ~1,000 deliveries a drill, for CI)
import { spawn } from "node:child_process";
import path from "node:path";
import { adminUrl, postgresAvailable } from "./support/scratch-db.ts";
import { repoRoot } from "./support/server-process.ts";

const DRILLS = [
  "kill-mid-burst.ts",
  "three-workers.ts",
  "smtp-outage.ts",
  "our-outage.ts",
  "smtp-stall.ts",
  "contact-questions.ts",
  // The embedded default (PostgreSQL in DATA_DIR/postgres), as `npm install && npm start` runs it (docs/decisions/013, 035).
  "embedded-kill-mid-burst.ts",
  "embedded-one-process.ts",
  "embedded-wal-sync.ts",
  "hung-provider.ts",
  "sigterm-npm-start.ts",
];
const small = process.argv.includes("--small");

interface Result {
  name: string;
  passed: boolean;
  seconds: number;
  metrics: Record<string, string | number>;
  failed: string[];
}

if (!(await postgresAvailable())) {
  console.error(`The drills need PostgreSQL: nothing answers at ${adminUrl} (set DRILLS_DATABASE_URL).`);
  process.exit(2);
}

const started = performance.now();
const results: { file: string; code: number | null; result: Result | null }[] = [];
for (const file of DRILLS) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("drills", file), ...(small ? ["--small"] : [])], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Forward Ctrl-C so the drill can kill its servers and drop its database.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward).on("SIGTERM", forward);
  let result: Result | null = null;
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    buffered += chunk.toString("utf8");
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith("DRILL-RESULT ")) result = JSON.parse(line.slice("DRILL-RESULT ".length)) as Result;
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  process.off("SIGINT", forward).off("SIGTERM", forward);
  results.push({ file, code, result });
  console.log("");
}

const allPassed = results.every((r) => r.code === 0 && r.result?.passed);
console.log(
  `== reliability drills${small ? " (--small)" : ""}: ${allPassed ? "PASS" : "FAIL"} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
for (const { file, code, result } of results) {
  const verdict = code === 0 && result?.passed ? "PASS" : "FAIL";
  console.log(`   ${verdict}  ${result?.name ?? file}  (${result ? `${result.seconds} s` : `exit ${code}`})`);
  for (const [k, v] of Object.entries(result?.metrics ?? {}))
    console.log(`           ${k}: ${typeof v === "number" ? v.toLocaleString("en") : v}`);
  for (const f of result?.failed ?? []) console.log(`           failed: ${f}`);
}
process.exit(allPassed ? 0 : 1);
