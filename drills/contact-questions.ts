// Drill: kill -9 while trusted contacts are being asked, and again while they answer
// (docs/decisions/041). Proves: no question is lost, the only questions sent twice are ones the
// killed process had taken off the queue, and no message goes out for an owner a contact held, while
// every owner a contact could not reach is released exactly once.
// Usage: node --import tsx drills/contact-questions.ts [--small]   (full: 250 owners; small: 40)
import { countReleases, releaseKey } from "./support/count-mails.ts";
import { runDrill } from "./support/report.ts";
import { rows } from "./support/scratch-db.ts";
import { seed, type SeededMessage } from "./support/seed.ts";
import type { ServerProcess } from "./support/server-process.ts";
import { fmt, settle, stage, untilAfter } from "./support/stage.ts";
import { mapLimit, waitUntil } from "./support/wait.ts";

const LEASE_MS = 5 * 60_000;
const CONTACTS = 2;
const KILL_AT = 0.45;

/** A contact's public request, from an address of its own (the per-IP limits are per person). */
async function publicPost(base: string, path: string, body: unknown, ip: string): Promise<Response> {
  return fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}
const contactAddress = (owner: number, k: number) => `c${k}.o${owner}.questions@drill.test`;
const contactIp = (owner: number, k: number) => `10.200.${owner & 255}.${(owner >> 8) * CONTACTS + k + 1}`;

await runDrill("drill: kill -9 while contacts are asked and answer", async (ctx) => {
  const owners = ctx.small ? 40 : 250;
  const { db, sink, deployment } = await stage(ctx, "questions");
  let server: ServerProcess = await deployment.start({ name: "server-1", role: "all" });
  // Questions the new process had taken when its clock jumped past the lease: one mid-send then may
  // be taken again (the jump is the drill's, not life's); as in drill 1, those count as in flight.
  const claimedAtJump = new Set<string>();
  const restart = async (name: string) => {
    server = await deployment.start({ name, role: "all", offsetMs: server.offsetMs });
    await server.advanceClock(LEASE_MS + 30_000);
    for (const r of await rows<{ address: string }>(
      db.pool,
      "select address from deliveries where kind = 'notice' and status = 'pending' and claimed_by is not null and idempotency_key like 'notice:confirmation:%:question'",
    ))
      claimedAtJump.add(r.address.toLowerCase());
    ctx.log(`restarted as ${name}; fast-forwarded past the ${LEASE_MS / 60_000}-minute lease`);
  };

  // Owners with one message for one recipient, each naming two contacts who accept and are asked first.
  const { messages } = await seed(server.url, {
    tag: "questions",
    owners,
    messagesPerOwner: 1,
    recipientsPerOwner: 1,
    thresholdMinutes: () => 120,
  });
  const contactIds = new Map<number, string[]>();
  await mapLimit(messages, 8, async (m) => {
    const ids: string[] = [];
    for (let k = 0; k < CONTACTS; k++) {
      const c = (await m.owner.api("/api/trusted-contacts", {
        method: "POST",
        body: { name: `Contact ${k}`, channel: "email", address: contactAddress(m.owner.index, k) },
      })) as { id: string };
      ids.push(c.id);
    }
    contactIds.set(m.owner.index, ids);
  });
  const invitations = () => sink.mails.filter((m) => m.kind === "invitation");
  await waitUntil("every invitation at the mail server", () => invitations().length >= owners * CONTACTS, {
    timeoutMs: 300_000,
    intervalMs: 100,
  });
  const tokenOf = new Map(invitations().map((m) => [m.to, m.contactToken!]));
  await mapLimit(messages, 8, async (m) => {
    for (let k = 0; k < CONTACTS; k++) {
      const res = await publicPost(
        server.url,
        "/contact/invitation",
        { token: tokenOf.get(contactAddress(m.owner.index, k)), answer: "accept" },
        contactIp(m.owner.index, k),
      );
      if (!res.ok) throw new Error(`accepting an invitation answered ${res.status}: ${await res.text()}`);
    }
    await m.owner.api(`/api/conditions/${m.conditionId}/confirmation`, {
      method: "PUT",
      body: {
        enabled: true,
        window_hours: 48,
        hold_days: 7,
        max_holds_in_a_row: 3,
        release_answers_needed: 1,
        contact_ids: contactIds.get(m.owner.index),
      },
    });
  });
  const expectedQuestions = owners * CONTACTS;
  ctx.log(`seeded ${owners} owners, each with ${CONTACTS} contacts who accepted and are asked first`);
  ctx.metric("expected questions", expectedQuestions);

  // Phase 1: every deadline at once; kill -9 while the questions go out.
  const questions = () => sink.mails.filter((m) => m.kind === "question");
  await server.advanceClock(
    untilAfter(
      messages.map((m) => m.deadline),
      server.offsetMs,
    ),
  );
  await waitUntil(
    `${KILL_AT * 100} % of the questions at the mail server`,
    () => questions().length >= expectedQuestions * KILL_AT,
    { timeoutMs: 600_000, intervalMs: 5 },
  );
  await server.kill();
  await settle(sink, 500);
  const askedAtKill = new Set(questions().map((m) => m.to));
  const held = await rows<{ address: string }>(
    db.pool,
    "select address from deliveries where kind = 'notice' and status = 'pending' and claimed_by is not null and locked_until > now() - interval '1 hour' and idempotency_key like 'notice:confirmation:%:question'",
  );
  ctx.log(`killed server-1 with ${fmt(askedAtKill.size)} of ${fmt(expectedQuestions)} questions out`);
  await restart("server-2");
  await waitUntil(
    "every question at the mail server",
    () => new Set(questions().map((m) => m.to)).size >= expectedQuestions,
    {
      timeoutMs: 600_000,
      intervalMs: 100,
    },
  );
  await settle(sink, 2000);
  const perContact = new Map<string, number>();
  for (const m of questions()) perContact.set(m.to, (perContact.get(m.to) ?? 0) + 1);
  const questionDuplicates = [...perContact.values()].reduce((n, v) => n + v - 1, 0);
  const heldAddresses = new Set([...held.map((h) => h.address.toLowerCase()), ...claimedAtJump]);
  const twice = [...perContact].filter(([, n]) => n > 1).map(([to]) => to);
  ctx.metric("questions at the mail server before the kill", askedAtKill.size);
  ctx.metric("questions held by the killed process", held.length);
  ctx.metric("questions the new process had taken when its clock jumped", claimedAtJump.size);
  ctx.metric("questions sent twice", questionDuplicates);
  ctx.check(
    "the kill came mid-burst",
    askedAtKill.size > 0 && askedAtKill.size < expectedQuestions,
    `${askedAtKill.size}`,
  );
  ctx.check("no question lost", perContact.size === expectedQuestions, `${perContact.size} of ${expectedQuestions}`);
  const strays = twice.filter((to) => !heldAddresses.has(to));
  const strayRows = await rows<Record<string, unknown>>(
    db.pool,
    "select address, idempotency_key, status, attempts, claimed_by, locked_until, sent_at from deliveries where address = any($1::text[]) and kind = 'notice'",
    [strays.slice(0, 2)],
  );
  ctx.check(
    "questions sent twice only of those in flight (held by the killed process, or taken by the new one as its clock jumped)",
    strays.length === 0 && questionDuplicates <= heldAddresses.size,
    `${questionDuplicates} ≤ ${heldAddresses.size}${strays.length ? `; not held: ${JSON.stringify(strayRows)}` : ""}`,
  );

  // Phase 2: the first contact of each even owner holds, of each odd owner cannot reach them;
  // kill -9 halfway through the answers, restart, and send again what got no answer.
  const questionToken = new Map(questions().map((m) => [m.to, m.contactToken!]));
  const holding = messages.filter((m) => m.owner.index % 2 === 0);
  const releasing = messages.filter((m) => m.owner.index % 2 === 1);
  const acknowledgedHolds = new Set<number>();
  const unanswered: SeededMessage[] = [];
  let answered = 0;
  const answer = async (m: SeededMessage, base: string) => {
    const res = await publicPost(
      base,
      "/contact/question",
      {
        token: questionToken.get(contactAddress(m.owner.index, 0)),
        answer: m.owner.index % 2 === 0 ? "hold" : "release",
      },
      contactIp(m.owner.index, 0),
    );
    const body = (await res.json()) as { outcome?: string };
    if (!res.ok || (body.outcome !== "recorded" && body.outcome !== "already_recorded"))
      throw new Error(`an answer was refused: ${res.status} ${JSON.stringify(body)}`);
    if (m.owner.index % 2 === 0) acknowledgedHolds.add(m.owner.index);
    answered++;
  };
  const first = server;
  let killing = false;
  const killHalfway = waitUntil("half the answers in", () => answered >= messages.length / 2, {
    timeoutMs: 300_000,
    intervalMs: 2,
  }).then(() => {
    killing = true;
    return first.kill();
  });
  await mapLimit(messages, 6, async (m) => {
    try {
      await answer(m, first.url);
    } catch (err) {
      if (!killing) throw err;
      unanswered.push(m);
    }
  });
  await killHalfway;
  // The releases the killed process had committed but not marked sent: the only ones that may arrive twice.
  const inFlight = new Set(
    (
      await rows<{ message_id: string; address: string }>(
        db.pool,
        "select s.message_id, d.address from deliveries d join reminder_schedule s on s.id = d.reminder_id where d.kind = 'release' and d.status = 'pending'",
      )
    ).map((r) => `${r.message_id} ${r.address.toLowerCase()}`),
  );
  ctx.log(
    `killed server-2 with ${answered} of ${messages.length} answers acknowledged; ${unanswered.length} to send again`,
  );
  await restart("server-3");
  await mapLimit(unanswered, 6, (m) => answer(m, server.url));
  ctx.metric("answers acknowledged before the kill", messages.length - unanswered.length);
  ctx.metric("answers sent again after the restart", unanswered.length);

  const expected = new Set(releasing.flatMap((m) => m.recipients.map((r) => `${m.id} ${r}`)));
  await waitUntil(
    "every release of an owner nobody could reach",
    () => countReleases(sink.mails, expected).lost === 0,
    {
      timeoutMs: 600_000,
      intervalMs: 200,
    },
  );
  await settle(sink, 3000);
  const count = countReleases(sink.mails, expected);
  const heldMessages = new Set(holding.map((m) => m.id));
  const releasedHeld = sink.mails.filter((m) => m.kind === "release" && m.messageId && heldMessages.has(m.messageId));
  const [held2] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from deliveries where kind = 'release' and status = 'pending'",
  );
  ctx.metric("releases of owners nobody could reach", count.receivedUnique);
  ctx.metric("release mails sent twice", count.duplicates);
  ctx.metric("release mails for owners a contact held", releasedHeld.length);
  ctx.check(
    "every owner a contact held was acknowledged",
    acknowledgedHolds.size === holding.length,
    `${acknowledgedHolds.size}`,
  );
  ctx.check(
    "no release while a hold was acknowledged",
    releasedHeld.length === 0,
    releasedHeld
      .slice(0, 3)
      .map((m) => releaseKey(m))
      .join(", "),
  );
  ctx.check("every owner nobody could reach released", count.lost === 0, `${count.receivedUnique} of ${expected.size}`);
  const twiceReleased = [...count.arrivals].filter(([, n]) => n > 1).map(([k]) => k);
  ctx.check(
    "released twice only what the killed process had in flight",
    count.unexpected === 0 && twiceReleased.every((k) => inFlight.has(k)),
    `${count.duplicates} twice, ${inFlight.size} in flight, ${count.unexpected} unexpected`,
  );
  ctx.check("no release delivery left pending", held2!.n === 0, `${held2!.n}`);
});
