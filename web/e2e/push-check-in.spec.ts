import { expect, test } from "@playwright/test";
import { activeWorker, deliverPush, fakePushService, notifications, pressImOk } from "./support/push";
import { accessToken, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

/**
 * The installable app (issue 30): the service worker registers with the app and keeps its shell,
 * the offline page stands in for a lost connection, and a reminder's notification checks in with
 * "I'm OK" without opening the app, while an open dashboard shows it live.
 */
const reminder = (deadline: Date) => ({
  kind: "reminder",
  title: "Check in with Trigger Switch",
  body: "Your switch fires soon. Press I'm OK to check in.",
  deadline_at: deadline.toISOString(),
  tag: "reminder:e2e",
});

test("the app is installable: manifest, icons, a worker at the root, never cached as a page", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  const body = (await manifest.json()) as { start_url: string; display: string; icons: { src: string }[] };
  expect(body).toMatchObject({ start_url: "/dashboard", display: "standalone" });
  for (const icon of body.icons) expect((await request.get(icon.src)).headers()["content-type"]).toBe("image/png");
  const worker = await request.get("/sw.js");
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("the worker registers, and a page opened offline is the offline page", async ({ page, context, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "pwa-offline");
  await activeWorker(page, context);
  // What Lighthouse's installability audit asked Chromium, before Lighthouse 12 dropped it. A
  // Playwright context is a private window, where Chromium installs nothing: the one error allowed.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  await cdp.detach();
  // The worker keeps the shell, and nothing under /api.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return urls.flat().map((u) => new URL(u).pathname);
  });
  expect(cached).toContain("/offline.html");
  expect(cached.filter((p) => /^\/(api|auth|access)\//.test(p))).toEqual([]);

  // The dashboard's offer to install (Chromium offers it on its own schedule: here it is made at once).
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: "dismissed" }),
    });
    window.dispatchEvent(offer);
  });
  await expect(page.getByText("Install Trigger Switch on this device")).toBeVisible();
  await shot(page, "30-install-card-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "30-install-card-375");

  await context.setOffline(true);
  await page.goto("/dashboard").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
  await expect(page.getByText("Checking in from this app needs a connection.")).toBeVisible();
  await shot(page, "30-offline-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "30-offline-1280");
  await context.setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
});

test("a recipient's access page gets no service worker", async ({ page }) => {
  await page.goto("/access/message/00000000-0000-4000-8000-000000000000");
  // The app has started (it registers the worker at that point everywhere else) once the page has its heading.
  await page.waitForFunction(() => document.querySelector("#root")?.hasChildNodes());
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

test("a reminder push shows the deadline's notification with I'm OK; on a device without notifications on, I'm OK says it could not check in", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["notifications"]);
  await signUp(page, request, "pwa-push-shown");
  const worker = await activeWorker(page, context);
  await deliverPush(page, reminder(new Date(Date.now() + 3_600_000)));
  await expect
    .poll(() => notifications(page))
    .toEqual([
      {
        title: "Check in with Trigger Switch",
        body: "Your switch fires soon. Press I'm OK to check in.",
        tag: "reminder:e2e",
        actions: ["I'm OK"],
      },
    ]);
  await pressImOk(worker, "reminder:e2e");
  await expect
    .poll(() => notifications(page))
    .toEqual([
      {
        title: "Could not check in — tap to open",
        body: "Notifications were turned off on this device, so it cannot check in from here.",
        tag: "reminder:e2e",
        actions: [],
      },
    ]);

  // Security says what is true of this server and this browser.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/profile#security");
  const card = page.locator("div", { has: page.getByText("Notifications on this device", { exact: true }) }).last();
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "30-notifications-card-as-served-1280", { fullPage: false });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, "30-notifications-card-as-served-375", { fullPage: false });
});

test("I'm OK in a reminder's notification checks in, and the open dashboard shows it live", async ({
  page,
  context,
  request,
}) => {
  // The journeys' server keeps push on (keys made in its DATA_DIR): if it is off, that is the failure.
  expect(await (await request.get("/api/push")).json()).toMatchObject({ available: true });
  await context.grantPermissions(["notifications"]);
  await fakePushService(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "pwa-im-ok");
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const message = await request.post("/api/messages", {
    headers,
    data: { title: "If I don't come home", text_content: "The key is with Mrs Baker." },
  });
  const { id } = (await message.json()) as { id: string };
  const condition = await request.post(`/api/messages/${id}/conditions`, {
    headers,
    data: { condition_type: "no_check_in", hours_threshold: 24 },
  });
  expect(condition.ok()).toBe(true);
  const worker = await activeWorker(page, context);

  // Security: turn notifications on for this device.
  await page.goto("/profile#security");
  const name = page.getByLabel("Name of this device");
  await name.fill("Ada's test browser");
  await page.getByRole("button", { name: "Turn on notifications" }).click();
  await expect(page.getByText(/^Notifications are on for this device\./)).toBeVisible();
  const devices = page.getByRole("list", { name: "Devices with notifications" });
  await expect(devices.getByText("Ada's test browser")).toBeVisible();
  await devices.scrollIntoViewIfNeeded();
  await shot(page, "30-notifications-card-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "30-notifications-card-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The dashboard, open and live.
  const subscribed = page
    .waitForEvent("websocket", (ws) => ws.url().endsWith("/realtime"))
    .then((ws) => ws.waitForEvent("framereceived", (frame) => String(frame.payload).includes('"subscribed"')));
  await page.goto("/dashboard");
  await expect(page.getByText("No check-in since they were armed.")).toBeVisible();
  await subscribed;
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await deliverPush(page, reminder(new Date(Date.now() + 3_600_000)));
  // The worker may be started cold to take the push, beside the drills' load in CI: give it 30 s.
  await expect
    .poll(async () => (await notifications(page)).map((n) => n.actions), { timeout: 30_000 })
    .toEqual([["I'm OK"]]);
  await pressImOk(worker, "reminder:e2e");

  await expect
    .poll(async () => (await notifications(page)).map((n) => n.title))
    .toEqual([expect.stringMatching(/^Checked in — next deadline /)]);
  await expect(page.getByText(/^Last check-in: /)).toBeVisible();
  await expect(page.getByText("No check-in since they were armed.")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The device's last "I'm OK" is in Security's list.
  await page.goto("/profile#security");
  await expect(page.getByRole("list", { name: "Devices with notifications" })).not.toContainText(
    "last “I’m OK” none yet",
  );
});
