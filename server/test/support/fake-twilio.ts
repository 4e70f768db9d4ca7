import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import twilio from "twilio";

/**
 * A local server speaking Twilio's Messages API (2010-04-01), for TWILIO_API_URL:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP Basic with the account
 * SID and auth token, checked as Twilio checks it (20003 Authenticate, 21211 invalid To, 21602
 * missing Body, 21606 a From that is not ours, 21617 over 1600 characters); 201 with the message
 * resource. Then, like Twilio, it calls back with requests signed by `X-Twilio-Signature`
 * (computed with the official package): the message's StatusCallback (sent → delivered), and
 * a person's SMS to our inbound webhook (`receive`).
 */
export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  at: Date;
}

export interface FakeTwilio {
  env: Record<string, string>;
  accountSid: string;
  authToken: string;
  from: string;
  /** Our inbound SMS webhook (set once the server runs). */
  inboundUrl: string | null;
  sent: FakeTwilioMessage[];
  /** Numbers that cannot receive SMS: accepted, then "undelivered" with error 30006 (landline). */
  unreachable: Set<string>;
  failNext(status: number, code: number, message?: string, headers?: Record<string, string>): void;
  receive(
    from: string,
    body: string,
    opts?: { sid?: string; numMedia?: number },
  ): Promise<{ status: number; body: string; sid: string }>;
  /** Posts form params to `url` signed for `url` (or with the given signature). */
  postSigned(
    url: string,
    params: Record<string, string>,
    signature?: string | null,
  ): Promise<{ status: number; body: string }>;
  waitForMessage(to: string, n?: number, timeoutMs?: number): Promise<FakeTwilioMessage>;
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTwilio(opts: { autoStatuses?: boolean } = {}): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString("hex")}`;
  const authToken = randomBytes(16).toString("hex");
  const from = "+15005550006";
  const sent: FakeTwilioMessage[] = [];
  const unreachable = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  let nextFailure: { status: number; code: number; message: string; headers: Record<string, string> } | null = null;

  const fail = (
    res: http.ServerResponse,
    status: number,
    code: number,
    message: string,
    headers: Record<string, string> = {},
  ) =>
    res
      .writeHead(status, { "content-type": "application/json", ...headers })
      .end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));

  const server = http.createServer((req, res) => {
    let chunks = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (chunks += c));
    req.on("end", () => {
      const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(
        new URL(req.url ?? "/", "http://localhost").pathname,
      );
      const auth = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      const [user, pass] = auth ? Buffer.from(auth[1]!, "base64").toString().split(":") : [];
      if (user !== accountSid || pass !== authToken) return fail(res, 401, 20003, "Authenticate");
      if (req.method !== "POST" || !match)
        return fail(res, 404, 20404, `The requested resource ${req.url} was not found`);
      if (match[1] !== accountSid) return fail(res, 403, 20003, "Authenticate");
      if (nextFailure) {
        const f = nextFailure;
        nextFailure = null;
        return fail(res, f.status, f.code, f.message, f.headers);
      }
      const params = Object.fromEntries(new URLSearchParams(chunks));
      if (!/^\+[1-9]\d{6,14}$/.test(params.To ?? ""))
        return fail(res, 400, 21211, `Invalid 'To' Phone Number: ${params.To ?? ""}`);
      if (params.From !== from && !params.MessagingServiceSid)
        return fail(
          res,
          400,
          21606,
          `The From phone number ${params.From ?? ""} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      if (!params.Body) return fail(res, 400, 21602, "Message body is required.");
      if (params.Body.length > 1600)
        return fail(res, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      if (params.StatusCallback && !/^https?:\/\//.test(params.StatusCallback))
        return fail(res, 400, 21609, "Invalid StatusCallback URL");
      const message: FakeTwilioMessage = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        to: params.To!,
        from,
        body: params.Body,
        statusCallback: params.StatusCallback ?? null,
        at: new Date(),
      };
      sent.push(message);
      waiters.splice(0).forEach((w) => w());
      const date = new Date().toUTCString().replace("GMT", "+0000");
      res.writeHead(201, { "content-type": "application/json" }).end(
        JSON.stringify({
          account_sid: accountSid,
          api_version: "2010-04-01",
          body: message.body,
          date_created: date,
          date_sent: null,
          date_updated: date,
          direction: "outbound-api",
          error_code: null,
          error_message: null,
          from,
          messaging_service_sid: params.MessagingServiceSid ?? null,
          num_media: "0",
          num_segments: String(Math.ceil(message.body.length / 153)),
          price: null,
          price_unit: "USD",
          sid: message.sid,
          status: "queued",
          subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
          to: message.to,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
        }),
      );
      if (message.statusCallback && opts.autoStatuses !== false) {
        const cb = message.statusCallback;
        const status = (s: string, extra: Record<string, string> = {}) =>
          fake.postSigned(cb, {
            AccountSid: accountSid,
            ApiVersion: "2010-04-01",
            From: from,
            MessageSid: message.sid,
            MessageStatus: s,
            SmsSid: message.sid,
            SmsStatus: s,
            To: message.to,
            ...extra,
          });
        track(
          unreachable.has(message.to)
            ? status("undelivered", { ErrorCode: "30006" })
            : status("sent").then(() => status("delivered")),
        );
      }
    });
  });
  const waiters: (() => void)[] = [];
  const track = (p: Promise<unknown>) => {
    const done = p.catch(() => undefined).finally(() => pending.delete(done));
    pending.add(done);
  };

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeTwilio = {
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: from,
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    },
    accountSid,
    authToken,
    from,
    inboundUrl: null,
    sent,
    unreachable,
    failNext(status, code, message = "failed", headers = {}) {
      nextFailure = { status, code, message, headers };
    },
    async postSigned(url, params, signature) {
      const sig = signature === undefined ? twilio.getExpectedTwilioSignature(authToken, url, params) : signature;
      const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
      if (sig !== null) headers["x-twilio-signature"] = sig;
      const res = await fetch(url, { method: "POST", headers, body: new URLSearchParams(params).toString() });
      return { status: res.status, body: await res.text() };
    },
    async receive(fromNumber, body, o = {}) {
      if (!fake.inboundUrl) throw new Error("set inboundUrl first");
      const sid = o.sid ?? `SM${randomBytes(16).toString("hex")}`;
      const answer = await fake.postSigned(fake.inboundUrl, {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        Body: body,
        From: fromNumber,
        FromCountry: "GB",
        MessageSid: sid,
        NumMedia: String(o.numMedia ?? 0),
        NumSegments: "1",
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: "received",
        To: from,
        ToCountry: "US",
      });
      return { ...answer, sid };
    },
    waitForMessage(to, n = 1, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no SMS #${n} to ${to} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = sent.filter((m) => m.to === to)[n - 1];
          if (!found) return waiters.push(check);
          clearTimeout(timer);
          resolve(found);
        };
        check();
      });
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await fake.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
