/**
 * The browser journeys' mail server: the project's SMTP sink with a small JSON API so a journey can
 * read what arrived (serve-sink.ts). Started by playwright.config.ts:
 * `node --import tsx e2e/support/smtp-sink-server.ts <smtpPort> <httpPort> [refused domain]`.
 * With a domain it answers RCPT for every address there with a permanent 550 (the billing server's
 * sink: a release to it fails for good and parks, as for a recipient whose server says "no such user").
 */
import { serveSink } from "./serve-sink";

const [smtpPort = "3125", httpPort = "3126", domain] = process.argv.slice(2);
const refused = domain ? `@${domain.toLowerCase()}` : undefined;
await serveSink({
  smtpPort: Number(smtpPort),
  httpPort: Number(httpPort),
  reject: refused ? (address) => address.toLowerCase().endsWith(refused) : undefined,
});
console.log(
  `smtp sink on ${smtpPort}${refused ? ` (refusing ${refused})` : ""}, mails at http://127.0.0.1:${httpPort}/mails`,
);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
