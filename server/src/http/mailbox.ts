import type { FastifyPluginAsync } from "fastify";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { mailOutbox } from "../db/schema.ts";
import { escapeHtml } from "../mail/layout.ts";
import type { AppDeps } from "./app.ts";

/**
 * /dev/mailbox: the local mailbox of the outbox transport, so a self-hoster without a mail
 * server can finish sign-up. Registered only while the outbox is in use and never in production.
 */
export const mailboxRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const query = z.object({ to: z.string().trim().toLowerCase().optional() });

  app.get("/", { schema: { querystring: query } }, async (req, reply) => {
    const { to } = req.query as z.infer<typeof query>;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);
    const items = rows
      .map(
        (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><small>To ${escapeHtml(m.to)} · ${m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</small></header>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join("\n");
    return reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox · Trigger Switch</title>
<style>body{font-family:system-ui,sans-serif;max-width:820px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font-family:inherit}small{color:#555}</style>
</head><body>
<h1>Local mailbox</h1>
<p>No mail server is configured (<code>SMTP_URL</code> is unset), so e-mails are kept here instead of being sent. This page exists only on development servers.</p>
<form method="get"><label>Show mail for <input name="to" type="email" value="${escapeHtml(to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No mail yet.</p>"}
</body></html>`);
  });

  app.get("/messages.json", { schema: { querystring: query } }, async (req) => {
    const { to } = req.query as z.infer<typeof query>;
    const rows = await db.select().from(mailOutbox).where(to ? eq(mailOutbox.to, to) : undefined).orderBy(desc(mailOutbox.createdAt)).limit(100);
    return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, created_at: m.createdAt.toISOString() }));
  });
};

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
