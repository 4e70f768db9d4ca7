import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server speaking the WhatsApp Cloud API's wire format, for WHATSAPP_API_URL:
 * POST /{version}/{phone-number-id}/messages with a bearer token, checked as Meta checks it
 * (OAuthException 190 for a bad token, #100 for a bad parameter, #132001/#132000 for an unknown
 * template or wrong parameter count), answered with a wamid; and, like Meta, it calls our webhook
 * back with signed events: the person's messages (`receive`) and each message's statuses
 * (sent → delivered, or failed with 131047 outside the 24-hour window, 131026 for a number
 * that is not on WhatsApp).
 */
export interface FakeWhatsAppMessage {
  id: string;
  to: string;
  type: "text" | "template";
  text?: string;
  template?: { name: string; language: string; body: string[]; urlButton?: string };
  at: Date;
}

export interface FakeWhatsApp {
  /** WHATSAPP_API_URL, version included. */
  apiUrl: string;
  env: Record<string, string>;
  appSecret: string;
  /** Where our server's webhook listens (set once the server runs); events are posted there. */
  webhookUrl: string | null;
  /** Messages Meta accepted, oldest first. */
  sent: FakeWhatsAppMessage[];
  /** Numbers (E.164) that are not on WhatsApp: accepted, then failed with 131026. */
  notOnWhatsApp: Set<string>;
  /** Numbers (E.164) whose messages get no status events of their own: the test posts them with sendStatus. */
  quiet: Set<string>;
  /** The next send answers this error instead (Graph error body), with these response headers (e.g. Retry-After). */
  failNext(status: number, code: number, message?: string, headers?: Record<string, string>): void;
  /** Every send from now on waits unanswered (a hung API) until the returned function lets them all go on. */
  holdSends(): () => void;
  /** Sends waiting on holdSends. */
  held(): number;
  /** The next send gets no answer at all (the client's timeout must fire). */
  hangNext(): void;
  /**
   * The next accepted send posts its status events, and waits for our webhook's answers, before it
   * answers the send itself: Meta's webhook and its API reply travel apart, and the webhook may win.
   */
  statusesBeforeAnswerNext(): void;
  /** Posts a person's message to our webhook, signed (sent now, or at `sentAt`); resolves to our answer. */
  receive(
    from: string,
    message?: { text?: string; type?: string; id?: string; sentAt?: Date },
  ): Promise<{ status: number; body: string; id: string }>;
  /** Posts any body to our webhook with a chosen signature (default: the right one). */
  post(body: string, signature?: string | null): Promise<{ status: number; body: string }>;
  /**
   * Meta's webhook body for a person's message and its signature, not posted (to post it to a
   * chosen server, or many at once); `secret` other than the app secret makes a forgery.
   */
  inbound(
    from: string,
    message?: { text?: string; type?: string; id?: string; sentAt?: Date },
    secret?: string,
  ): { body: string; signature: string; id: string };
  /** A status event for one of our messages. */
  sendStatus(
    id: string,
    status: "sent" | "delivered" | "read" | "failed",
    to: string,
    error?: { code: number; title: string },
  ): Promise<{ status: number; body: string }>;
  /** Waits for the n-th accepted message (1-based) to `to`. */
  waitForMessage(to: string, n?: number, timeoutMs?: number): Promise<FakeWhatsAppMessage>;
  /** Meta's clock (for the 24-hour window): the server's fake clock in tests. */
  useClock(now: () => Date): void;
  /** Resolves once every status event posted so far has been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const VERSION = "v23.0";
/** Approved templates: body parameter count and whether a dynamic URL button takes one. */
const TEMPLATES: Record<string, { body: number; urlButton: boolean }> = {
  check_in_reminder: { body: 3, urlButton: false },
  message_delivery: { body: 2, urlButton: false },
  verification_code: { body: 1, urlButton: true },
  release_notice: { body: 4, urlButton: false },
  access_request: { body: 4, urlButton: false },
  contact_notice: { body: 2, urlButton: false },
};
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** `statusDelayMs`: how long after accepting a message its first status event is posted (Meta: about a second). Default 0. */
/** `port` and `credentials`: fixed ones for a server started in its own process (the browser journeys). */
export async function startFakeWhatsApp(
  opts: {
    now?: () => Date;
    autoStatuses?: boolean;
    statusDelayMs?: number;
    port?: number;
    credentials?: { accessToken: string; appSecret: string; verifyToken: string };
  } = {},
): Promise<FakeWhatsApp> {
  let now = opts.now ?? (() => new Date());
  const phoneNumberId = "106540352242922";
  const accessToken = opts.credentials?.accessToken ?? `EAAG${randomBytes(24).toString("hex")}`;
  const appSecret = opts.credentials?.appSecret ?? randomBytes(16).toString("hex");
  const verifyToken = opts.credentials?.verifyToken ?? randomBytes(12).toString("hex");
  const sent: FakeWhatsAppMessage[] = [];
  const lastInbound = new Map<string, number>();
  const notOnWhatsApp = new Set<string>();
  const quiet = new Set<string>();
  const pendingEvents = new Set<Promise<unknown>>();
  let nextFailure: { status: number; code: number; message: string; headers: Record<string, string> } | null = null;
  let hang = false;
  let holding: Promise<void> | null = null;
  let heldSends = 0;
  let statusesFirst = false;
  const waiters: (() => void)[] = [];

  const graphError = (
    res: http.ServerResponse,
    status: number,
    code: number,
    message: string,
    type = "OAuthException",
    headers: Record<string, string> = {},
  ) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(
      JSON.stringify({
        error: {
          message,
          type,
          code,
          error_data: { messaging_product: "whatsapp", details: message },
          fbtrace_id: randomBytes(8).toString("base64url"),
        },
      }),
    );

  const server = http.createServer((req, res) => {
    let chunks = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (chunks += c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const match = /^\/(v\d+\.\d+)\/(\d+)\/messages$/.exec(url.pathname);
      if (req.method !== "POST" || !match)
        return graphError(res, 400, 100, `Unsupported ${req.method?.toLowerCase()} request.`, "GraphMethodException");
      if (req.headers.authorization !== `Bearer ${accessToken}`)
        return graphError(res, 401, 190, "Invalid OAuth access token - Cannot parse access token");
      if (match[2] !== phoneNumberId)
        return graphError(
          res,
          400,
          100,
          `Unsupported post request. Object with ID '${match[2]}' does not exist`,
          "GraphMethodException",
        );
      if (!String(req.headers["content-type"]).startsWith("application/json"))
        return graphError(res, 400, 100, "(#100) Request body must be JSON");
      if (hang) {
        hang = false;
        return; // no answer
      }
      if (holding) {
        heldSends++;
        await holding;
        heldSends--;
      }
      if (nextFailure) {
        const f = nextFailure;
        nextFailure = null;
        return graphError(res, f.status, f.code, f.message, "OAuthException", f.headers);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(chunks) as Record<string, unknown>;
      } catch {
        return graphError(res, 400, 100, "(#100) Invalid JSON");
      }
      if (body.messaging_product !== "whatsapp")
        return graphError(res, 400, 100, "(#100) The parameter messaging_product is required.");
      const to = typeof body.to === "string" ? body.to : "";
      if (!/^\+?[1-9]\d{6,14}$/.test(to)) return graphError(res, 400, 100, "(#100) Invalid parameter: to");
      const e164 = `+${to.replace(/^\+/, "")}`;
      const message: FakeWhatsAppMessage = {
        id: `wamid.${randomBytes(18).toString("base64url")}`,
        to: e164,
        type: "text",
        at: now(),
      };
      if (body.type === "text") {
        const text = (body.text as { body?: unknown } | undefined)?.body;
        if (typeof text !== "string" || text.length === 0 || text.length > 4096)
          return graphError(res, 400, 100, "(#100) Param text['body'] must be between 1 and 4096 characters");
        message.text = text;
      } else if (body.type === "template") {
        const t = body.template as
          | {
              name?: unknown;
              language?: { code?: unknown };
              components?: { type: string; sub_type?: string; parameters?: { type: string; text: string }[] }[];
            }
          | undefined;
        const spec = typeof t?.name === "string" ? TEMPLATES[t.name] : undefined;
        if (!t || !spec || t.language?.code !== "en")
          return graphError(res, 404, 132001, "(#132001) Template name does not exist in the translation");
        const bodyParams = t.components?.find((c) => c.type === "body")?.parameters?.map((p) => p.text) ?? [];
        const button = t.components?.find((c) => c.type === "button" && c.sub_type === "url")?.parameters?.[0]?.text;
        if (bodyParams.length !== spec.body || (button !== undefined) !== spec.urlButton)
          return graphError(
            res,
            400,
            132000,
            "(#132000) Number of parameters does not match the expected number of params",
          );
        message.type = "template";
        message.template = { name: t.name as string, language: "en", body: bodyParams, urlButton: button };
      } else {
        return graphError(res, 400, 100, "(#100) Invalid parameter: type");
      }
      sent.push(message);
      waiters.splice(0).forEach((w) => w());
      const first = statusesFirst;
      statusesFirst = false;
      if (first) {
        follow(message);
        await fake.settled();
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          messaging_product: "whatsapp",
          contacts: [{ input: to, wa_id: e164.slice(1) }],
          messages: [{ id: message.id, message_status: "accepted" }],
        }),
      );
      if (!first && opts.autoStatuses !== false && !quiet.has(message.to))
        track(new Promise((resolve) => setTimeout(resolve, opts.statusDelayMs ?? 0)).then(() => follow(message)));
    });
  });

  /** What Meta reports after accepting: the failures that it only finds out later come as status events. */
  const follow = (message: FakeWhatsAppMessage) => {
    const last = lastInbound.get(message.to);
    const outsideWindow = message.type === "text" && (last === undefined || now().getTime() - last >= WINDOW_MS);
    const event = notOnWhatsApp.has(message.to)
      ? fake.sendStatus(message.id, "failed", message.to, { code: 131026, title: "Message undeliverable" })
      : outsideWindow
        ? fake.sendStatus(message.id, "failed", message.to, { code: 131047, title: "Re-engagement message" })
        : fake
            .sendStatus(message.id, "sent", message.to)
            .then(() => fake.sendStatus(message.id, "delivered", message.to));
    track(event);
  };
  const track = (p: Promise<unknown>) => {
    const done = p.catch(() => undefined).finally(() => pendingEvents.delete(done));
    pendingEvents.add(done);
  };

  const envelope = (value: Record<string, unknown>) => ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}/${VERSION}`;

  const fake: FakeWhatsApp = {
    apiUrl,
    appSecret,
    env: {
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: accessToken,
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: verifyToken,
      WHATSAPP_API_URL: apiUrl,
    },
    webhookUrl: null,
    sent,
    notOnWhatsApp,
    quiet,
    failNext(status, code, message = "failed", headers = {}) {
      nextFailure = { status, code, message, headers };
    },
    holdSends() {
      let release!: () => void;
      holding = new Promise<void>((resolve) => (release = resolve));
      return () => {
        holding = null;
        release();
      };
    },
    held: () => heldSends,
    useClock(fn) {
      now = fn;
    },
    hangNext() {
      hang = true;
    },
    statusesBeforeAnswerNext() {
      statusesFirst = true;
    },
    async post(body, signature) {
      if (!fake.webhookUrl) throw new Error("set webhookUrl first");
      const headers: Record<string, string> = { "content-type": "application/json" };
      const sig =
        signature === undefined ? `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}` : signature;
      if (sig !== null) headers["x-hub-signature-256"] = sig;
      const res = await fetch(fake.webhookUrl, { method: "POST", headers, body });
      return { status: res.status, body: await res.text() };
    },
    inbound(from, message = {}, secret = appSecret) {
      const id = message.id ?? `wamid.${randomBytes(18).toString("base64url")}`;
      const type = message.type ?? "text";
      const at = message.sentAt ?? now();
      const m: Record<string, unknown> = {
        from: from.replace(/^\+/, ""),
        id,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        type,
      };
      if (type === "text") m.text = { body: message.text ?? "I'm OK" };
      if (type === "reaction") m.reaction = { message_id: "wamid.earlier", emoji: "👍" };
      if (type === "image")
        m.image = { mime_type: "image/jpeg", sha256: randomBytes(32).toString("base64"), id: "1479537139650973" };
      const body = JSON.stringify(
        envelope({ contacts: [{ profile: { name: "Ada" }, wa_id: from.replace(/^\+/, "") }], messages: [m] }),
      );
      return { body, signature: `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`, id };
    },
    async receive(from, message = {}) {
      const at = message.sentAt ?? now();
      lastInbound.set(from, Math.max(lastInbound.get(from) ?? 0, at.getTime()));
      const { body, id } = fake.inbound(from, { ...message, sentAt: at });
      return { ...(await fake.post(body)), id };
    },
    sendStatus(id, status, to, error) {
      const s: Record<string, unknown> = {
        id,
        status,
        timestamp: String(Math.floor(now().getTime() / 1000)),
        recipient_id: to.replace(/^\+/, ""),
      };
      if (status !== "failed") s.conversation = { id: randomBytes(16).toString("hex"), origin: { type: "service" } };
      if (error)
        s.errors = [
          { code: error.code, title: error.title, message: error.title, error_data: { details: error.title } },
        ];
      return fake.post(JSON.stringify(envelope({ statuses: [s] })));
    },
    waitForMessage(to, n = 1, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = sent.filter((m) => m.to === to)[n - 1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
            return true;
          }
          return false;
        };
        const timer = setTimeout(
          () => reject(new Error(`no WhatsApp message #${n} to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        if (check()) return;
        const wait = () => {
          if (!check()) waiters.push(wait);
        };
        waiters.push(wait);
      });
    },
    async settled() {
      while (pendingEvents.size > 0) await Promise.all([...pendingEvents]);
    },
    async close() {
      await fake.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
