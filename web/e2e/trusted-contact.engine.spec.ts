import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { accessToken, signUp } from "./support/sign-up";
import { advanceClock, linkFromSink, mailsTo, waitForMail } from "./support/sink";
import { acceptOnPhone, inviteFromPage } from "./support/trusted-contacts";
import { shot } from "./support/shot";

/**
 * Confirm before release (issue 29, docs/decisions/041) on the engine server (real SMTP sink, test
 * clock): a trusted contact accepts the mailed invitation, holds the first release from the
 * question's link, and releases the next one; the recipient gets the message only then.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function ownerWithContact(page: Page, request: APIRequestContext) {
  const ownerEmail = await signUp(page, request, "trusted", linkFromSink);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const recipientEmail = uniqueEmail("trusted-recipient");
  const recipient = await request.post("/api/recipients", {
    headers,
    data: { name: "Recipient", email: recipientEmail },
  });
  expect(recipient.ok(), await recipient.text()).toBe(true);
  const message = await request.post("/api/messages", {
    headers,
    data: { title: "For my family", text_content: "The deeds are in the blue folder." },
  });
  const { id } = (await message.json()) as { id: string };
  const linked = await request.put(`/api/messages/${id}/recipients`, {
    headers,
    data: { recipient_ids: [((await recipient.json()) as { id: string }).id] },
  });
  expect(linked.ok()).toBe(true);
  const condition = await request.post(`/api/messages/${id}/conditions`, {
    headers,
    data: { condition_type: "no_check_in", minutes_threshold: 5 },
  });
  expect(condition.ok(), await condition.text()).toBe(true);
  // The owner invites their contact from the Trusted contacts page.
  const contactEmail = uniqueEmail("trusted-contact");
  await inviteFromPage(page, "Sam next door", contactEmail);
  await shot(page, "64-trusted-contacts-1280");
  return {
    ownerEmail,
    headers,
    recipientEmail,
    contactEmail,
    messageId: id,
    conditionId: ((await condition.json()) as { id: string }).id,
  };
}

test("a trusted contact accepts, holds a release from the mailed link, then releases the next one", async ({
  page,
  request,
  browser,
}) => {
  const s = await ownerWithContact(page, request);

  // The contact, on their phone, accepts the mailed invitation.
  const invitation = await waitForMail(request, s.contactEmail, /^Ada asked you to be their trusted contact$/);
  expect(invitation.text).not.toContain("Sam next door");
  const phone = await acceptOnPhone(browser, request, s.contactEmail);
  const contactContext = phone.context();

  // On the message's page, the owner has its condition ask Sam first, with the shortest window and hold.
  await page.goto(`/message/${s.messageId}`);
  const section = page.getByRole("region", { name: "Ask trusted contacts first" });
  await section.getByRole("switch").click();
  await section.getByLabel(/Sam next door/).check();
  await section.getByLabel("Time to answer (hours)").fill("6");
  await section.getByLabel("Hold period (days)").fill("1");
  await shot(page, "65-ask-first-form-1280");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section.getByText(/At its deadline, Sam next door is asked first/)).toBeVisible();
  const on = await request.get(`/api/conditions/${s.conditionId}/confirmation`, { headers: s.headers });
  expect(await on.json()).toMatchObject({ enabled: true, window_hours: 6, hold_days: 1 });

  // The deadline passes: the contact is asked, the owner alerted; the recipient gets nothing.
  await advanceClock(request, 5.5 * MINUTE);
  const question = await waitForMail(request, s.contactEmail, /^Have you been in touch with Ada since /);
  await waitForMail(request, s.ownerEmail, /^Your messages go out on .* unless you check in$/);
  await phone.goto(question.links.find((l) => l.includes("/contact/question?token="))!);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("Have you been in touch with Ada");
  await shot(phone, "61-contact-question-375");
  await phone.getByRole("button", { name: /They're OK/ }).click();
  await expect(phone.getByText(/Thank you/).first()).toBeVisible();
  await shot(phone, "62-contact-held-375");

  // The owner is told who held it, and sees it on the condition.
  const held = await waitForMail(request, s.ownerEmail, /^Sam next door said you are OK/);
  expect(held.text).toContain("Your new deadline is");
  await page.goto(`/message/${s.messageId}`);
  await expect(page.getByText(/Held by Sam next door/)).toBeVisible();
  // The dashboard says it too.
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Your trusted contacts" })).toContainText(
    /Held by Sam next door until/,
  );
  await shot(page, "71-dashboard-held-1280", { fullPage: false });
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "66-held-by-375");
  expect(await mailsTo(request, s.recipientEmail)).toEqual([]);

  // The hold period passes without a check-in: asked again; this time they cannot reach the owner.
  await advanceClock(request, DAY + MINUTE);
  await expect(async () => {
    const asked = (await mailsTo(request, s.contactEmail)).filter((m) => /^Have you been in touch/.test(m.subject));
    expect(asked).toHaveLength(2);
  }).toPass({ timeout: 20_000, intervals: [250] });
  const second = (await mailsTo(request, s.contactEmail)).filter((m) => /^Have you been in touch/.test(m.subject))[1]!;
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await desk.goto(second.links.find((l) => l.includes("/contact/question?token="))!);
  await desk.getByRole("button", { name: /I can't reach them/ }).click();
  await expect(desk.getByText("Send it now?")).toBeVisible();
  await shot(desk, "63-contact-release-confirm-1280");
  await desk.getByRole("button", { name: "Yes, send it now" }).click();

  // The recipient receives the message, once.
  await waitForMail(request, s.recipientEmail, /^A message from Ada Lovelace$/);
  await expect(async () => expect(await mailsTo(request, s.recipientEmail)).toHaveLength(1)).toPass({
    timeout: 5_000,
  });

  // The owner's condition says when it went, and that the contacts were asked first.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/message/${s.messageId}`);
  await expect(page.getByText(/The message was sent .+, after your contacts were asked\./)).toBeVisible();
  await shot(page, "74-released-after-asking-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "75-released-after-asking-375");
  await desk.close();
  await contactContext.close();
});
