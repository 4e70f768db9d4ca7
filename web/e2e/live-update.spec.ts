import { expect, test } from "@playwright/test";
import { accessToken, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

/**
 * Spec §4 "Live updates": a check-in made elsewhere (another device, a reminder link, the
 * messaging app) reaches an open dashboard over /realtime, without a reload.
 */
test("an open dashboard shows a check-in made elsewhere without reloading", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "live");
  const token = await accessToken(page);
  const headers = { Authorization: `Bearer ${token}` };

  // A message with a one-day no-check-in condition, made through the API as a second device would.
  const message = await request.post("/api/messages", {
    headers,
    data: { title: "If I don't come home", text_content: "The key is with Mrs Baker." },
  });
  expect(message.ok()).toBe(true);
  const { id } = (await message.json()) as { id: string };
  expect(
    (
      await request.post(`/api/messages/${id}/conditions`, {
        headers,
        data: { condition_type: "no_check_in", hours_threshold: 24 },
      })
    ).ok(),
  ).toBe(true);

  // Open the dashboard and wait until its live channel is subscribed.
  const subscribed = page
    .waitForEvent("websocket", (ws) => ws.url().endsWith("/realtime"))
    .then((ws) => ws.waitForEvent("framereceived", (frame) => String(frame.payload).includes('"subscribed"')));
  await page.goto("/dashboard");
  await expect(page.getByText("No check-in since they were armed.")).toBeVisible();
  await subscribed;
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // Elsewhere: check in with the same account.
  expect((await request.post("/api/check-in", { headers })).ok()).toBe(true);

  await expect(page.getByText("Checked in from another device")).toBeVisible();
  await expect(page.getByText(/^Last check-in: /)).toBeVisible();
  await expect(page.getByText("No check-in since they were armed.")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await shot(page, "30-live-update-1280");
});
