// A burst of deadlines with confirm before release on (issue 29, docs/decisions/041): n no_check_in
// conditions, each asking its owner's two trusted contacts, whose deadlines fall within `spread`
// seconds. The real engine loop turns each into a question: two question mails and the owner's last
// alert, to a real SMTP server on loopback in another process. Reports how late each question
// arrived (arrival − deadline) and the stage's mail rate against raw nodemailer in the same run.
// Aims, as for a burst of releases (issue 27): ≥ 70 % of raw nodemailer sending the same mails (two
// questions to an alert, as the engine words them); question lateness p99 ≤ mails ÷ raw rate + 2 s,
// the mails being the questions and the alerts sent beside them.
// Usage: node --import tsx bench/confirmation-burst.ts [n=10000] [spreadS=10] [timeoutS=600]
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { DEFAULT_CONFIRMATION_SETTINGS } from "@trigger-switch/contracts";
import { lastAlertMail, questionMail } from "../server/src/contacts/confirmation-mail.ts";
import { newRecordCipher } from "../server/src/crypto/record-cipher.ts";
import type { startEngine } from "../server/src/engine/start-engine.ts";
import { percentile, postgresAvailable } from "./support/scratch-db.ts";
import { idOf, seedConditions, seedOwnersAndMessages } from "./support/seed.ts";
import { spreadDeadlines, stageEngineBench, startBenchEngine } from "./support/engine-bench-stage.ts";
import { bestRawMailRate } from "./support/raw-mail-rate.ts";

const n = Number(process.argv[2] ?? 10_000);
const spreadMs = Number(process.argv[3] ?? 10) * 1000;
const timeoutMs = Number(process.argv[4] ?? 600) * 1000;
const THRESHOLD_MIN = 60;
const PER_OWNER = 2;
if (!(await postgresAvailable())) {
  console.log("skipped: no PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)");
  process.exit(0);
}

const { sink, scratch, dataDir, config, masterKeys, mailer } = await stageEngineBench("confirm");
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let engine: ReturnType<typeof startEngine> | undefined;
try {
  const seedStart = performance.now();
  // One condition per owner, so each condition asks its own two contacts.
  await seedOwnersAndMessages(scratch.pool, { n, perOwner: 1, masterKeys, sealed: true });
  await seedConditions(scratch.pool, {
    n,
    perOwner: 1,
    thresholdMinutes: THRESHOLD_MIN,
    reminderMinutes: [],
    lastCheckedSql: "now() + interval '10 years'",
    schedule: false,
  });
  const contacts = { id: [] as string[], user: [] as string[], keyId: [] as string[], wrapped: [] as string[] };
  const names: string[] = [];
  const addresses: string[] = [];
  const hashes: string[] = [];
  for (let j = 1; j <= n; j++)
    for (let k = 1; k <= PER_OWNER; k++) {
      const id = idOf(`contact${k}`, j);
      const sealed = newRecordCipher(masterKeys, "contact", id);
      contacts.id.push(id);
      contacts.user.push(idOf("user", j));
      contacts.keyId.push(sealed.keyId);
      contacts.wrapped.push(sealed.wrappedKey);
      names.push(sealed.cipher.seal("name", `Contact ${k} of owner ${j}`));
      addresses.push(`c${k}-${j}@bench.example`);
      hashes.push(crypto.randomBytes(32).toString("hex"));
    }
  await scratch.pool.query(
    `insert into trusted_contacts (id, user_id, key_id, wrapped_key, name, channel, address, state, invitation_hash,
                                   invitation_expires_at, invited_at, responded_at)
       select id, user_id, key_id, wrapped, name, 'email', address, 'active', hash, now(), now(), now()
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         as t(id, user_id, key_id, wrapped, name, address, hash)`,
    [contacts.id, contacts.user, contacts.keyId, contacts.wrapped, names, addresses, hashes],
  );
  await scratch.pool.query(
    `insert into condition_contacts (condition_id, contact_id, user_id)
       select c.id, t.id, c.user_id from message_conditions c join trusted_contacts t on t.user_id = c.user_id`,
  );
  await scratch.pool.query(`update message_conditions set confirmation = $1::jsonb`, [
    JSON.stringify(DEFAULT_CONFIRMATION_SETTINGS),
  ]);
  await scratch.pool.query("vacuum analyze");
  console.log(
    `seeded ${n.toLocaleString("en")} owners, each with a message, a condition asking first and ${PER_OWNER} active contacts, in ${s(performance.now() - seedStart)}`,
  );

  // Deadlines from t0 (a few seconds ahead) evenly over the spread; the schedule as the product writes it.
  const t0 = Date.now() + 8000;
  await spreadDeadlines(scratch.pool, { n, t0, spreadMs, thresholdMinutes: THRESHOLD_MIN });
  const deadlines = new Map<string, number>();
  const dl = await scratch.pool.query<{ address: string; ms: number }>(
    `select t.address, extract(epoch from s.deadline)::float8 * 1000 ms
       from reminder_schedule s join trusted_contacts t on t.user_id = s.user_id`,
  );
  for (const row of dl.rows) deadlines.set(row.address, Math.round(row.ms));
  if (Date.now() > t0) console.warn(`warning: the schedule was written ${s(Date.now() - t0)} after the first deadline`);

  engine = startBenchEngine({ db: scratch.database.db, config, masterKeys, mailer });
  const expected = n * PER_OWNER;
  const questions = async () => (await sink.arrivals()).filter(([to]) => deadlines.has(to));
  let got = 0;
  let lastReport = Date.now();
  while (got < expected && Date.now() < t0 + spreadMs + timeoutMs) {
    await new Promise((r) => setTimeout(r, 500));
    got = (await questions()).length;
    if (Date.now() - lastReport >= 15_000) {
      lastReport = Date.now();
      console.log(`  ${s(Date.now() - t0)} after the first deadline: ${got.toLocaleString("en")} questions arrived`);
    }
  }
  // And the owners' last alerts, sent beside the questions.
  while ((await sink.count()) < expected + n && Date.now() < t0 + spreadMs + timeoutMs)
    await new Promise((r) => setTimeout(r, 500));
  await engine.stop();
  engine = undefined;
  const all = await sink.arrivals();
  const arrivals = all.filter(([to]) => deadlines.has(to));
  const late = arrivals.map(([to, at]) => at - deadlines.get(to)!).sort((a, b) => a - b);
  const unique = new Set(arrivals.map(([to]) => to)).size;
  const lastQuestion = Math.max(...arrivals.map(([, at]) => at));
  const lastMail = Math.max(...all.map(([, at]) => at));
  const { rows: released } = await scratch.pool.query<{ n: number }>("select count(*)::int n from access_grants");
  const { rows: stages } = await scratch.pool.query<{ kind: string; n: number }>(
    "select state->>'kind' kind, count(*)::int n from confirmation_stages group by 1 order by 1",
  );
  const stageRate = all.length / ((lastMail - t0) / 1000);
  console.log(
    `stage: ${arrivals.length.toLocaleString("en")} questions (${unique.toLocaleString("en")} distinct contacts) and ${(all.length - arrivals.length).toLocaleString("en")} owners' alerts for ${n.toLocaleString("en")} deadlines over ${s(spreadMs)}; stages: ${stages.map((r) => `${r.kind} ${r.n}`).join(", ")}; released: ${released[0]!.n}`,
  );
  console.log(`  last question ${s(lastQuestion - t0)} after the first deadline, last mail ${s(lastMail - t0)}`);
  console.log(
    `  question lateness p50 ${s(percentile(late, 50))}, p99 ${s(percentile(late, 99))}, max ${s(late.at(-1)!)}`,
  );
  if (unique !== arrivals.length || arrivals.length !== expected)
    console.log(`  NOT exactly once: ${arrivals.length} questions, ${unique} distinct, ${expected} expected`);

  const rawRate = await bestRawMailRate({
    config,
    sink,
    db: scratch.database.db,
    masterKeys,
    count: Math.min(all.length, 20_000),
    // The stage's own mails, worded as the engine words them: two questions to each owner's alert.
    mails: (() => {
      const ctx = { ownerFirstName: "Alex", timeZone: "UTC", siteUrl: config.SITE_URL };
      const token = crypto.randomBytes(32).toString("base64url");
      const question = questionMail(ctx, { since: new Date(), endsAt: new Date(Date.now() + 48 * 3600_000), token });
      const alert = lastAlertMail(ctx, {
        endsAt: new Date(Date.now() + 48 * 3600_000),
        contactNames: ["Contact 1 of owner 1", "Contact 2 of owner 1"],
        checkInUrl: `${config.SITE_URL}/check-in?token=${token}`,
      });
      const asSent = ({ subject, text, html }: { subject: string; text: string; html?: string }) => ({
        subject,
        text,
        html: html ?? "",
      });
      return [asSent(question), asSent(question), asSent(alert)];
    })(),
  });
  console.log(
    `stage / best raw: ${((100 * stageRate) / rawRate).toFixed(0)} % (${stageRate.toFixed(0)} mails/s, questions and alerts) — aim ≥ 70 % → ${stageRate / rawRate >= 0.7 ? "met" : "not met"}`,
  );
  // The stage's mails go out in the order they were queued, each owner's alert beside its questions
  // (none waits for another, unlike a release's owner notice): the aim counts all of them.
  const latenessAimMs = ((expected + n) / rawRate) * 1000 + 2000;
  console.log(
    `question lateness p99: ${s(percentile(late, 99))} — aim ≤ mails ÷ raw + 2 s = ${s(latenessAimMs)} → ${percentile(late, 99) <= latenessAimMs && arrivals.length === expected && unique === expected && released[0]!.n === 0 ? "met" : "not met"}`,
  );
  console.log(
    `settings: ENGINE_BATCH_SIZE=${config.ENGINE_BATCH_SIZE} ENGINE_CONCURRENCY=${config.ENGINE_CONCURRENCY} ENGINE_INTERVAL_MS=${config.ENGINE_INTERVAL_MS}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await engine?.stop();
  mailer.close();
  sink.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
