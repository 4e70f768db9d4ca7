import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifySendError } from "../../src/engine/classify-send-error.ts";
import { createMailer } from "../../src/mail/create-mailer.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { silentServer } from "../support/silent-server.ts";

const from = "Trigger Switch <no-reply@localhost>";

describe("the SMTP mailer on its own thread (createMailer with SMTP_URL)", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ reject: (address) => address.startsWith("nobody@") });
  });
  afterAll(() => sink.close());

  it("delivers each mail once, as written", async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({
          to: `thread${i}@example.com`,
          subject: `Mail ${i}`,
          text: `Body ${i}`,
          html: `<p>Body ${i}</p>`,
        }),
      ),
    );
    for (let i = 0; i < 20; i++) {
      const got = await sink.waitFor(`thread${i}@example.com`);
      expect(got.raw).toContain(`Subject: Mail ${i}`);
      expect(got.raw).toContain(`Body ${i}`);
    }
    expect(sink.mails.filter((m) => m.to[0]!.startsWith("thread")).length).toBe(20);
    mailer.close();
  });

  it("rejects a refused mailbox with the server's answer, so the engine knows it is permanent", async () => {
    const mailer = createMailer({ smtpUrl: sink.url, from });
    const err = await mailer.send({ to: "nobody@example.com", subject: "Hi", text: "Hi" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ responseCode: 550 });
    expect(classifySendError(err).permanent).toBe(true);
    // The thread carries on after a failure.
    await mailer.send({ to: "after-refusal@example.com", subject: "Hi", text: "Hi" });
    await sink.waitFor("after-refusal@example.com");
    mailer.close();
  });

  it("fails a send at the per-send limit with the transient code, and close() drops the stalled connection", async () => {
    const silent = await silentServer();
    const mailer = createMailer({
      smtpUrl: silent.url,
      from,
      limits: { connections: 2, sendTimeoutMs: 600, stepTimeoutMs: 60_000 },
    });
    const err = await mailer.send({ to: "a@example.com", subject: "Hi", text: "Hi" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "ESENDTIMEOUT" });
    expect(classifySendError(err).permanent).toBe(false);

    // A send still waiting when the mailer closes fails at once, and its connection goes with the thread.
    const waiting = mailer.send({ to: "b@example.com", subject: "Hi", text: "Hi" }).catch((e: unknown) => e);
    await expect.poll(() => silent.held()).toBeGreaterThan(0);
    mailer.close();
    expect(await waiting).toMatchObject({ message: "the mailer is closed" });
    await expect.poll(() => silent.held()).toBe(0);
    await expect(mailer.send({ to: "c@example.com", subject: "Hi", text: "Hi" })).rejects.toThrow(
      "the mailer is closed",
    );
    await silent.close();
  });
});
