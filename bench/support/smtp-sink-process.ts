// A real SMTP server on loopback in its own process (so it does not share the event loop of the
// code under test). It notes when each mail arrived, per recipient, and reports over IPC:
// parent sends "report" → { arrivals: [address, epochMs][] }; "reset" forgets what it got.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

let arrivals: [string, number][] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  maxClients: 1000,
  disableReverseLookup: true,
  onData(stream, session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      const at = Date.now();
      for (const r of session.envelope.rcptTo) arrivals.push([r.address, at]);
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.server.address() as AddressInfo).port }));
process.on("message", (msg) => {
  if (msg === "report") process.send!({ arrivals });
  if (msg === "reset") arrivals = [];
  if (msg === "count") process.send!({ count: arrivals.length });
});
process.on("disconnect", () => server.close(() => process.exit(0)));
