// The two ways the check-in bench loads POST /api/check-in, each as a random owner of `tokens`
// (bearer headers). Latencies come back sorted, in milliseconds.
import http from "node:http";
import type { BenchRequest } from "./http-request.ts";

export interface LoopResult {
  latencies: number[];
  errors: number;
}

/** Closed loop: `concurrency` clients, each checks in again as soon as its last answer came. */
export async function closedLoop({
  request,
  tokens,
  concurrency,
  ms,
  onSend,
}: {
  request: BenchRequest;
  tokens: string[];
  concurrency: number;
  ms: number;
  /** Told which owner a check-in is for, just before it leaves (the live updates' clock starts there). */
  onSend: (owner: number) => void;
}): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const owner = Math.floor(Math.random() * tokens.length);
        onSend(owner);
        const t = performance.now();
        const res = await request("POST", "/api/check-in", { authorization: tokens[owner]! }, {});
        latencies.push(performance.now() - t);
        if (res.status !== 200) errors++;
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/** Open loop: request i is due at start + i / rate and timed from then (no coordinated omission). */
export async function openLoop({
  request,
  tokens,
  perSecond,
  ms,
}: {
  request: BenchRequest;
  tokens: string[];
  perSecond: number;
  ms: number;
}): Promise<LoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < Math.floor((perSecond * ms) / 1000); i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const authorization = tokens[Math.floor(Math.random() * tokens.length)]!;
    inFlight.push(
      request("POST", "/api/check-in", { authorization }, {}, agent).then(
        (res) => {
          latencies.push(performance.now() - due);
          if (res.status !== 200) errors++;
        },
        () => void errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), errors };
}
