import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createPanicMessage } from "./support/panic-message";
import { signUp } from "./support/sign-up";
import type { SentWhatsApp } from "./support/whatsapp";
import { shot } from "./support/shot";

/**
 * A recipient reached by WhatsApp only, on a server that sends WhatsApp: the message reads ready,
 * the Emergency button reaches them and says so, and the owner's pages name the channel that carried
 * the link. Screenshots at 1280 and 375 px of each page a worried owner reads.
 */
const control = process.env.E2E_WHATSAPP_CONTROL_URL!;
const SAM = "+447700900456";
const sentTo = async (request: APIRequestContext, to: string) =>
  (await (await request.get(`${control}/messages?to=${encodeURIComponent(to)}`)).json()) as SentWhatsApp[];

/** The page at both widths, ending at 1280. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `${name}-1280`);
}

test("a phone-only recipient: the message is ready, the emergency reaches them by WhatsApp, and the pages say WhatsApp", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "phone-only");
  const id = await createPanicMessage(
    page,
    request,
    { title: "If I am in trouble", text: "Call Mrs Baker, she has the spare key." },
    { name: "Sam Okafor", email: null, phone: SAM, channels: ["whatsapp"] },
  );

  // Readiness: nothing says Sam will not receive it.
  await page.goto(`/message/${id}`);
  await expect(page.getByRole("heading", { name: "If I am in trouble" })).toBeVisible();
  await expect(page.getByText(/has no e-mail address/)).toHaveCount(0);
  await expect(page.getByText(/will not receive this message/)).toHaveCount(0);
  await expect(page).toHaveTitle(/If I am in trouble/);
  await bothWidths(page, "70-phone-only-message-ready");

  // The dashboard counts it among what goes out if triggered.
  await page.evaluate(() => localStorage.removeItem("header-buttons"));
  await page.goto("/dashboard");
  await expect(page.getByText("Will go out if triggered")).toBeVisible();
  await bothWidths(page, "71-phone-only-dashboard");

  // The Emergency button reaches Sam, and says it went to one recipient.
  await page.getByRole("button", { name: "Emergency" }).click();
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  await expect(page.getByText("EMERGENCY ALERT TRIGGERED")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Nobody was alerted")).toHaveCount(0);
  await shot(page, "72-phone-only-emergency-sent-1280");
  await expect(async () => {
    const delivery = (await sentTo(request, SAM)).find((m) => m.template?.name === "message_delivery");
    expect(delivery).toBeTruthy();
  }).toPass({ timeout: 20_000 });

  // Released to: the channel that carried the link, not "e-mail".
  await page.goto(`/message/${id}`);
  await expect(page.getByText(/WhatsApp message sent/).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/e-mail sent/)).toHaveCount(0);
  await bothWidths(page, "73-phone-only-released-to");

  // The owner's diagnostics: attempts headed without "e-mail", the channel named, readable on a phone.
  await page.goto(`/diagnostic/message/${id}`);
  await expect(page.getByText(/^Every attempt to send this message's link or a reminder about it/)).toBeVisible();
  await expect(page.getByText("Every attempt to send an e-mail")).toHaveCount(0);
  await bothWidths(page, "74-phone-only-diagnostics");
});
