import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOUR, linkIn, mailsTo, tick, travel } from "../support/engine.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { ownerWithMessage, startEngineTestApp } from "../support/fixtures.ts";

// Its own app: the limits count real requests per process, so they must not share a file's quota.
let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startEngineTestApp(sink);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const statuses = async (n: number, request: () => Promise<Response>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await request()).status);
  return out;
};

describe("recipient and check-in links are rate-limited", () => {
  it("lets one access link be read 60 times a minute, then answers 429 with a message a person can act on", async () => {
    const { messageId, recipientEmails } = await ownerWithMessage(
      t,
      { condition_type: "no_check_in", hours_threshold: 1 },
      1,
    );
    await travel(t, HOUR);
    await tick(t);
    const token = new URL(linkIn(mailsTo(sink, recipientEmails[0]!)[0]!, `${t.url}/access/message/`)).searchParams.get(
      "t",
    )!;
    const read = () => fetch(`${t.url}/api/access/${messageId}?t=${token}`);
    expect(new Set(await statuses(60, read))).toEqual(new Set([200]));
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "rate_limited", message: expect.stringMatching(/wait/i) as unknown },
    });
  });

  it("stops guessing at check-in tokens after 10 attempts a minute", async () => {
    const guess = () =>
      fetch(`${t.url}/api/check-in/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: "x".repeat(43) }),
      });
    expect(new Set(await statuses(10, guess))).toEqual(new Set([404]));
    expect((await guess()).status).toBe(429);
  });
});
