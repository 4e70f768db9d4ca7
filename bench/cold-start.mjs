// Cold start to ready: spawn the server, poll /readyz, report ms. First start on an empty DATA_DIR
// (creates the database, runs migrations, generates keys), then re-opens of the same DATA_DIR.
// Both ways the server can run, side by side: the compiled bundle `npm start` runs
// (server/dist/bundle/main.js, built first if out of date) and the TypeScript sources through tsx.
// Usage: node bench/cold-start.mjs [runs=5]
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServerIfNeeded, serverBundle } from "../scripts/build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 5);
const port = 3900;

const ways = { compiled: [serverBundle], tsx: ["--import", "tsx", "server/src/main.ts"] };

async function startOnce(dataDir, args) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn", DATABASE_URL: "" },
    stdio: "ignore",
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not become ready within 180 s");
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  await new Promise((resolve) => {
    child.on("exit", resolve);
    child.kill("SIGTERM");
  });
  return ms;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms (min ${s[0].toFixed(0)}, max ${s.at(-1).toFixed(0)}, n=${s.length})`;
};

await buildServerIfNeeded();
const results = Object.fromEntries(Object.keys(ways).map((w) => [w, { first: [], reopen: [] }]));
for (let i = 0; i < runs; i++) {
  // Interleaved, so a busy moment of the machine hits both ways alike.
  for (const [way, args] of Object.entries(ways)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
    results[way].first.push(await startOnce(dir, args));
    results[way].reopen.push(await startOnce(dir, args));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
for (const [way, r] of Object.entries(results)) {
  console.log(`${way.padEnd(8)} cold start, empty DATA_DIR (create DB, migrate, generate keys): ${stats(r.first)}`);
  console.log(`${way.padEnd(8)} cold start, re-open existing DATA_DIR:                         ${stats(r.reopen)}`);
}
