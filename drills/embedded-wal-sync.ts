// Drill: a power cut cannot take an acknowledged write on the embedded default (docs/decisions/035).
// The server runs under strace; for every write request answered 2xx, the embedded PostgreSQL must
// have synced (fdatasync/fsync) the WAL file it wrote before the answer left the process.
// Usage: node --import tsx drills/embedded-wal-sync.ts [--small]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { readLock, stageEmbedded } from "./support/embedded.ts";
import { runDrill } from "./support/report.ts";
import { seed } from "./support/seed.ts";
import { checkAnswersAfterWalSync } from "./support/wal-sync-trace.ts";
import { waitUntil } from "./support/wait.ts";

await runDrill("embedded: every acknowledged write is synced to disk first", async (ctx) => {
  try {
    execFileSync("strace", ["-V"], { stdio: "ignore" });
  } catch {
    ctx.check("strace is installed (Debian package strace)", false);
    return;
  }
  const { deployment } = await stageEmbedded(ctx, "wal-sync");
  const trace = path.join(deployment.logDir, "strace.txt");
  const server = await deployment.start({
    name: "traced",
    role: "all",
    wrap: [
      "strace",
      "-f",
      "-tt",
      "-y",
      "-s",
      "40",
      "-e",
      "trace=read,recvfrom,write,writev,pwrite64,pwritev,fdatasync,fsync",
      "-o",
      trace,
    ],
  });
  const { owners, messages } = await seed(server.url, {
    tag: "wal",
    owners: 1,
    messagesPerOwner: ctx.small ? 3 : 10,
    recipientsPerOwner: 2,
    thresholdMinutes: () => 60,
    concurrency: 1,
  });
  const owner = owners[0]!;
  const checkIns = ctx.small ? 5 : 20;
  for (let i = 0; i < checkIns; i++) await owner.api("/api/check-in", { method: "POST", body: {} });
  await owner.api(`/api/messages/${messages[0]!.id}`, { method: "PATCH", body: { title: "Edited under strace" } });

  // What the trace cannot see for itself: a commit the WAL writer writes later.
  const settings = new pg.Client({
    host: path.join(deployment.dataDir, "postgres"),
    user: "postgres",
    database: "postgres",
  });
  await settings.connect();
  const { rows } = await settings.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit')",
  );
  await settings.end();
  const setting = (name: string) => rows.find((r) => r.name === name)?.setting;
  ctx.check(
    "the embedded PostgreSQL runs with fsync and synchronous_commit on",
    setting("fsync") === "on" && setting("synchronous_commit") === "on",
    rows.map((r) => `${r.name} = ${r.setting}`).join(", "),
  );

  // Stop the server itself (strace is the process the deployment started), then let strace finish writing.
  const holder = readLock(deployment.dataDir);
  if (holder) process.kill(holder.pid, "SIGTERM");
  await waitUntil("the traced server to stop", () => !server.alive, { timeoutMs: 60_000, intervalMs: 200 });

  const result = checkAnswersAfterWalSync(fs.readFileSync(trace, "utf8"));
  ctx.metric("write requests answered 2xx", result.answered);
  ctx.metric("of them, WAL synced before the answer", result.synced);
  ctx.metric("WAL syncs seen", result.walSyncs);
  ctx.check("the trace saw the writes (sign-up, recipients, messages, check-ins, an edit)", result.answered >= 10);
  ctx.check(
    "every 2xx of a write came after a sync of the WAL it wrote",
    result.answered > 0 && result.unsynced.length === 0,
    result.unsynced.slice(0, 5).join("; "),
  );
});
