import crypto from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { escapeHtml } from "./layout.ts";
import { readOutbox } from "./read-outbox.ts";
import type { AppDeps } from "../app-deps.ts";
import { mailboxKey } from "./mailbox-key.ts";

export const MAILBOX_COOKIE = "ts_mailbox";
const COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * /dev/mailbox: the local mailbox of the outbox transport, so a self-hoster without a mail server
 * can finish sign-up. Registered only while the outbox is in use and never in production.
 *
 * Its mails hold sign-in, recovery, check-in and access links, so it opens only for the person
 * running the server (docs/security.md): every request needs the mailbox key, given once as
 * `?key=` (the start-up log prints that address) and then kept in an HttpOnly, SameSite=Strict
 * cookie scoped to /dev/mailbox, so the page's own links and filter keep working.
 */
export const mailboxRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const key = mailboxKey(deps.config);
  // The cookie holds a value derived from the key, so the key itself never sits in a cookie jar.
  const pass = crypto.createHmac("sha256", key).update("trigger-switch mailbox cookie v1").digest("base64url");
  const query = z.object({
    to: z.string().trim().toLowerCase().max(320).optional(),
    key: z.string().max(200).optional(),
  });

  app.addHook("onRequest", async (req, reply) => {
    reply.header("Cache-Control", "no-store").header("X-Robots-Tag", "noindex");
    const given = (req.query as { key?: unknown }).key;
    if (typeof given === "string" && sameSecret(given, key)) return;
    if (sameSecret(cookieOf(req, MAILBOX_COOKIE) ?? "", pass)) return;
    return refuse(req, reply);
  });

  app.get("/", { schema: { querystring: query } }, async (req, reply) => {
    const { to, key: given } = req.query as z.infer<typeof query>;
    if (given) {
      // Trade the key in the address for the cookie, and drop the key from the address bar.
      const secure = req.protocol === "https" ? "; Secure" : "";
      reply.header(
        "Set-Cookie",
        `${MAILBOX_COOKIE}=${pass}; Path=/dev/mailbox; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict${secure}`,
      );
      return reply.redirect(`/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ""}`, 303);
    }
    const mails = await readOutbox({ db, masterKeys: deps.masterKeys, to });
    const items = mails
      .map(
        (m) => `<article>
  <header><span class="mark mark-${m.channel}">${CHANNEL_MARKS[m.channel]}</span> <strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to)} · ${m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</small></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join("\n");
    return reply.type("text/html; charset=utf-8").send(
      page(`<h1>Local mailbox</h1>
<p>No mail server is configured (<code>SMTP_URL</code> is unset), so e-mails are kept here instead of being sent. Nobody else receives them: not your users, not their recipients.</p>
${localPhoneChannels(mails)}
<p class="who"><strong>Who can read this page:</strong> only someone with this server's mailbox key — the person running the server, who finds this page's address in the start-up log (the key is in <code>DATA_DIR/keys/mailbox.key</code>, or <code>MAILBOX_KEY</code>). Anyone with it can read every mail here, including sign-in, password-reset, check-in and message links: never share the address. This browser stays signed in to the mailbox for 30 days. Mails are stored encrypted and deleted after 7 days.</p>
<form method="get"><label>Show mail for <input name="to" type="text" placeholder="an e-mail address or +number" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No mail yet.</p>"}`),
    );
  });

  app.get("/messages.json", { schema: { querystring: query } }, async (req) => {
    const { to } = req.query as z.infer<typeof query>;
    const mails = await readOutbox({ db, masterKeys: deps.masterKeys, to });
    return mails.map((m) => ({
      id: m.id,
      to: m.to,
      channel: m.channel,
      subject: m.subject,
      text: m.text,
      created_at: m.createdAt.toISOString(),
    }));
  });
};

const CHANNEL_MARKS = { email: "E-mail", whatsapp: "WhatsApp", sms: "SMS" } as const;

/** Said only when the page holds such messages (local mode, docs/decisions/014), so it is true whatever is configured. */
function localPhoneChannels(mails: { channel: keyof typeof CHANNEL_MARKS }[]): string {
  const local = (["whatsapp", "sms"] as const).filter((c) => mails.some((m) => m.channel === c));
  if (local.length === 0) return "";
  const names = local.map((c) => CHANNEL_MARKS[c]).join(" and ");
  return `<p>Messages marked ${names} would have gone by ${names}: ${local.length > 1 ? "those providers are" : "that provider is"} not configured on this server either, so they are kept here too.</p>`;
}

function refuse(req: FastifyRequest, reply: FastifyReply) {
  const message =
    "This local mailbox is private. Open it with the address printed in the server's start-up log (it ends in ?key=…).";
  if (req.url.includes("/messages.json")) return reply.status(401).send({ error: { code: "unauthorized", message } });
  return reply
    .status(401)
    .type("text/html; charset=utf-8")
    .send(
      page(`<h1>This mailbox is private</h1>
<p>The local mailbox holds this server's e-mails (no mail server is configured), including sign-in and password-reset links, so only the person running the server can open it.</p>
<p>If that is you: open the address printed in the server's start-up log — it ends in <code>/dev/mailbox?key=…</code> — or read the key from <code>DATA_DIR/keys/mailbox.key</code> (or <code>MAILBOX_KEY</code>).</p>
<p>If it is not you: ask the person who runs this Trigger Switch to look for your e-mail there.</p>`),
    );
}

function page(body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox · Trigger Switch</title>
<style>body{font-family:system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}code{overflow-wrap:anywhere}small{color:#555}.mark{display:inline-block;font-size:.75rem;font-weight:600;border-radius:4px;padding:.05rem .4rem;border:1px solid #999}.mark-whatsapp{background:#dcfce7;border-color:#15803d;color:#14532d}.mark-sms{background:#e0f2fe;border-color:#0369a1;color:#0c4a6e}.mark-email{background:#f4f4f5}.who{background:#fff7e0;border:1px solid #e8d48a;border-radius:8px;padding:.75rem 1rem}</style>
</head><body>
${body}
</body></html>`;
}

function cookieOf(req: FastifyRequest, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

/** Constant-time comparison, so the key cannot be found a character at a time. */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
