import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Exchange {
  /** When the server closed the connection, or null if it was still open when the test gave up. */
  closedAfterMs: number | null;
  answer: string;
  /** A socket error on our side (ECONNRESET, EPIPE): the server reset the connection. */
  error: string | null;
}

/**
 * Writes a raw request head and `body` (in pieces of `piece` bytes, a millisecond apart, as a
 * network delivers them); resolves when the server closes.
 */
function exchange(head: string, body: Buffer | string, giveUpMs: number, piece = Infinity): Promise<Exchange> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const started = Date.now();
    let answer = "";
    let error: string | null = null;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer, error });
    }, giveUpMs);
    socket.on("connect", async () => {
      socket.write(head);
      const bytes = Buffer.from(body);
      for (let at = 0; at < bytes.length && !socket.destroyed; at += piece) {
        socket.write(bytes.subarray(at, at + piece));
        if (piece !== Infinity) await new Promise((r) => setTimeout(r, 1));
      }
    });
    socket.on("data", (d) => (answer += d.toString("utf8")));
    socket.on("error", (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer, error });
    });
  });
}

const MiB = 1024 * 1024;

describe.concurrent("request bodies the routes do not read", () => {
  it("closes a GET whose body stops arriving after the answer, instead of holding it open", async () => {
    const { closedAfterMs, answer } = await exchange(
      "GET /docs/json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
      '{"a":',
      20_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(15_000);
  }, 30_000);

  it("answers a GET carrying more than 1 MiB with a 413 and a sentence, and lets the client finish sending without a reset", async () => {
    const size = 3 * MiB;
    const { closedAfterMs, answer, error } = await exchange(
      `GET /docs/json HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, "a"),
      15_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("A GET request takes no body, and this one is larger than 1 MiB. Send it without a body.");
    expect(error).toBeNull();
    expect(closedAfterMs).not.toBeNull();
  }, 30_000);

  // Held since the change: Fastify's own 413 went out with a close that could reset the connection.
  it("answers a POST over the limit 413 and lets the client finish sending without a reset", async () => {
    const size = 3 * MiB;
    const { answer, error } = await exchange(
      `POST /api/recipients HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, "a"),
      15_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain("The request is too large.");
    expect(error).toBeNull();
  }, 30_000);

  it("ignores a small GET body and keeps the connection for the next request", async () => {
    const body = '{"ignored":true}';
    const { answer } = await exchange(
      `GET /docs/json HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${body.length}\r\n\r\n${body}` +
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
      "",
      10_000,
    );
    expect(answer.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
  }, 30_000);
});
