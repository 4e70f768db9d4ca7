// The worker thread of smtp-thread.ts: the SMTP mailer runs here, so composing each mail and
// writing it to the server's sockets take this thread's time, not the engine's.
import { parentPort, workerData } from "node:worker_threads";
import type { Mail } from "./mailer.ts";
import { createSmtpMailer, type SmtpLimits } from "./smtp-transport.ts";
import type { SendRequest, SendResult } from "./smtp-thread.ts";

const port = parentPort!;
const mailer = createSmtpMailer(workerData as { smtpUrl: string; from: string; limits?: Partial<SmtpLimits> });

port.on("message", ({ id, mail }: SendRequest) => {
  mailer.send(mail satisfies Mail).then(
    () => port.postMessage({ id } satisfies SendResult),
    (err: unknown) => port.postMessage({ id, error: sendErrorFields(err) } satisfies SendResult),
  );
});

/** What the engine reads of a failed send (classify-send-error.ts), as plain data that crosses threads. */
function sendErrorFields(err: unknown): NonNullable<SendResult["error"]> {
  const e = (err ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown; response?: unknown };
  return {
    message: typeof e.message === "string" ? e.message : String(err),
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    ...(typeof e.responseCode === "number" ? { responseCode: e.responseCode } : {}),
    ...(typeof e.response === "string" ? { response: e.response } : {}),
  };
}
