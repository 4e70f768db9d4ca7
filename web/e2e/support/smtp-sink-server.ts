/**
 * The browser journeys' mail server: the project's SMTP sink (server/test/support/smtp-sink.ts;
 * the server under test sends to it over SMTP_URL) with a small JSON API so a journey can read
 * what arrived. Started by playwright.config.ts;
 * `node --import tsx e2e/support/smtp-sink-server.ts <smtpPort> <httpPort>`.
 */
import http from "node:http";
import { simpleParser } from "mailparser";
import { startSmtpSink } from "../../../server/test/support/smtp-sink";

export interface SinkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every href in the HTML part, in order. */
  links: string[];
  receivedAt: string;
}

const [smtpPort = "3125", httpPort = "3126"] = process.argv.slice(2);
const mails: SinkMail[] = [];

await startSmtpSink({
  port: Number(smtpPort),
  keep: false,
  onMail({ to, raw, receivedAt }) {
    void simpleParser(raw).then((parsed) => {
      const html = typeof parsed.html === "string" ? parsed.html : "";
      mails.push({
        to: to.map((address) => address.toLowerCase()),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html,
        links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")),
        receivedAt: new Date(receivedAt).toISOString(),
      });
    });
  },
});

const api = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname === "/healthz") return void res.end("ok");
  if (url.pathname !== "/mails") return void res.writeHead(404).end();
  const to = url.searchParams.get("to")?.toLowerCase();
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
});
api.listen(Number(httpPort), "127.0.0.1", () => console.log(`smtp sink on ${smtpPort}, mails at http://127.0.0.1:${httpPort}/mails`));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
