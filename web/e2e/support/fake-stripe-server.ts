/**
 * The browser journeys' Stripe: the server tests' local Stripe (server/test/support/fake-stripe.ts)
 * with its Checkout and portal pages, sending signed webhooks to the billing server under test.
 * Started by playwright.config.ts: `node --import tsx e2e/support/fake-stripe-server.ts <port> <webhookUrl>`.
 */
import { startFakeStripe } from "../../../server/test/support/fake-stripe";

const [port, webhookUrl] = process.argv.slice(2);
if (!port || !webhookUrl) throw new Error("usage: fake-stripe-server.ts <port> <webhookUrl>");
const stripe = await startFakeStripe({ port: Number(port), webhookUrl: () => webhookUrl });
console.log(`fake Stripe on ${stripe.url}, webhooks to ${webhookUrl}`);
process.on("SIGTERM", () => void stripe.close().then(() => process.exit(0)));
