import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { accessToken, signUp } from "./support/sign-up";
import { advanceClock, linkFromSink, mailsTo, waitForMail } from "./support/sink";
import { acceptOnPhone, inviteFromPage } from "./support/trusted-contacts";
import { shot } from "./support/shot";

/**
 * Emergency access on request (issue 29, docs/decisions/041) on the engine server (real SMTP sink,
 * test clock): a trusted contact asks for a message; the owner denies from the mailed link; the next
 * day the contact asks again, nobody denies, and after the waiting period the message opens for the
 * contact alone; the owner revokes it.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test("a contact asks for access, the owner denies from the alert, and a request nobody denies is granted", async ({
  page,
  request,
  browser,
}) => {
  const ownerEmail = await signUp(page, request, "asker", linkFromSink);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const recipientEmail = uniqueEmail("asker-recipient");
  const recipient = await request.post("/api/recipients", {
    headers,
    data: { name: "Recipient", email: recipientEmail },
  });
  const message = await request.post("/api/messages", {
    headers,
    data: { title: "For my family", text_content: "The deeds are in the blue folder." },
  });
  const { id: messageId } = (await message.json()) as { id: string };
  await request.put(`/api/messages/${messageId}/recipients`, {
    headers,
    data: { recipient_ids: [((await recipient.json()) as { id: string }).id] },
  });
  const contactEmail = uniqueEmail("asker-contact");
  await inviteFromPage(page, "Sam next door", contactEmail);
  const phone = await acceptOnPhone(browser, request, contactEmail);
  // The page's link is in their mailbox too.
  const kept = await waitForMail(request, contactEmail, /^You are Ada's trusted contact: the link to your page$/);
  const contactPage = kept.links.find((l) => l.includes("/contact?token="))!;

  // The owner lets Sam ask for this message, with a one-hour waiting period.
  await page.goto(`/message/${messageId}`);
  const allow = page.getByRole("region", { name: "Trusted contacts who may ask for this message" });
  await allow.getByLabel("Sam next door").check();
  await allow.getByLabel("Waiting period (hours)").fill("1");
  await allow.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => (await request.get(`/api/messages/${messageId}/access-permissions`, { headers })).json())
    .toMatchObject({ permissions: [{ waiting_hours: 1 }] });
  await shot(allow, "72-may-ask-section-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(allow, "73-may-ask-section-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sam asks from their page; they see a number, never the title.
  await phone.goto(contactPage);
  const ask = phone.getByRole("region", { name: "Ask for access" });
  await expect(ask).toContainText("Message 1");
  await expect(phone.getByText("For my family")).toHaveCount(0);
  await ask.getByLabel("Why are you asking?").fill("She missed our Sunday call and her phone is off.");
  await ask.getByRole("button", { name: "Ask for access" }).click();
  await ask.getByRole("button", { name: "Yes, ask for access" }).click();
  await expect(ask).toContainText(/unless Ada says no/);
  await shot(phone, "67-contact-asked-375");

  // The owner is alerted and denies with one tap from the mail, signed in or not.
  const alert = await waitForMail(request, ownerEmail, /^Sam next door asked for access to your message$/);
  expect(alert.text).toContain("She missed our Sunday call");
  const deny = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await deny.goto(alert.links.find((l) => l.includes("/access-request/deny?token="))!);
  await expect(deny.getByText(/Sam next door asked for access to/)).toBeVisible();
  await shot(deny, "68-deny-link-1280");
  await deny.getByRole("button", { name: "Deny" }).click();
  await expect(deny.getByText("Denied. Sam next door has been told. Nothing was sent.")).toBeVisible();
  await waitForMail(request, contactEmail, /^Ada declined your request for access$/);
  await deny.close();

  // A day later Sam asks again; the owner sees it on the dashboard and does not answer.
  await advanceClock(request, DAY + MINUTE);
  await phone.goto(contactPage);
  await ask.getByLabel("Why are you asking?").fill("Still no answer from her.");
  await ask.getByRole("button", { name: "Ask for access" }).click();
  await ask.getByRole("button", { name: "Yes, ask for access" }).click();
  await expect(ask).toContainText(/unless Ada says no/);
  await page.goto("/dashboard");
  const banner = page.getByRole("region", { name: "Requests for access waiting" });
  await expect(banner).toContainText("Sam next door asked for access to “For my family”");
  await shot(page, "69-dashboard-request-1280", { fullPage: false });

  // The waiting period ends: the message opens for Sam alone; the recipient gets nothing.
  await advanceClock(request, HOUR + MINUTE);
  const granted = await waitForMail(request, contactEmail, /^Ada's message 1 is now open to you$/);
  const link = granted.links.find((l) => l.includes("/access/message/"))!;
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "For my family" })).toBeVisible();
  await expect(phone.getByText("The deeds are in the blue folder.")).toBeVisible();
  expect(await mailsTo(request, recipientEmail)).toEqual([]);
  await waitForMail(request, ownerEmail, /^"For my family" was released to Sam next door on their request$/);

  // The owner revokes it from the Trusted contacts page: Sam's link stops opening it.
  await page.goto("/trusted-contacts");
  await page.getByRole("button", { name: "Revoke access for Sam next door" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke access" }).click();
  await expect(page.getByText(/You revoked their access/)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "70-requests-revoked-375");
  await phone.goto(link);
  await expect(phone.getByText("The deeds are in the blue folder.")).toHaveCount(0);
  await phone.context().close();
});
