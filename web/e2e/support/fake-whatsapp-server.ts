/**
 * The browser journeys' WhatsApp: the local Cloud API server the journey server sends to, plus a
 * small control API for the journey: GET /messages?to=+44… (what was sent), POST /receive
 * { from, text } (a person's message, posted to the app's webhook signed like Meta's).
 * `node --import tsx e2e/support/fake-whatsapp-server.ts <apiPort> <controlPort> <appUrl>`.
 */
import http from "node:http";
import { startFakeWhatsApp } from "../../../server/test/support/fake-whatsapp";
import { WHATSAPP_CREDENTIALS } from "./whatsapp";

const [apiPort, controlPort, appUrl] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const fake = await startFakeWhatsApp({ port: apiPort, credentials: WHATSAPP_CREDENTIALS, statusDelayMs: 500 });
fake.webhookUrl = `${appUrl}/webhooks/whatsapp`;

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/healthz") return json(200, { ok: true });
    if (req.method === "GET" && url.pathname === "/messages")
      return json(
        200,
        fake.sent.filter((m) => m.to === url.searchParams.get("to")),
      );
    if (req.method === "POST" && url.pathname === "/receive") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const { from, text } = JSON.parse(body) as { from: string; text: string };
        fake.receive(from, { text }).then(
          (answer) => json(200, answer),
          (err: Error) => json(502, { error: err.message }),
        );
      });
      return;
    }
    json(404, { error: "not found" });
  })
  .listen(controlPort, "127.0.0.1");

const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
