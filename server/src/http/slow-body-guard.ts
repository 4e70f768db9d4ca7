import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../errors.ts";

/** The largest body a route takes unless it says otherwise (uploads do). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** A body may take this long to get going (a phone waking its radio). */
export const BODY_GRACE_MS = 10_000;
/**
 * After the grace period, a body must have arrived at this average rate (128 kbit/s) since the
 * request began: a 25 MiB attachment on a slow mobile link passes, a client that stops sending
 * or trickles bytes to hold a connection does not.
 */
export const BODY_MIN_BYTES_PER_SECOND = 16 * 1024;
/** How long the rest of a body is read (and dropped) after an early answer, before the connection is closed. */
export const LINGER_MS = 5_000;
const CHECK_EVERY_MS = 1000;

/** Methods whose body no route reads (Fastify does not parse it): it is read and dropped. */
const BODYLESS = new Set(["GET", "HEAD", "TRACE"]);

/**
 * Slow bodies cannot hold connections (slowloris): every request with a body is watched until its
 * last byte arrives — also after it was answered, since a GET's ignored body or a refused one is
 * still read off the wire — and one that falls below the minimum rate is answered 408 (or, when
 * the answer is out, disconnected). A GET, HEAD or TRACE announcing more than BODY_LIMIT_BYTES is
 * answered 413 at once. An answer sent before its body has arrived never resets the connection
 * (which can wipe the answer from the client's buffer): the server finishes sending, keeps reading
 * and dropping the body for up to LINGER_MS, then closes. Headers have their own limit
 * (`http.headersTimeout` in app.ts). Counting the socket's bytes leaves the body to its parser.
 */
export function registerSlowBodyGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    const raw = req.raw;
    const length = Number(raw.headers["content-length"] ?? 0);
    const hasBody = length > 0 || raw.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete) return done();
    const bodyless = BODYLESS.has(raw.method ?? "");
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
      } else if (bodyless && !(length > 0) && received > BODY_LIMIT_BYTES + 64 * 1024) {
        // A chunked body nobody reads, past the limit: it is not read for ever.
        clearInterval(timer);
        socket.destroy();
      }
    }, CHECK_EVERY_MS);
    timer.unref();
    // The request closes once its body is read, or with its connection (one listener per request, not per socket).
    raw.once("close", () => clearInterval(timer));
    if (bodyless && length > BODY_LIMIT_BYTES) {
      void reply
        .code(413)
        .header("connection", "close")
        .send({
          error: {
            code: "payload_too_large" satisfies ErrorCode,
            message: `A ${raw.method} request takes no body, and this one is larger than ${BODY_LIMIT_BYTES / 1024 / 1024} MiB. Send it without a body.`,
          },
        });
      return;
    }
    done();
  });

  // An answer sent before its body has arrived (a refused body, an ignored one) on a connection
  // that then closes — the client asked, or the answer says so — would reset it while the client
  // is still sending, and a reset can wipe the answer from the client's buffer: linger instead.
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (!req.raw.complete) {
      const socket = req.raw.socket as Socket & { destroySoon(): void };
      socket.destroySoon = () => lingerClose(req);
    }
    done(null, payload);
  });
}

/** Sends our FIN after the answer, reads and drops the rest of the body, and closes when it has arrived or after LINGER_MS. */
function lingerClose(req: FastifyRequest): void {
  const raw = req.raw;
  const socket = raw.socket;
  socket.end();
  if (raw.complete) {
    socket.once("finish", () => socket.destroy());
    return;
  }
  const cutOff = setTimeout(() => socket.destroy(), LINGER_MS);
  cutOff.unref();
  raw.once("end", () => {
    clearTimeout(cutOff);
    socket.destroy();
  });
  raw.resume();
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
