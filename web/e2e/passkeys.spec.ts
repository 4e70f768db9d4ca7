import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signUp } from "./support/sign-up";
import { shot } from "./support/shot";

/** The Passkeys card of the Security section, on its own. */
const passkeysCard = (page: Page) =>
  page.locator("#security > div > *").filter({ has: page.getByRole("heading", { name: "Passkeys", exact: true }) });

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
}

test("a user adds a passkey, signs in with it without a password, and steps up with it after a password", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Chromium's virtual authenticator stands for the device's own (fingerprint, face, screen lock):
  // it keeps discoverable credentials and always verifies its user.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = await signUp(page, request, "passkey");

  await page.goto("/profile#security");
  const card = passkeysCard(page);
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  const list = card.getByRole("list", { name: "Passkeys" });
  await expect(list).toContainText(/Passkey on Chrome on /);
  await expect(list).toContainText("Not used yet");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  // Two-step sign-in is on because of it (a passkey is a second factor too).
  await expect(page.getByText("After your password, your passkey confirms it is you.")).toBeVisible();

  await card.getByRole("button", { name: "Rename" }).click();
  await card.getByLabel("Name").fill("My laptop");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(list).toContainText("My laptop");
  await expect(page.getByRole("list", { name: "Security log" })).toContainText(
    /Passkey “My laptop”|renamed to “My laptop”/,
  );

  await card.scrollIntoViewIfNeeded();
  await shot(card, "passkeys-card-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await shot(card, "passkeys-card-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Passwordless: the browser offers the passkey it holds for this site; no e-mail, no password.
  await signOut(page);
  await page.goto("/login");
  await shot(page, "sign-in-passkey-1280");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile#security");
  await expect(page.getByRole("list", { name: "Security log" })).toContainText("Signed in with a passkey “My laptop”");
  await expect(passkeysCard(page).getByRole("list", { name: "Passkeys" })).toContainText("Last used");

  // After a password the account asks for its second factor, and the passkey gives it (aal2).
  await signOut(page);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(/Your password was right\. Now confirm it is you with your passkey/)).toBeVisible();
  await shot(page, "sign-in-passkey-step-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "sign-in-passkey-step-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile#security");
  await expect(page.getByRole("list", { name: "Security log" })).toContainText(
    "Confirmed it was you with passkey “My laptop”",
  );

  // Removing it (at aal2, after asking): it no longer signs in.
  await passkeysCard(page).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await signOut(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(/This passkey is not registered with Trigger Switch/)).toBeVisible();
});
