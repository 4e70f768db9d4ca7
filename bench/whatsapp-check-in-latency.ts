// A signed WhatsApp webhook → its 200 (the message recorded; docs/decisions/037) → the check-in
// committed by the inbox processor, seen as the realtime UPDATE on
// an open WebSocket of the owner, one webhook at a time, N times. The real server (composeApp,
// listening on loopback), the local Graph API server for the answers it sends, a real `ws` socket.
// Embedded PGlite by default; TEST_DATABASE_URL=postgres://… runs it on a scratch PostgreSQL database.
// Aim (issue 11): p99 under 100 ms on this machine.
// Usage: node --import tsx bench/whatsapp-check-in-latency.ts [webhooks=1000] [conditions=2]
import { performance } from "node:perf_hooks";
import { startChannelsApp, newNumber, verifyNumber } from "../server/test/support/channels.ts";
import { createCondition, createMessage } from "../server/test/support/content.ts";
import { subscribe } from "../server/test/support/realtime-client.ts";
import { signUpUser } from "../server/test/support/users.ts";

const [count, conditions] = [1000, 2].map((d, i) => Number(process.argv[2 + i] ?? d)) as [number, number];
// Meta posts a message's statuses about a second after accepting it; the answers' statuses arrive so here too.
const c = await startChannelsApp({}, { statusDelayMs: 1000 });
const owner = await signUpUser(c.t);
const number = newNumber();
await verifyNumber(c, owner, number);
for (let i = 0; i < conditions; i++) await createCondition(owner, (await createMessage(owner)).id);
const socket = await subscribe(c.t, owner.accessToken);

/** A signed "ok" from the owner's number, as Meta posts it (a fresh message id each time). */
const signedWebhook = () => c.whatsapp.inbound(number, { text: "ok", sentAt: new Date() });

/** The same check-in from the app (POST /api/check-in): the baseline the webhook path is compared with. */
function appCheckIn(): Promise<Response> {
  return fetch(`${c.t.url}/api/check-in`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
}
function webhookCheckIn(): Promise<Response> {
  const { body, signature } = signedWebhook();
  return fetch(`${c.t.url}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body,
  });
}

let committed: number[] = [];
let live: number[] = [];
const run = async (n: number, record: boolean, send: () => Promise<Response>) => {
  for (let i = 0; i < n; i++) {
    c.t.clock.advance(1000); // each check-in a new last_checked, as in life
    const started = performance.now();
    const res = await send();
    const answered = performance.now();
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    // One UPDATE per condition; the first tells the open app.
    const first = await socket.next(5000);
    if (first.type !== "UPDATE") throw new Error(`expected UPDATE, got ${first.type}`);
    const seen = performance.now();
    for (let k = 1; k < conditions; k++) await socket.next(5000);
    if (record) {
      committed.push(answered - started);
      live.push(seen - started);
    }
  }
};
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const line = (label: string, xs: number[]) =>
  `${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
console.log(
  `WhatsApp webhook → check-in → realtime, ${count} one at a time, ${conditions} check-in conditions, ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`,
);
await run(50, false, webhookCheckIn); // warm-up
await run(count, true, appCheckIn);
console.log(line("baseline: app check-in answered      ", committed));
console.log(line("baseline: realtime UPDATE            ", live));
[committed, live] = [[], []];
await run(count, true, webhookCheckIn);
console.log(line("webhook answered (message recorded)   ", committed));
console.log(line("realtime UPDATE on the open socket   ", live));
console.log(`aim p99 < 100 ms: ${pct(live, 99) < 100 ? "met" : "NOT met"}`);
socket.close();
await c.close();
