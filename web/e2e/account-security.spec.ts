import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { MAILBOX_KEY } from "./support/mailbox";
import { PASSWORD, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

/** Each card of the Security section on its own, readable at phone width. */
async function shotCards(page: Page, name: string) {
  const cards = page.locator("#security > div > *");
  for (let i = 0; i < (await cards.count()); i++) await shot(cards.nth(i), `${name}-card${i + 1}`);
}

/** The code an authenticator app shows `offsetSteps` 30-second steps from now. */
function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a user turns on two-step sign-in with an authenticator app, signs out, and signs in with its code", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, request, "totp");

  await page.goto("/profile#security");
  const name = page.getByLabel("Name of the app or device");
  await name.fill("My phone");
  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  const qr = page.getByAltText("QR code for your authenticator app");
  await expect(qr).toBeVisible();
  // The QR code is an inline SVG data URI that really renders.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page
    .getByRole("region", { name: /Security and account/ })
    .scrollIntoViewIfNeeded()
    .catch(() => {});
  await shot(page, "security-enrol-qr-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "security-enrol-qr-375");
  await shotCards(page, "security-enrol-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in is on")).toBeVisible();
  await expect(page.getByRole("list", { name: "Second factors" })).toContainText("My phone");
  await expect(page.getByRole("list", { name: "Security log" })).toContainText("Authenticator “My phone” added");
  await shot(page, "security-section-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "security-section-375");
  await shotCards(page, "security-section-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Deleting the account asks for the password and the word DELETE (cancelled here).
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await shot(page, "delete-account-dialog-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page.getByRole("dialog"), "delete-account-dialog-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInWithPassword(page, email);
  await expect(page.getByText("Two-step sign-in").first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Code from your authenticator app")).toBeVisible();
  await shot(page, "sign-in-code-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "sign-in-code-375");

  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  // The code used at enrolment cannot be used again: the app's next code signs in.
  await page.getByLabel("Code from your authenticator app").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a user signs in through the local OpenID provider", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Continue with Testid" });
  await expect(button).toBeVisible();
  await shot(page, "sign-in-providers-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "sign-in-providers-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  await button.click();
  // The provider's own page.
  await page.getByRole("button", { name: /Continue as/ }).click();
  // Back with ?code=, exchanged with the PKCE verifier; a new account completes its profile first.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
  expect(page.url()).not.toContain("code=");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("ada@provider.example");
  await expect(page.getByText("You sign in with a provider.")).toBeVisible();
});

test("ending another session signs that device out", async ({ page, browser, request }) => {
  const email = await signUp(page, request, "sessions");
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signInWithPassword(phone, email);
  await expect(phone).toHaveURL(/\/dashboard$/);

  await page.goto("/profile#security");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await sessions.getByRole("button", { name: "End session" }).click();
  await shot(page.getByRole("alertdialog"), "end-session-dialog");
  await page.getByRole("alertdialog").getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("Session ended")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  // The other device notices on its own (it checks every 30 s while visible) and goes back to sign-in.
  await expect(phone.getByText("You were signed out")).toBeVisible({ timeout: 45_000 });
  await expect(phone).toHaveURL(/\/login/);
  await other.close();
});

/** Turns on an authenticator app from the Security section; returns its secret. */
async function enrolAuthenticator(page: Page): Promise<string> {
  await page.goto("/profile#security");
  await page.getByRole("button", { name: "Add an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("Two-step sign-in is on")).toBeVisible();
  return secret;
}

test("a user who lost the authenticator signs in with a recovery code", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signUp(page, request, "recovery");
  await enrolAuthenticator(page);

  await page.getByRole("button", { name: "Make recovery codes" }).click();
  const list = page.getByTestId("recovery-codes");
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
  await list.scrollIntoViewIfNeeded();
  await shot(page, "recovery-codes-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page.locator("#security > div > *", { has: list }), "recovery-codes-card-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 of 10 left")).toBeVisible();

  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await signInWithPassword(page, email);
  await page.getByRole("button", { name: "Lost your phone or app? Use a recovery code" }).click();
  await shot(page, "sign-in-recovery-code-1280");
  await page.getByLabel("Recovery code").fill(codes[4]!.toUpperCase());
  await page.getByRole("button", { name: "Sign in with the recovery code" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile#security");
  await expect(page.getByText("9 of 10 left")).toBeVisible({ timeout: 20_000 });
});

test('"This wasn\'t me" in the new-device e-mail signs the stranger out and blocks the password', async ({
  page,
  browser,
  request,
}) => {
  const email = await signUp(page, request, "notme");
  // A stranger with the password, on another kind of device.
  const stranger = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  const theirs = await stranger.newPage();
  await signInWithPassword(theirs, email);
  await expect(theirs).toHaveURL(/\/dashboard$/);

  // The owner's mailbox: the new-device mail and its link.
  const subject = "New sign-in to your Trigger Switch account";
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}&key=${MAILBOX_KEY}`);
    await expect(page.getByText(subject).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const href = await page
    .locator("article", { hasText: subject })
    .first()
    .locator('a[href*="/report-sign-in#token="]')
    .first()
    .getAttribute("href");
  await page.goto(href!);
  await expect(page.getByText(/A sign-in from Safari on iPhone/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "report-sign-in-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "report-sign-in-375");
  await page.getByRole("button", { name: "Sign out everywhere and block my password" }).click();
  await expect(page.getByText(/Every device was signed out/)).toBeVisible();
  await shot(page, "report-sign-in-done-375");

  // The stranger's tab notices; the password no longer signs in.
  await expect(theirs.getByText("You were signed out")).toBeVisible({ timeout: 45_000 });
  await signInWithPassword(theirs, email);
  await expect(theirs.getByText(/Invalid login credentials|e-mail or password/i).first()).toBeVisible();
  await stranger.close();
});
