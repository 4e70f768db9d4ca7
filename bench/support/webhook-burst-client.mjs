// The client side of bench/whatsapp-webhook-burst.ts, in a worker thread of its own so that making
// the requests does not share the server's event loop: posts `count` signed webhooks `inFlight` at
// a time and sends back each one's time from request to answer.
import { createHmac, randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";

const { url, appSecret, phoneNumberId, numbers, count, inFlight, run, kind, now } = workerData;

function signed(value) {
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "1",
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
  return { body, signature: `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}` };
}

const timestamp = String(Math.floor(now / 1000));
/** A person's text (a check-in), or a delivery receipt for a message of ours. */
const make = (i) =>
  kind === "check-in"
    ? signed({
        messages: [
          {
            from: numbers[i % numbers.length].slice(1),
            id: `wamid.bench-${run}-${i}-${randomBytes(6).toString("hex")}`,
            timestamp,
            type: "text",
            text: { body: "ok" },
          },
        ],
      })
    : signed({
        statuses: [
          {
            id: `wamid.bench-receipt-${run}-${i}`,
            status: "delivered",
            timestamp,
            recipient_id: numbers[i % numbers.length].slice(1),
          },
        ],
      });

const times = [];
let next = 0;
async function worker() {
  while (next < count) {
    const { body, signature } = make(next++);
    const started = performance.now();
    const res = await fetch(`${url}/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  }
}
await Promise.all(Array.from({ length: inFlight }, worker));
parentPort.postMessage(times);
