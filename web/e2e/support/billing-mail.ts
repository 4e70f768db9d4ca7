import { expect, type Page } from "@playwright/test";
import type { SinkMail } from "./serve-sink";

/**
 * The billing server sends over SMTP to its own sink (smtp-sink-server.ts with a refused domain), which refuses every
 * address at this domain for good: the honest way to make a release park on that server.
 */
export const UNREACHABLE_DOMAIN = "unreachable.test";

/** The billing sink's JSON API; playwright.config.ts sets it (read when called: the config runs first). */
const sinkUrl = () => process.env.E2E_BILLING_SINK_URL ?? "http://127.0.0.1:3132";

/** signUp's ReadLink for the billing server: the first link of the mail to `to` with `subject`, from its sink. */
export async function linkFromBillingSink(page: Page, to: string, subject: string): Promise<string> {
  let mail: SinkMail | undefined;
  await expect(async () => {
    const res = await page.request.get(`${sinkUrl()}/mails?to=${encodeURIComponent(to)}`);
    expect(res.ok()).toBe(true);
    mail = ((await res.json()) as SinkMail[]).find((m) => m.subject === subject);
    expect(mail, `a mail to ${to}: "${subject}"`).toBeDefined();
  }).toPass({ timeout: 20_000, intervals: [250] });
  const link = mail!.links[0];
  if (!link) throw new Error(`no link in the "${subject}" mail`);
  return link;
}
