import { expect, test } from "@playwright/test";
import { linkFromMailbox, uniqueEmail } from "./support/mailbox";
import { shot } from "./support/shot";

const password = "a long enough passphrase";

test("a new user registers, confirms from the mailbox, completes the profile and signs out", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("journey");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started" }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  // This server keeps its mail in the local mailbox, and the page says so instead of "we sent".
  await expect(page.getByText("is ready, but it was not e-mailed")).toBeVisible();
  await expect(page.getByText("/dev/mailbox")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  await expect(page).toHaveTitle("Check your e-mail · Trigger Switch");
  await shot(page, "01-check-email");

  // The confirmation link is opened elsewhere (as on a phone); it must work there on its own.
  const elsewhere = await browser.newContext();
  const mailPage = await elsewhere.newPage();
  const link = await linkFromMailbox(mailPage, email, "Confirm your Trigger Switch account");
  await mailPage.goto(link);
  await expect(mailPage).toHaveURL(/\/profile$/);
  await elsewhere.close();

  // Back on the first device: sign in, and the guard insists on the profile first.
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("0%").or(page.getByText("0 %")).first()).toBeVisible();
  await shot(page, "02-profile-incomplete");

  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Lovelace");
  await page.getByLabel("WhatsApp Number").fill("07700 900123");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText(/international format/).first()).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue("Ada");

  await page.getByLabel("WhatsApp Number").fill("+44 7700 900123");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "Messages" }).first()).toBeVisible();

  // Desktop header menu, in the spec's order.
  await page.getByRole("button", { name: "Open user menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Messages",
    "Recipients",
    "Trusted contacts",
    "Profile",
    "Subscription",
    "Sign out",
  ]);
  await expect(menu.getByRole("separator")).toHaveCount(2);
  await shot(page, "03-desktop-menu-1280");
  await page.keyboard.press("Escape");

  // Mobile: the avatar toggle shows name and e-mail, and opens the mobile entries.
  await page.setViewportSize({ width: 375, height: 812 });
  const toggle = page.getByRole("button", { name: /Ada Lovelace/ });
  await expect(toggle).toContainText(email);
  await toggle.click();
  const mobileNav = page.getByRole("navigation", { name: "User menu" });
  await expect(mobileNav.getByRole("link")).toHaveText([
    "Dashboard",
    "Messages",
    "Recipients",
    "Trusted contacts",
    "Profile",
    "Subscription",
  ]);
  await shot(page, "04-mobile-menu-375");

  await mobileNav.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("Signed out successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("a user who forgot the password resets it from the e-mailed link", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  // A confirmed account made through the API, as the previous journey proved the UI path.
  const signup = await request.post("/auth/v1/signup", { data: { email, password } });
  expect(signup.ok()).toBe(true);
  await page.goto(await linkFromMailbox(page, email, "Confirm your Trigger Switch account"));
  await page.evaluate(() => localStorage.clear());

  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page
      .getByRole("status")
      .or(page.getByText(/if an account exists/i))
      .first(),
  ).toBeVisible();

  await page.goto(await linkFromMailbox(page, email, "Reset your Trigger Switch password"));
  await expect(page).toHaveURL(/\/reset-password/);
  const newPassword = "a different long passphrase";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password updated")).toBeVisible();

  const old = await request.post("/auth/v1/token?grant_type=password", { data: { email, password } });
  expect(old.status()).toBe(400);
  const fresh = await request.post("/auth/v1/token?grant_type=password", { data: { email, password: newPassword } });
  expect(fresh.ok()).toBe(true);
});

test("an unconfirmed user is offered the confirmation link again, and told what became of it", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("countess.of.lovelace.unconfirmed");
  expect((await request.post("/auth/v1/signup", { data: { email, password } })).ok()).toBe(true);
  const signIn = async () => {
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("You need to confirm your e-mail address before you can sign in.")).toBeVisible();
  };
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/login");
  await signIn();
  // Within the first minute after signing up: a new link is made at once.
  await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
  // This server keeps its mail in the local mailbox: "on its way" would not be true.
  await expect(page.getByText(/A new confirmation link for .+ is ready, but it was not e-mailed/)).toBeVisible();
  await expect(page.getByText("on its way")).toHaveCount(0);
  await shot(page, "05-resend-sent-375");

  // Asked again at once: nothing is sent, and the page says so.
  await signIn();
  await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
  await expect(
    page.getByText(/^Nothing was sent: a new link for .+ was asked for less than a minute ago/),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "06-resend-wait-1280");
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: /not found/i })).toBeVisible();
});
