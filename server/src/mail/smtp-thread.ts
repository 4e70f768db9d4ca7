import { Worker } from "node:worker_threads";
import type { Mail, Mailer } from "./mailer.ts";
import type { SmtpLimits } from "./smtp-transport.ts";

/** main → worker: one mail to send. */
export interface SendRequest {
  id: number;
  mail: Mail;
}
/** worker → main: that send's outcome; `error` carries what classify-send-error.ts reads. */
export interface SendResult {
  id: number;
  error?: { message: string; code?: string; responseCode?: number; response?: string };
}

/** A send the worker never answered because it stopped: transient, so the engine tries again. */
export class MailThreadError extends Error {
  readonly code = "EMAILTHREAD";
}

/**
 * The SMTP mailer (smtp-transport.ts) on a worker thread of its own. Composing a mail and writing
 * it to the socket cost as much CPU as everything else the engine does for it, so on one thread a
 * burst ran at the slower of the two added together; on two it runs at the slower of the two
 * (docs/decisions/012-engine-throughput-and-notices.md). Same interface, limits and errors: a
 * failed send rejects with the same code, responseCode and response. If the thread dies, its
 * sends in flight fail as transient and the next send starts a new one.
 */
export function createSmtpThreadMailer(opts: { smtpUrl: string; from: string; limits?: Partial<SmtpLimits> }): Mailer {
  const pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let worker: Worker | undefined;
  let closed = false;

  const failAll = (err: Error) => {
    for (const { reject } of pending.values()) reject(err);
    pending.clear();
  };
  const start = () => {
    const thread = startWorker(opts);
    thread.unref(); // an idle mailer never keeps the process alive; a send in flight does (below)
    thread.on("message", ({ id, error }: SendResult) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (pending.size === 0) thread.unref();
      if (error) waiting.reject(Object.assign(new Error(error.message), error));
      else waiting.resolve();
    });
    const stopped = (why: string) => {
      if (worker !== thread) return;
      worker = undefined;
      failAll(new MailThreadError(why));
    };
    thread.on("error", (err) => stopped(`the mail thread failed: ${err.message}`));
    thread.on("exit", (code) => stopped(`the mail thread stopped (exit code ${code})`));
    return thread;
  };

  return {
    kind: "smtp",
    send(mail: Mail) {
      if (closed) return Promise.reject(new Error("the mailer is closed"));
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        if (pending.size === 0) thread.ref();
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, mail } satisfies SendRequest);
      });
    },
    // Started by the first send, or ahead of it by warm() (main.ts: an emergency's mail must not
    // wait for a thread to load). Not at creation: tests compose many apps that never send mail.
    warm() {
      if (!closed) worker ??= start();
    },
    close() {
      closed = true;
      const thread = worker;
      worker = undefined;
      failAll(new Error("the mailer is closed"));
      // Ending the thread closes its sockets at once: shutdown never waits for a stalled server.
      void thread?.terminate();
    },
  };
}

/**
 * The worker runs the built smtp-thread-worker.js beside the server's bundle (scripts/build-server.mjs).
 * From TypeScript sources (tsx, vitest) it registers tsx first: on Node 20 the parent's loader
 * hooks do not reach a worker.
 */
function startWorker(workerData: unknown): Worker {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSource ? "./smtp-thread-worker.ts" : "./smtp-thread-worker.js", import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData });
  const code = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(code, { eval: true, workerData });
}
