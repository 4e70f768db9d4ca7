import nodemailer from "nodemailer";
import type { Config } from "../../server/src/config.ts";
import type { MasterKeys } from "../../server/src/crypto/master-keys.ts";
import type { Db } from "../../server/src/db/connect.ts";
import { renderMail } from "../../server/src/mail/layout.ts";
import { startBenchMailer } from "./bench-mailer.ts";
import { cpuMs, cpuSnapshot } from "./cpu-time.ts";
import type { startSinkChild } from "./smtp-sink-child.ts";

/** A mail as the raw run sends it. */
export type RawMail = { subject: string; text: string; html: string };

/**
 * The limit an engine bench compares against, in the same run: raw nodemailer sending `count` mails
 * to the same sink, as many at a time as the engine (ENGINE_CONCURRENCY), once through nodemailer's
 * own pooled transport and once through the engine's (createMailer: its own thread, pooled,
 * TCP_NODELAY). The mails are `mails` in turn, worded by the same functions as the bench's own
 * (composing a mail costs by its size), or else one of a release's shape. Prints both and returns
 * the better rate (mails/s). Resets the sink.
 */
export async function bestRawMailRate({
  config,
  sink,
  db,
  masterKeys,
  count,
  mails,
}: {
  config: Config;
  sink: Awaited<ReturnType<typeof startSinkChild>>;
  db: Db;
  masterKeys: MasterKeys;
  count: number;
  mails?: RawMail[];
}): Promise<number> {
  const release = renderMail({
    heading: "A message from Alex Morgan",
    paragraphs: [
      "Alex Morgan wrote a message for you and asked Trigger Switch to pass it on if they stopped checking in with us. They have not checked in, so we are sending it as they wished.",
      "The link below is personal to you; please do not forward it.",
    ],
    action: {
      label: "Read the message",
      url: `${config.SITE_URL}/access/message/00000000-0000-0000-0000-000000000000?t=${"x".repeat(43)}`,
    },
  });
  const bodies = mails ?? [{ subject: "A message from Alex Morgan", ...release }];
  const rawRun = async (
    label: string,
    send: (to: string, mail: RawMail) => Promise<unknown>,
    n: number,
    mailThreads: number[] = [],
  ) => {
    sink.reset();
    let next = 0;
    const cpuStart = cpuSnapshot(mailThreads, sink.pid);
    const start = Date.now();
    await Promise.all(
      Array.from({ length: config.ENGINE_CONCURRENCY }, async () => {
        while (next < n) {
          const i = next++;
          await send(`raw${i}@bench.example`, bodies[i % bodies.length]!);
        }
      }),
    );
    const ms = Date.now() - start;
    const end = cpuSnapshot(mailThreads, sink.pid);
    while ((await sink.count()) < n) await new Promise((r) => setTimeout(r, 50));
    const sinkMs = cpuMs(sink.pid) - cpuStart.sink; // once the sink has them all
    const perMail = (x: number) => `${(x / n).toFixed(3)} ms`;
    const [thread, mail, all] = [
      end.thread - cpuStart.thread,
      end.mail - cpuStart.mail,
      end.process - cpuStart.process,
    ];
    const cpu = `CPU per mail: this thread ${perMail(thread)}, ${mailThreads.length ? `mail thread ${perMail(mail)}, ` : ""}the process's others ${perMail(all - thread - mail)}, the sink ${perMail(sinkMs)}; in all ${perMail(all + sinkMs)}`;
    console.log(
      `raw ${label}, ${config.ENGINE_CONCURRENCY} at a time: ${n.toLocaleString("en")} mails in ${(ms / 1000).toFixed(2)} s = ${(n / (ms / 1000)).toFixed(0)} mails/s; ${cpu}`,
    );
    return n / (ms / 1000);
  };
  const plain = nodemailer.createTransport(`${config.SMTP_URL}?pool=true`);
  const plainRate = await rawRun(
    "nodemailer (its default pooled transport)",
    (to, mail) => plain.sendMail({ from: config.MAIL_FROM, to, ...mail }),
    Math.min(count, 3000),
  );
  plain.close();
  // Started as the engine's is (a server starts its mail thread when it starts), and ready.
  const { mailer: bare, mailThreads } = startBenchMailer({ config, db, masterKeys });
  await bare.send({ to: "warm-up@bench.example", ...bodies[0]! });
  const bareRate = await rawRun(
    "nodemailer (the engine's transport: createMailer, its own thread, pooled, TCP_NODELAY)",
    (to, mail) => bare.send({ to, ...mail }),
    count,
    mailThreads,
  );
  bare.close();
  return Math.max(plainRate, bareRate);
}
