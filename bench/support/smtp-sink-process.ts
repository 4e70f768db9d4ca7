// The benchmarks' mail server: the project's SMTP sink (server/test/support/smtp-sink.ts) in its
// own process, so it does not share the event loop of the code under test. It notes when each
// mail arrived, per recipient, and reports over IPC: "report" → { arrivals: [address, epochMs][] };
// "count" → { count }; "reset" forgets what it got.
import { startSmtpSink } from "../../server/test/support/smtp-sink.ts";

let arrivals: [string, number][] = [];
const sink = await startSmtpSink({
  keep: false,
  onMail: (mail) => mail.to.forEach((to) => arrivals.push([to, mail.receivedAt])),
});
process.send!({ port: sink.port });
process.on("message", (msg) => {
  if (msg === "report") process.send!({ arrivals });
  if (msg === "reset") arrivals = [];
  if (msg === "count") process.send!({ count: arrivals.length });
});
process.on("disconnect", () => void sink.close().then(() => process.exit(0)));
