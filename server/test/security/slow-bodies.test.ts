import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Sends the head of a POST and then only what `feed` writes; resolves when the server closes the connection. */
function slowPost(
  path: string,
  feed: (socket: net.Socket) => void,
  giveUpMs: number,
): Promise<{ closedAfterMs: number | null; answer: string }> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    const started = Date.now();
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, answer });
    }, giveUpMs);
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      );
      feed(socket);
    });
    socket.on("data", (d) => (answer += d.toString("utf8")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
  });
}

describe.concurrent("a client that sends its body too slowly", () => {
  it("is answered 408 and disconnected when the body stops arriving", async () => {
    const { closedAfterMs, answer } = await slowPost("/api/recipients", () => {}, 20_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(15_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 30_000);

  it("is disconnected when it trickles a few bytes at a time", async () => {
    let drip: NodeJS.Timeout | undefined;
    const { closedAfterMs } = await slowPost(
      "/auth/v1/signup",
      (socket) => (drip = setInterval(() => socket.write("a"), 500)),
      25_000,
    );
    clearInterval(drip);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(20_000);
  }, 30_000);
});
