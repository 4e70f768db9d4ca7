import net from "node:net";
import { expect, it } from "vitest";
import { CLOSE_GRACE_MS } from "../../src/http/app.ts";
import { BODY_GRACE_MS } from "../../src/http/slow-body-guard.ts";
import { startTestApp } from "../support/test-app.ts";

it("closes within its grace, ending a connection whose request stalls mid-body", async () => {
  const t = await startTestApp();
  const socket = net.connect(Number(new URL(t.url).port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  // Headers and a tenth of the body, then nothing: the request stays in flight.
  socket.write(
    'POST /api/messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":',
  );
  await new Promise((r) => setTimeout(r, 200));

  const started = performance.now();
  await t.close();
  const took = performance.now() - started;
  await ended;
  // Without the grace, close() waits until the slow-body guard ends the request, past BODY_GRACE_MS.
  expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 100);
  expect(took).toBeLessThan(BODY_GRACE_MS);
}, 30_000);
