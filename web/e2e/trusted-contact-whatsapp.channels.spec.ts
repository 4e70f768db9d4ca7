import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUp } from "./support/sign-up";
import type { SentWhatsApp } from "./support/whatsapp";
import { shot } from "./support/shot";

const control = process.env.E2E_WHATSAPP_CONTROL_URL!;
const SAM = "+447700900777";
const sentTo = async (request: APIRequestContext, to: string) =>
  (await (await request.get(`${control}/messages?to=${encodeURIComponent(to)}`)).json()) as SentWhatsApp[];
/** The link in the latest contact template sent to Sam that carries `path`. */
async function linkSent(request: APIRequestContext, path: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const template = (await sentTo(request, SAM))
      .filter((m) => m.template?.name === "contact_notice" && m.template.body[1]!.includes(path))
      .at(-1);
    expect(template?.template?.body[0]).toBe("Ada");
    link = template!.template!.body[1]!;
  }).toPass({ timeout: 15_000 });
  return link;
}

/**
 * A trusted contact reached only by WhatsApp (docs/decisions/041): the owner invites them by
 * number, the invitation arrives as the contact template, the contact accepts on their phone and
 * is told their page link was sent to them on WhatsApp, and it was; their reply is answered.
 */
test("an owner invites a trusted contact by WhatsApp, who accepts from the message", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "contact-whatsapp");

  await page.goto("/trusted-contacts");
  await page.getByRole("button", { name: "Invite a contact" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByText(
      /We send them an invitation by e-mail, SMS or WhatsApp|We send them an invitation by e-mail or WhatsApp/,
    ),
  ).toBeVisible();
  await dialog.getByLabel("Name").fill("Sam next door");
  await dialog.getByRole("radio", { name: "WhatsApp" }).check();
  await dialog.getByLabel("Mobile number").fill(SAM);
  await shot(page, "70-invite-contact-whatsapp-1280", { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "71-invite-contact-whatsapp-375", { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Sam next door")).toBeVisible();
  await expect(page.getByText(/\+447700900777 · WhatsApp/)).toBeVisible();
  await shot(page, "72-trusted-contacts-whatsapp-1280");

  // Sam has never written to us: the invitation goes as the approved template, with the link.
  const phone = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await phone.goto(await linkSent(request, "/contact/invitation?token="));
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Ada");
  await phone.getByRole("button", { name: "Accept" }).click();
  await expect(phone.getByText("Keep this link: it was also sent to you on WhatsApp.", { exact: false })).toBeVisible();
  await shot(phone, "73-contact-accepted-whatsapp-375");
  const pageLink = await linkSent(request, "/contact?token=");
  await phone.goto(pageLink);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Ada");

  // A reply with nothing asked is answered plainly, in free text now that Sam has written.
  const answer = await request.post(`${control}/receive`, { data: { from: SAM, text: "HOLD" } });
  expect(((await answer.json()) as { status: number }).status).toBe(200);
  await expect(async () =>
    expect((await sentTo(request, SAM)).at(-1)?.text).toMatch(/^Trigger Switch: no question to you is open right now/),
  ).toPass({ timeout: 15_000 });
});
