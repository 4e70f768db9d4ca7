import { expect, test, type APIRequestContext } from "@playwright/test";
import { accessToken, signUp } from "./support/sign-up";
import type { SentWhatsApp } from "./support/whatsapp";
import { shot } from "./support/shot";

const control = process.env.E2E_WHATSAPP_CONTROL_URL!;
const NUMBER = "+447700900123"; // the number signUp saves
const sentTo = async (request: APIRequestContext) =>
  (await (await request.get(`${control}/messages?to=${encodeURIComponent(NUMBER)}`)).json()) as SentWhatsApp[];

/**
 * The owner proves their number with a code sent by WhatsApp, then a signed WhatsApp message
 * checks them in, and the open dashboard shows it without a reload (spec §1, §4;
 * docs/decisions/014-channels.md).
 */
test("a WhatsApp message checks the owner in and the open dashboard shows it", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "whatsapp");

  // Prove the number with the code WhatsApp delivered.
  await page.goto("/profile");
  await expect(page.getByText("Not verified")).toBeVisible();
  await page.getByRole("button", { name: "Send a code by WhatsApp" }).click();
  await expect(page.getByText(/We sent a 6-digit code by WhatsApp to \+447700900123/)).toBeVisible();
  let code = "";
  await expect(async () => {
    const template = (await sentTo(request)).find((m) => m.template?.name === "verification_code");
    expect(template).toBeTruthy();
    code = template!.template!.body[0]!;
  }).toPass({ timeout: 10_000 });
  await expect(page.getByText("Delivered to your phone.")).toBeVisible({ timeout: 15_000 });
  await shot(page, "40-verify-number-code-1280");
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify number" }).click();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByText(/Send any text by WhatsApp/)).toBeVisible();
  await shot(page, "41-verified-number-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "42-verified-number-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // A switch to check in for.
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
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

  // The dashboard is open and subscribed.
  const subscribed = page
    .waitForEvent("websocket", (ws) => ws.url().endsWith("/realtime"))
    .then((ws) => ws.waitForEvent("framereceived", (frame) => String(frame.payload).includes('"subscribed"')));
  await page.goto("/dashboard");
  await expect(page.getByText("No check-in since they were armed.")).toBeVisible();
  await subscribed;
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // Meta delivers the owner's message, signed.
  const answer = await request.post(`${control}/receive`, { data: { from: NUMBER, text: "I'm OK" } });
  expect(((await answer.json()) as { status: number }).status).toBe(200);

  await expect(page.getByText("Checked in from another device")).toBeVisible();
  await expect(page.getByText(/^Last check-in: /)).toBeVisible();
  await expect(page.getByText("No check-in since they were armed.")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await shot(page, "43-whatsapp-check-in-dashboard-1280");

  // And the number answered with the next deadline.
  await expect(async () =>
    expect(
      (await sentTo(request)).some(
        (m) => m.type === "text" && m.text?.startsWith("Checked in. Your next deadline is "),
      ),
    ).toBe(true),
  ).toPass({ timeout: 10_000 });
});
