import { expect, test } from "@playwright/test";
import { E2E_ADMIN_EMAIL } from "./support/admin";
import { linkFromBillingSink, UNREACHABLE_DOMAIN } from "./support/billing-mail";
import { accessToken, PASSWORD, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

// Against the billing server: Stripe configured against the local fake Stripe, a test clock,
// ADMIN_EMAILS = E2E_ADMIN_EMAIL, and mail over SMTP to its own sink, which refuses every
// address at UNREACHABLE_DOMAIN for good (playwright.config.ts).
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

test("a user upgrades to Plus through Checkout, sees invoices and cancels", async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, request, "plus", linkFromBillingSink);
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "Free plan" })).toBeVisible();
  await expect(page.getByText("What Plus adds")).toBeVisible();
  await expect(page.getByText("Messages").first()).toBeVisible();
  await shot(page, "50-subscription-free-1280");
  await page.setViewportSize(PHONE);
  await shot(page, "50-subscription-free-375");
  await page.setViewportSize(DESKTOP);

  await page.getByRole("button", { name: /Upgrade — .*4\.00 per month/ }).click();
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=success$/);
  await expect(page.getByText("You are on Plus. Its limits apply now.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Plus plan" })).toBeVisible();
  await expect(page.getByText(/Next charge on/)).toBeVisible();
  await expect(page.getByText("TS-1001", { exact: false })).toBeVisible();
  await shot(page, "51-subscription-plus-1280");

  await page.getByRole("button", { name: "Cancel Plus" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Nothing is switched off");
  await dialog.getByRole("button", { name: "Cancel Plus" }).click();
  await expect(page.getByRole("button", { name: "Keep Plus" })).toBeVisible();
  await expect(page.getByText(/Cancelled: you keep Plus until/)).toBeVisible();
  await page.setViewportSize(PHONE);
  await shot(page, "52-subscription-cancelled-375");
  await page.getByRole("button", { name: "Keep Plus" }).click();
  await expect(page.getByRole("button", { name: "Cancel Plus" })).toBeVisible();
});

test("an admin finds a parked delivery, retries and discards it, disables a user and reads the audit log", async ({
  browser,
  page,
  request,
}) => {
  // The owner (on Free: a daily switch) of a message whose only recipient's mail server refuses
  // the address for good (550): the release fails permanently and parks.
  const ownerPage = await browser.newPage();
  const ownerEmail = await signUp(ownerPage, request, "owner", linkFromBillingSink);
  const token = await accessToken(ownerPage);
  const api = (method: string, path: string, data?: unknown) =>
    request.fetch(path, { method, data, headers: { authorization: `Bearer ${token}` } });
  const recipientRes = await api("POST", "/api/recipients", { name: "Sam", email: `sam@${UNREACHABLE_DOMAIN}` });
  expect(recipientRes.status(), await recipientRes.text()).toBe(201);
  const recipient = await recipientRes.json();
  const message = await (
    await api("POST", "/api/messages", { title: "Private words", text_content: "Nobody but Sam should read this." })
  ).json();
  expect((await api("PUT", `/api/messages/${message.id}/recipients`, { recipient_ids: [recipient.id] })).ok()).toBe(
    true,
  );
  expect(
    (
      await api("POST", `/api/messages/${message.id}/conditions`, {
        condition_type: "no_check_in",
        hours_threshold: 24,
      })
    ).ok(),
  ).toBe(true);
  expect((await request.post("/dev/clock", { data: { advanceMs: 25 * 60 * 60_000 } })).ok()).toBe(true);
  await expect(async () => {
    const d = await (await request.get("/api/diagnostic")).json();
    expect(d.queue.parked).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });

  // The admin proves the address by the sign-up link, like any confirmed account.
  await page.setViewportSize(DESKTOP);
  expect((await request.post("/auth/v1/signup", { data: { email: E2E_ADMIN_EMAIL, password: PASSWORD } })).ok()).toBe(
    true,
  );
  await page.goto(await linkFromBillingSink(page, E2E_ADMIN_EMAIL, "Confirm your Trigger Switch account"));
  await page.getByLabel("First Name").fill("Olga");
  await page.getByLabel("Last Name").fill("Operator");
  await page.getByLabel("WhatsApp Number").fill("+44 7700 900999");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Parked (need a person)")).toBeVisible();
  await shot(page, "53-admin-engine-1280");

  await page.getByRole("tab", { name: "Deliveries" }).click();
  const row = page.locator("li", { hasText: ownerEmail }).first();
  await expect(row).toContainText("Parked");
  await expect(row).toContainText("Release to recipients");
  await expect(page.locator("body")).not.toContainText("Private words");
  await expect(page.locator("body")).not.toContainText("Nobody but Sam");
  await shot(page, "54-admin-deliveries-1280");
  await page.setViewportSize(PHONE);
  await shot(page, "54-admin-deliveries-375");

  await row.getByRole("button", { name: "Retry now" }).click();
  await page.getByRole("alertdialog").getByLabel("Reason (optional)").fill("checking the address once more");
  await page.getByRole("alertdialog").getByRole("button", { name: "Retry now" }).click();
  await expect(page.getByText("Retry queued")).toBeVisible();
  // The address is still refused for good: the engine tries once more and parks it again.
  await expect(async () => {
    await page.getByRole("tab", { name: "Engine" }).click();
    await page.getByRole("tab", { name: "Deliveries" }).click();
    await expect(page.locator("li", { hasText: ownerEmail }).first()).toContainText("Attempts2", { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.locator("li", { hasText: ownerEmail }).first().getByRole("button", { name: "Discard" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("Nothing is stuck")).toBeVisible();

  await page.getByRole("tab", { name: "Users" }).click();
  // The admin's own row offers no Disable: an admin cannot lock themselves out.
  await page.getByLabel("Search by e-mail").fill(E2E_ADMIN_EMAIL);
  await page.getByRole("button", { name: "Search" }).click();
  const own = page.locator("li", { hasText: "Your own account: another admin can disable it." });
  await expect(own).toBeVisible();
  await expect(own.getByRole("button", { name: "Disable" })).toHaveCount(0);

  await page.getByLabel("Search by e-mail").fill(ownerEmail.slice(0, 10));
  await page.getByRole("button", { name: "Search" }).click();
  const user = page.locator("li", { hasText: ownerEmail }).first();
  await expect(user).toBeVisible();
  // At 375 px long addresses wrap (at the @ and dots) instead of pushing the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await user.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("nothing of theirs is sent while the account is disabled");
  await page.getByRole("alertdialog").getByRole("button", { name: "Disable account" }).click();
  await expect(user).toContainText("Disabled");
  await shot(page, "55-admin-users-375");

  await page.getByRole("tab", { name: "Audit log" }).click();
  await expect(page.getByText(`${E2E_ADMIN_EMAIL} disabled an account`)).toBeVisible();
  await expect(page.getByText("Reason: checking the address once more")).toBeVisible();
  await expect(page.getByText(/retried a delivery/)).toBeVisible();
  await expect(page.getByText(/discarded a delivery/)).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await shot(page, "56-admin-audit-1280");

  // The disabled owner's session is over: their token is refused, and so is signing in again.
  expect((await api("GET", "/api/messages")).status()).toBe(401);
  const signIn = await request.post("/auth/v1/token?grant_type=password", {
    data: { email: ownerEmail, password: PASSWORD },
  });
  expect(await signIn.json()).toMatchObject({ error_code: "user_banned" });
  await ownerPage.close();
});
