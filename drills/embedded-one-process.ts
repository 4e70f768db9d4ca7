// Drill: one process per embedded database (docs/decisions/013). A second server on the same
// DATA_DIR, and ROLE=web / ROLE=worker without DATABASE_URL, are refused before they open
// anything; the first keeps serving, and after it stops, a restart finds every acknowledged write
// and delivers each due message exactly once.
// Usage: node --import tsx drills/embedded-one-process.ts [--small]
import { countReleases } from "./support/count-mails.ts";
import { readLock, stageEmbedded, startExpectingExit } from "./support/embedded.ts";
import { runDrill } from "./support/report.ts";
import { expectedReleaseKeys, seed } from "./support/seed.ts";
import { settle, untilAfter } from "./support/stage.ts";
import { waitUntil } from "./support/wait.ts";

await runDrill("embedded: one process per DATA_DIR", async (ctx) => {
  const { sink, deployment } = await stageEmbedded(ctx, "one-process");
  const first = await deployment.start({ name: "first", role: "all" });
  const firstPort = new URL(first.url).port;
  const before = await seed(first.url, {
    tag: "one",
    owners: 2,
    messagesPerOwner: ctx.small ? 5 : 20,
    recipientsPerOwner: 3,
    thresholdMinutes: () => 5,
  });
  ctx.log(`first server (pid ${first.pid}, port ${firstPort}) took ${before.messages.length} messages`);

  const lock = readLock(deployment.dataDir);
  ctx.check(
    "the lock names the first server's PID and port",
    lock?.pid === first.pid && String(lock?.port) === firstPort,
    JSON.stringify(lock),
  );

  const second = await startExpectingExit({ DATA_DIR: deployment.dataDir, ROLE: "all" });
  ctx.log(`second server on the same DATA_DIR: exit ${second.code}: ${second.output.split("\n")[0]}`);
  ctx.check(
    "a second server on the same DATA_DIR is refused (exit 78)",
    second.code === 78 && !second.listened,
    `exit ${second.code}, listened: ${second.listened}`,
  );
  ctx.check(
    "the refusal names the holder's PID and port",
    second.output.includes(`process ${first.pid} (port ${firstPort})`),
    second.output.slice(0, 300),
  );

  for (const role of ["web", "worker"]) {
    const r = await startExpectingExit({ DATA_DIR: deployment.dataDir, ROLE: role });
    ctx.check(
      `ROLE=${role} without DATABASE_URL is refused (exit 78, in words)`,
      r.code === 78 && !r.listened && r.output.includes(`ROLE=${role} needs DATABASE_URL`),
      `exit ${r.code}: ${r.output.slice(0, 200)}`,
    );
  }

  const ready = await fetch(`${first.url}/readyz`);
  ctx.check("the first server still answers /readyz", ready.status === 200, `${ready.status}`);
  const after = await seed(first.url, {
    tag: "one-b",
    owners: 1,
    messagesPerOwner: ctx.small ? 5 : 20,
    recipientsPerOwner: 3,
    thresholdMinutes: () => 5,
  });
  ctx.check("the first server still takes writes", after.messages.length > 0);

  await first.stop();
  ctx.check("a clean stop removes the lock", readLock(deployment.dataDir) === null);

  // Restart on the same DATA_DIR and clock: every acknowledged write is there, every due message goes out once.
  const third = await deployment.start({ name: "restart", role: "all", offsetMs: first.offsetMs });
  const messages = [...before.messages, ...after.messages];
  for (const m of messages) m.owner.base = third.url;
  const listed = await Promise.all(
    [...before.owners, ...after.owners].map(async (o) => ((await o.api("/api/messages")) as unknown[]).length),
  );
  ctx.check(
    "after the restart every acknowledged message is there",
    listed.reduce((a, b) => a + b, 0) === messages.length,
    `${listed.join("+")} of ${messages.length}`,
  );
  const expected = expectedReleaseKeys(messages);
  await third.advanceClock(
    untilAfter(
      messages.map((m) => m.deadline),
      third.offsetMs,
    ),
  );
  await waitUntil("every release at the mail server", () => countReleases(sink.mails, expected).lost === 0, {
    timeoutMs: 300_000,
    intervalMs: 200,
  });
  await settle(sink, 3_000);
  const count = countReleases(sink.mails, expected);
  ctx.metric("release mails expected", expected.size);
  ctx.metric("received unique", count.receivedUnique);
  ctx.metric("duplicates", count.duplicates);
  ctx.check(
    "every message delivered exactly once",
    count.lost === 0 && count.duplicates === 0 && count.unexpected === 0,
    JSON.stringify({ lost: count.lost, duplicates: count.duplicates, unexpected: count.unexpected }),
  );
});
