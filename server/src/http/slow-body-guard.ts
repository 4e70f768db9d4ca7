import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../errors.ts";

/** A body may take this long to get going (a phone waking its radio). */
export const BODY_GRACE_MS = 10_000;
/**
 * After the grace period, a body must have arrived at this average rate (128 kbit/s) since the
 * request began: a 25 MiB attachment on a slow mobile link passes, a client that stops sending
 * or trickles bytes to hold a connection does not.
 */
export const BODY_MIN_BYTES_PER_SECOND = 16 * 1024;
const CHECK_EVERY_MS = 1000;

/**
 * Slow bodies cannot hold connections (slowloris): every request with a body is watched until
 * its last byte arrives, and one that falls below the minimum rate is answered 408 and closed.
 * Headers have their own limit (`http.headersTimeout` in app.ts). Counting the socket's bytes
 * rather than reading the stream leaves the body to its parser.
 */
export function registerSlowBodyGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    const raw = req.raw;
    const length = Number(raw.headers["content-length"] ?? 0);
    const hasBody = length > 0 || raw.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete) return done();
    const socket = raw.socket;
    const startBytes = socket.bytesRead;
    const started = Date.now();
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return clearInterval(timer);
      const elapsed = Date.now() - started;
      const received = socket.bytesRead - startBytes;
      if (elapsed > BODY_GRACE_MS && received < ((elapsed - BODY_GRACE_MS) / 1000) * BODY_MIN_BYTES_PER_SECOND) {
        clearInterval(timer);
        tooSlow(req, reply, { elapsed, received });
      }
    }, CHECK_EVERY_MS);
    timer.unref();
    reply.raw.once("close", () => clearInterval(timer));
    done();
  });
}

function tooSlow(req: FastifyRequest, reply: FastifyReply, figures: { elapsed: number; received: number }): void {
  req.log.warn(
    { elapsedMs: figures.elapsed, receivedBytes: figures.received },
    "request body arrived too slowly: answered 408 and closed",
  );
  const socket = req.raw.socket;
  if (reply.raw.headersSent) {
    socket.destroy();
    return;
  }
  reply.raw.once("finish", () => socket.destroy());
  void reply
    .code(408)
    .header("connection", "close")
    .send({
      error: {
        code: "request_timeout" satisfies ErrorCode,
        message: "The request arrived too slowly and was stopped. Check your connection and try again.",
      },
    });
}
