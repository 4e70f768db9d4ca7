import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { waitForMail } from "./sink";
import { shot } from "./shot";

/** The owner invites a contact by e-mail from the Trusted contacts page (docs/decisions/041). */
export async function inviteFromPage(page: Page, name: string, email: string): Promise<void> {
  await page.goto("/trusted-contacts");
  await page.getByRole("button", { name: "Invite a contact" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(name)).toBeVisible();
}

/** The contact accepts the mailed invitation on a phone (375 px); returns that phone's page. */
export async function acceptOnPhone(browser: Browser, request: APIRequestContext, email: string): Promise<Page> {
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const invitation = await waitForMail(request, email, /^Ada asked you to be their trusted contact$/);
  await phone.goto(invitation.links.find((l) => l.includes("/contact/invitation?token="))!);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Ada");
  await shot(phone, "60-contact-invitation-375");
  await phone.getByRole("button", { name: "Accept" }).click();
  await expect(phone.getByText(/keep/i).first()).toBeVisible();
  return phone;
}
