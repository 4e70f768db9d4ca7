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

/**
 * The project's SMTP sink (server/test/support/smtp-sink.ts) with the JSON API the journeys read
 * (`GET /mails?to=`, `GET /healthz`). `reject` makes it answer
 * RCPT for chosen addresses with a permanent 550, as a recipient's mail server does for "no such user".
 */
export async function serveSink({
  smtpPort,
  httpPort,
  reject,
}: {
  smtpPort: number;
  httpPort: number;
  reject?: (address: string) => boolean;
}): Promise<void> {
  const mails: SinkMail[] = [];
  await startSmtpSink({
    port: smtpPort,
    keep: false,
    reject,
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
  await new Promise<void>((resolve) => api.listen(httpPort, "127.0.0.1", resolve));
}
