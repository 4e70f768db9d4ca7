import { releaseKey } from "./count-mails.ts";
import type { DrillContext } from "./report.ts";
import { expectedReleaseKeys, seed, type SeedPlan, type SeededMessage } from "./seed.ts";
import type { ServerProcess } from "./server-process.ts";
import type { SmtpSink } from "./smtp-sink.ts";
import { settle, untilAfter } from "./stage.ts";
import { waitUntil } from "./wait.ts";

/**
 * Kill once this share of the burst has reached the mail server: mid-batch in both sizes (a claim
 * takes up to 500 rows by default, and their sends' outcomes are written in batches; 45 % never
 * falls exactly between two of them).
 */
export const KILL_AT = 0.45;

/**
 * The first half of both kill -9 drills (PostgreSQL and embedded): seed through the API, bring
 * every deadline due at once, SIGKILL the process once KILL_AT of the releases reached the mail
 * server, and record what had arrived by then. `kill` replaces the SIGKILL of the process (the
 * embedded drill kills its PostgreSQL with it).
 */
export async function seedAndKillMidBurst(
  ctx: DrillContext,
  {
    sink,
    first,
    plan,
    kill = () => first.kill(),
  }: { sink: SmtpSink; first: ServerProcess; plan: SeedPlan; kill?: () => Promise<void> },
): Promise<{
  messages: SeededMessage[];
  expected: Set<string>;
  burstStart: number;
  killAfterS: number;
  receivedAtKill: Set<string>;
}> {
  const t = performance.now();
  const { messages } = await seed(first.url, plan);
  const expected = expectedReleaseKeys(messages);
  ctx.log(
    `seeded ${messages.length} messages × ${plan.recipientsPerOwner} recipients through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  ctx.metric("expected release mails", expected.size);

  // Every deadline at once: fast-forward past the latest one.
  await first.advanceClock(
    untilAfter(
      messages.map((m) => m.deadline),
      first.offsetMs,
    ),
  );
  const burstStart = performance.now();
  const releases = () => sink.mails.filter((m) => m.kind === "release").length;
  await waitUntil(
    `${Math.round(KILL_AT * 100)} % of the burst at the mail server`,
    () => releases() >= expected.size * KILL_AT,
    { timeoutMs: 900_000, intervalMs: 5 },
  );
  await kill();
  const killAfterS = (performance.now() - burstStart) / 1000;
  // Bytes already on the wire when the process died may still be arriving.
  await settle(sink, 500);
  const receivedAtKill = new Set(sink.mails.filter((m) => m.kind === "release").map(releaseKey));
  return { messages, expected, burstStart, killAfterS, receivedAtKill };
}
