import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChannelError, type Channel } from "../../src/channels/channel.ts";
import { createEmailChannel } from "../../src/channels/email/email-channel.ts";
import { createSmsChannel } from "../../src/channels/sms/sms-channel.ts";
import { createWhatsAppChannel } from "../../src/channels/whatsapp/whatsapp-channel.ts";
import { recordInbound } from "../../src/channels/messaging-window.ts";
import { loadConfig } from "../../src/config.ts";
import type { Database } from "../../src/db/connect.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { FakeClock } from "../support/fake-clock.ts";
import { startFakeTwilio, type FakeTwilio } from "../support/fake-twilio.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../support/fake-whatsapp.ts";
import { createTestDatabase } from "../support/test-db.ts";

let database: Database;
let wa: FakeWhatsApp;
let tw: FakeTwilio;
let whatsapp: Channel;
let sms: Channel;
const clock = new FakeClock(new Date("2026-03-01T12:00:00Z"));
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  database = await createTestDatabase();
  wa = await startFakeWhatsApp({ autoStatuses: false, now: () => clock.now() });
  tw = await startFakeTwilio({ autoStatuses: false });
  const config = loadConfig({ ...wa.env, ...tw.env });
  whatsapp = createWhatsAppChannel({ config: config.whatsapp, db: database.db, clock });
  sms = createSmsChannel({ config: config.twilio, siteUrl: () => "https://switch.example.com", clock });
});
afterAll(async () => {
  await wa.close();
  await tw.close();
  await database.close();
});

async function failure(p: Promise<unknown>): Promise<ChannelError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ChannelError)) throw new Error(`expected a ChannelError, got ${String(err)}`);
  return err;
}

const reminder = (to: string) => ({
  to,
  purpose: "owner_reminder" as const,
  text: "Your switch fires at 14:00. Check in: https://switch.example.com/check-in?token=x",
  template: {
    template: "reminder" as const,
    body: ["Ada", "Tue 3 Mar, 14:00", "https://switch.example.com/check-in?token=x"],
  },
});

describe("WhatsApp channel", () => {
  it("sends the approved template outside the 24-hour window, with the link as a parameter", async () => {
    const receipt = await whatsapp.send(reminder("+447700900201"));
    expect(receipt).toMatchObject({
      channel: "whatsapp",
      form: "template",
      providerMessageId: expect.stringMatching(/^wamid\./),
    });
    expect(wa.sent.at(-1)).toMatchObject({
      to: "+447700900201",
      type: "template",
      template: {
        name: "check_in_reminder",
        body: ["Ada", "Tue 3 Mar, 14:00", "https://switch.example.com/check-in?token=x"],
      },
    });
  });

  it("sends free text inside the window, and the template again once 24 hours have passed", async () => {
    await recordInbound({ db: database.db, channel: "whatsapp", number: "+447700900202", at: clock.now() });
    expect((await whatsapp.send(reminder("+447700900202"))).form).toBe("text");
    clock.advance(23 * HOUR + 54 * 60_000);
    expect((await whatsapp.send(reminder("+447700900202"))).form).toBe("text");
    clock.advance(2 * 60_000); // we close it 5 minutes early: clocks disagree
    expect((await whatsapp.send(reminder("+447700900202"))).form).toBe("template");
  });

  it("fails permanently outside the window when there is no template for it", async () => {
    const err = await failure(whatsapp.send({ to: "+447700900203", purpose: "owner_notice", text: "hello" }));
    expect(err).toMatchObject({ permanent: true, code: "131047" });
  });

  it("classifies Meta's errors: bad parameter and bad token permanent; throughput and 5xx temporary", async () => {
    const cases: [number, number, boolean][] = [
      [400, 100, true],
      [401, 190, true],
      [404, 132001, true],
      [400, 131026, true],
      [429, 130429, false],
      [400, 131056, false],
      [500, 131000, false],
      [503, 131016, false],
    ];
    for (const [status, code, permanent] of cases) {
      wa.failNext(status, code, `error ${code}`);
      const err = await failure(whatsapp.send(reminder("+447700900204")));
      expect({ code: err.code, permanent: err.permanent }).toEqual({ code: String(code), permanent });
    }
  });

  it("refuses a number that is not E.164 before calling anyone", async () => {
    const before = wa.sent.length;
    expect(await failure(whatsapp.send(reminder("07700900205")))).toMatchObject({
      permanent: true,
      code: "bad_number",
    });
    expect(wa.sent.length).toBe(before);
  });

  it("gives up after 10 seconds without an answer, as a temporary failure", { timeout: 20_000 }, async () => {
    wa.hangNext();
    const started = Date.now();
    expect(await failure(whatsapp.send(reminder("+447700900206")))).toMatchObject({
      permanent: false,
      code: "timeout",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
  });

  it("is unavailable without configuration, and says what to set", async () => {
    const off = createWhatsAppChannel({ config: null, db: database.db, clock });
    expect(off.available).toBe(false);
    const err = await failure(off.send(reminder("+447700900207")));
    expect(err.permanent).toBe(true);
    expect(err.message).toContain("WHATSAPP_PHONE_NUMBER_ID");
  });
});

describe("SMS channel", () => {
  it("sends through Twilio's Messages API with a status callback and returns the SID", async () => {
    const receipt = await sms.send({ to: "+447700900301", purpose: "owner_reminder", text: "Check in by 14:00" });
    expect(receipt.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(tw.sent.at(-1)).toMatchObject({
      to: "+447700900301",
      from: tw.from,
      body: "Check in by 14:00",
      statusCallback: "https://switch.example.com/webhooks/twilio/status",
    });
  });

  it("classifies Twilio's errors: invalid or opted-out numbers permanent; too many requests and 5xx temporary", async () => {
    const cases: [number, number, boolean][] = [
      [400, 21211, true],
      [400, 21610, true],
      [400, 21614, true],
      [429, 20429, false],
      [500, 20500, false],
      [503, 20503, false],
    ];
    for (const [status, code, permanent] of cases) {
      tw.failNext(status, code, `error ${code}`);
      const err = await failure(sms.send({ to: "+447700900302", purpose: "owner_reminder", text: "x" }));
      expect({ code: err.code, permanent: err.permanent }).toEqual({ code: String(code), permanent });
    }
  });

  it("says a refused connection is temporary", async () => {
    const down = createSmsChannel({
      config: { ...loadConfig(tw.env).twilio!, apiUrl: "http://127.0.0.1:9" },
      siteUrl: () => "https://x.example",
      clock,
    });
    expect(await failure(down.send({ to: "+447700900303", purpose: "owner_reminder", text: "x" }))).toMatchObject({
      permanent: false,
      code: "network",
    });
  });

  it("refuses the wrong credentials as Twilio does (20003, permanent)", async () => {
    const wrong = createSmsChannel({
      config: { ...loadConfig(tw.env).twilio!, authToken: "0".repeat(32) },
      siteUrl: () => "https://x.example",
      clock,
    });
    expect(await failure(wrong.send({ to: "+447700900304", purpose: "owner_reminder", text: "x" }))).toMatchObject({
      permanent: true,
      code: "20003",
    });
  });
});

describe("e-mail channel", () => {
  it("sends through the Mailer unchanged, and classifies SMTP 5xx as permanent and 4xx as temporary", async () => {
    const sentMail: unknown[] = [];
    let next: Error | null = null;
    const mailer: Mailer = {
      kind: "smtp",
      send: async (mail) => {
        if (next) throw next;
        sentMail.push(mail);
      },
      close() {},
    };
    const email = createEmailChannel({ mailer, clock });
    expect(
      await email.send({
        to: "a@example.com",
        purpose: "owner_notice",
        subject: "Hi",
        text: "Body",
        html: "<p>Body</p>",
      }),
    ).toMatchObject({ channel: "email", providerMessageId: null });
    expect(sentMail).toEqual([{ to: "a@example.com", subject: "Hi", text: "Body", html: "<p>Body</p>" }]);
    next = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550, response: "550 5.1.1 No such user" });
    expect(
      await failure(email.send({ to: "b@example.com", purpose: "owner_notice", subject: "Hi", text: "x" })),
    ).toMatchObject({ permanent: true, code: "SMTP 550" });
    next = Object.assign(new Error("Try later"), { responseCode: 451, response: "451 greylisted" });
    expect(
      await failure(email.send({ to: "b@example.com", purpose: "owner_notice", subject: "Hi", text: "x" })),
    ).toMatchObject({ permanent: false });
  });
});
