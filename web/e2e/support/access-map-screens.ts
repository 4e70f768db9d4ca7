/**
 * Screenshots of the recipient's emergency page with the Mapbox map, against a server
 * started with MAPBOX_TOKEN and MAPBOX_API_URL pointing at fake-mapbox-server.ts, AUTH_AUTOCONFIRM,
 * TEST_CLOCK and SMTP to smtp-sink-server.ts. Not part of `npm run e2e` (it needs that server):
 * `node --import tsx e2e/support/access-map-screens.ts <siteUrl> <sinkHttpUrl>`
 */
import { chromium } from "@playwright/test";
import { shot } from "./shot";

const [site, sink] = process.argv.slice(2);
if (!site || !sink) throw new Error("usage: access-map-screens.ts <siteUrl> <sinkHttpUrl>");
const email = `map-owner-${Date.now()}@example.com`;
const recipient = `map-recipient-${Date.now()}@example.com`;
const password = "correct horse battery staple";

async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${site}${path}`, {
    method: init.method ?? (init.body ? "POST" : "GET"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

await call("/auth/v1/signup", { body: { email, password } });
const { access_token: token } = (await call("/auth/v1/token?grant_type=password", { body: { email, password } })) as {
  access_token: string;
};
await call("/api/profile", {
  method: "PUT",
  token,
  body: { first_name: "Ada", last_name: "Lovelace", whatsapp_number: "+447700900123" },
});
const { id: recipientId } = await call("/api/recipients", { token, body: { name: "Grace Hopper", email: recipient } });
const { id: messageId } = await call("/api/messages/save", {
  token,
  body: {
    title: "I need help now",
    text_content: "I am walking home along the canal and someone is following me.",
    recipient_ids: [recipientId],
    add_conditions: [{ condition_type: "panic_trigger", panic_config: { keep_armed: true } }],
  },
});
await call(`/api/messages/${messageId}/location`, {
  method: "PUT",
  token,
  body: { latitude: 51.539, longitude: -0.1426, accuracy: 35 },
});
await call("/functions/v1/send-message-notifications", {
  token,
  body: { messageId, isEmergency: true, forceSend: true },
});

let link: string | undefined;
for (let i = 0; i < 80 && !link; i++) {
  const mails = (await (await fetch(`${sink}/mails?to=${encodeURIComponent(recipient)}`)).json()) as {
    links: string[];
  }[];
  link = mails.flatMap((m) => m.links).find((l) => l.includes("/access/message/"));
  if (!link) await new Promise((r) => setTimeout(r, 250));
}
if (!link) throw new Error("no access link arrived");

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on("console", (m) => m.type() === "error" && console.log(`[${width}] console: ${m.text()}`));
  await page.goto(link);
  await page.getByRole("heading", { name: "Emergency alert" }).waitFor();
  await page
    .getByTestId("location-map")
    .or(page.getByText("The map could not be shown here"))
    .waitFor({ timeout: 20_000 });
  await page.waitForTimeout(2500);
  await shot(page, `64-access-emergency-map-${width}`);
  await page.close();
}
await browser.close();
console.log("screenshots written");
