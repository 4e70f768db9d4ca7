// `npm run bench`: every benchmark under bench/, one after another. They print figures; none is a test.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

if (!fs.existsSync("web/dist/index.html")) spawnSync("npm", ["run", "build"], { stdio: "inherit" });

// The PostgreSQL benchmarks (docs/benchmarks.md) skip themselves when no server answers at
// BENCH_DATABASE_URL; here they run at smaller sizes than the recorded figures, to stay quick.
const benches = [
  ["bench/web-bundle-size.mjs"],
  ["bench/lighthouse.mjs", "--runs=1"],
  ["bench/cold-start.mjs"],
  ["--import", "tsx", "bench/checkin-throughput.ts", "200", "10", "20"],
  ["--import", "tsx", "bench/engine-idle-tick.ts", "1000,100000", "30"],
  ["--import", "tsx", "bench/engine-burst.ts", "10000", "20"],
  ["--import", "tsx", "bench/push-reminders.ts", "1000"],
  ["--import", "tsx", "bench/realtime-sockets.ts", "--sockets=500", "--owners=100", "--rate=50", "--seconds=10"],
];
for (const args of benches) {
  console.log(`\n## ${args.filter((a) => a.startsWith("bench/")).join(" ")}`);
  const r = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
