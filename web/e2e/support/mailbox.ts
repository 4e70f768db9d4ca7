import { expect, type Page } from "@playwright/test";

/** The outbox server's mailbox key (playwright.config.ts gives it as MAILBOX_KEY), as its operator would have it from the start-up log. */
export const MAILBOX_KEY = process.env.E2E_MAILBOX_KEY ?? "e2e-journeys-local-mailbox-key-0123456789";

/**
 * Opens the local mailbox page (as a self-hoster without a mail server would), waits for a mail
 * with `subject` to `to`, and returns the first link in it. Auth mails are sent in the background,
 * so the page is reloaded until the mail is there.
 */
export async function linkFromMailbox(page: Page, to: string, subject: string): Promise<string> {
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}&key=${MAILBOX_KEY}`);
    await expect(page.getByText(subject).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const article = page.locator("article", { hasText: subject }).first();
  const href = await article.locator("a").first().getAttribute("href");
  if (!href) throw new Error(`no link in the "${subject}" mail`);
  return href;
}

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
