// A burst of signed WhatsApp check-in webhooks, `inFlight` at a time: how fast the webhook answers
// (the provider retries slow ones), and how long until every check-in is handled and committed.
// The real server (composeApp, listening on loopback, logs off), the local Cloud API server taking
// the replies and posting their statuses back a second later (as Meta does), `owners` owners with
// a verified number and two check-in conditions each, the webhooks spread over them. Then the
// same burst of status webhooks (delivery receipts), which the server stores as they come.
// The requests are made from a worker thread (support/webhook-burst-client.mjs), so that the
// client does not share the server's event loop. The default install's embedded PostgreSQL in a fresh DATA_DIR by default;
// TEST_DATABASE_URL=postgres://… runs it on a scratch PostgreSQL database.
// Aim (issue 26): answer p99 < 50 ms on a quiet machine.
// Usage: node --import tsx bench/whatsapp-webhook-burst.ts [webhooks=1000] [inFlight=50] [owners=20]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { connect } from "../server/src/db/connect.ts";
import { startChannelsApp, newNumber, verifyNumber, withOwnAddress } from "../server/test/support/channels.ts";
import { createCondition, createMessage } from "../server/test/support/content.ts";
import { signUpUser } from "../server/test/support/users.ts";

const [count, inFlight, ownerCount] = [1000, 50, 20].map((d, i) => Number(process.argv[2 + i] ?? d)) as [
  number,
  number,
  number,
];
// As a default install runs: the embedded database in a directory on disk (tests use an in-memory one).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
const database = process.env.TEST_DATABASE_URL ? undefined : await connect({ dataDir });
const c = await startChannelsApp({}, { statusDelayMs: 1000, database });
const numbers: string[] = [];
for (let i = 0; i < ownerCount; i++) {
  // Each owner asks for a code from an address of their own (the per-address limit allows a few a
  // minute); sign-ups allow 30 per address in 10 minutes, hence 20 owners by default.
  const owner = withOwnAddress(await signUpUser(c.t));
  const number = newNumber();
  await verifyNumber(c, owner, number);
  for (let k = 0; k < 2; k++) await createCondition(owner, (await createMessage(owner)).id);
  numbers.push(number);
}

/** Posts `n` webhooks of a kind, `inFlight` at a time, from the worker; the time from each request to its answer. */
function burst(n: number, kind: "check-in" | "receipt", run: string): Promise<number[]> {
  const worker = new Worker(new URL("./support/webhook-burst-client.mjs", import.meta.url), {
    workerData: {
      url: c.t.url,
      appSecret: c.whatsapp.appSecret,
      phoneNumberId: c.whatsapp.env.WHATSAPP_PHONE_NUMBER_ID,
      numbers,
      count: n,
      inFlight,
      run,
      kind,
      now: c.t.clock.now().getTime(),
    },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (times: number[]) => resolve(times));
    worker.once("error", reject);
  });
}

/** Check-ins of this run that are handled (outcome set: on the code before the inbox, as it answered). */
const handledCount = async (run: string) =>
  Number(
    (
      (await c.t.database.db.execute(
        sql`select count(*)::int as n from inbound_messages where provider_message_id like ${`wamid.bench-${run}-%`} and outcome is not null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );
const allHandled = async (run: string, n: number) => {
  while ((await handledCount(run)) < n) await new Promise((r) => setTimeout(r, 20));
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const line = (label: string, xs: number[]) =>
  `${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

console.log(
  `${count} signed WhatsApp check-in webhooks, ${inFlight} in flight, ${ownerCount} owners, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "embedded PostgreSQL"}; load average before: ${load()}`,
);
// Warm-up: the same path a few hundred times (JIT, the database's caches), then quiet again.
await burst(300, "check-in", "warm");
await allHandled("warm", 300);
await c.whatsapp.settled();
await new Promise((r) => setTimeout(r, 1500));

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const started = performance.now();
const answers = await burst(count, "check-in", "run");
const answeredAll = performance.now() - started;
await allHandled("run", count);
const handledAll = performance.now() - started;
loopDelay.disable();
console.log(line("check-in webhook answered", answers));
console.log(
  `all ${count} answered after ${(answeredAll / 1000).toFixed(2)} s; all ${count} check-ins handled (committed) after ${(handledAll / 1000).toFixed(2)} s`,
);
console.log(
  `server event loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms; load average: ${load()}`,
);
await c.whatsapp.settled();

const receipts = await burst(count, "receipt", "run");
console.log(line("status webhook answered  ", receipts));
console.log(`aim answer p99 < 50 ms: ${pct(answers, 99) < 50 ? "met" : "NOT met"}; load average at the end: ${load()}`);
await c.close();
await database?.close();
fs.rmSync(dataDir, { recursive: true, force: true });
