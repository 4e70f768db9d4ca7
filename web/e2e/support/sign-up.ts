import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { linkFromMailbox, uniqueEmail } from "./mailbox";

export const PASSWORD = "a long enough passphrase";

/** Where the confirmation link is read: the local mailbox page (outbox server) or the SMTP sink (engine server). */
export type ReadLink = (page: Page, to: string, subject: string) => Promise<string>;

/** A confirmed user with a complete profile, signed in on `page` (the account journey proved the UI path). */
export async function signUp(
  page: Page,
  request: APIRequestContext,
  tag: string,
  readLink: ReadLink = linkFromMailbox,
): Promise<string> {
  const email = uniqueEmail(tag);
  expect((await request.post("/auth/v1/signup", { data: { email, password: PASSWORD } })).ok()).toBe(true);
  await page.goto(await readLink(page, email, "Confirm your Trigger Switch account"));
  // The link's page signs in, then the guard (500 ms at least) sends a new user to /profile, which on
  // a busy machine can take longer than the default timeout.
  await expect(page).toHaveURL(/\/profile$/, { timeout: 20_000 });
  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Lovelace");
  await page.getByLabel("WhatsApp Number").fill("+44 7700 900123");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** The signed-in page's current access token, as auth-js stores it. */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("sb-") && k.endsWith("-auth-token"));
    const session = key ? (JSON.parse(localStorage.getItem(key) ?? "null") as { access_token?: string } | null) : null;
    if (!session?.access_token) throw new Error("not signed in");
    return session.access_token;
  });
}
