import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { accessToken, signUp } from "./support/sign-up";
import { uniqueEmail } from "./support/mailbox";
import { advanceClock, linkFromSink, mailsTo, waitForMail } from "./support/sink";
import { shot } from "./support/shot";

/**
 * Spec §1/§4 end to end on the engine server (real SMTP sink, test clock): a 5-minute
 * no-check-in switch with a reminder 2 minutes before its deadline. Time is fast-forwarded; the
 * engine, the mails and the pages are the real ones.
 */
const MINUTE = 60_000;
const LETTER = "The deeds are in the blue folder.\n";

async function armSwitch(page: Page, request: APIRequestContext, tag: string, recipientCount: number) {
  const ownerEmail = await signUp(page, request, tag, linkFromSink);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const recipients: { id: string; email: string }[] = [];
  for (let i = 0; i < recipientCount; i++) {
    const email = uniqueEmail(`${tag}-recipient-${i}`);
    const res = await request.post("/api/recipients", { headers, data: { name: `Recipient ${i + 1}`, email } });
    expect(res.ok(), await res.text()).toBe(true);
    recipients.push({ id: ((await res.json()) as { id: string }).id, email });
  }
  const created = await request.post("/api/messages", {
    headers,
    data: { title: "For my family", text_content: "If you are reading this, I did not check in. I love you." },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect(
    (
      await request.put(`/api/messages/${id}/recipients`, {
        headers,
        data: { recipient_ids: recipients.map((r) => r.id) },
      })
    ).ok(),
  ).toBe(true);
  const upload = await request.post(`/api/messages/${id}/attachments`, {
    headers,
    multipart: { file: { name: "letter.txt", mimeType: "text/plain", buffer: Buffer.from(LETTER) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const condition = await request.post(`/api/messages/${id}/conditions`, {
    headers,
    data: { condition_type: "no_check_in", minutes_threshold: 5, reminder_hours: [2] },
  });
  expect(condition.ok(), await condition.text()).toBe(true);
  return { ownerEmail, headers, messageId: id, recipients };
}

/** Waits until the engine has ticked at least twice after the clock reached `at`. */
async function engineCaughtUp(request: APIRequestContext, at: Date) {
  await expect(async () => {
    const { engine } = (await (await request.get("/api/diagnostic")).json()) as {
      engine: { heartbeat_at: string | null };
    };
    expect(Date.parse(engine.heartbeat_at ?? "0")).toBeGreaterThan(at.getTime() + 600);
  }).toPass({ timeout: 15_000, intervals: [200] });
}

test("(i) no check-in: the reminder arrives, then every recipient's mail, and the access page shows the message and attachment", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { ownerEmail, recipients } = await armSwitch(page, request, "release", 2);

  // 3½ minutes on: the reminder (2 minutes before the deadline) reaches the owner, with a check-in link.
  await advanceClock(request, 3.5 * MINUTE);
  const reminder = await waitForMail(request, ownerEmail, /^Check in before /);
  expect(reminder.text).toContain("'For my family' goes to 2 people on");
  expect(reminder.links.some((l) => l.includes("/check-in?token="))).toBe(true);
  for (const r of recipients) expect(await mailsTo(request, r.email)).toEqual([]);

  // No check-in. Past the deadline: each recipient gets their own link.
  await advanceClock(request, 2 * MINUTE);
  const links: string[] = [];
  for (const r of recipients) {
    const mail = await waitForMail(request, r.email, /^A message from Ada Lovelace$/);
    expect(mail.text).not.toContain("For my family"); // the title is content too: only on the access page
    const link = mail.links.find((l) => l.includes("/access/message/"));
    expect(link).toBeDefined();
    links.push(link!);
  }
  expect(new Set(links).size).toBe(2);

  // A recipient, signed out on another device, reads it and downloads the attachment.
  const recipientContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await recipientContext.newPage();
  await phone.goto(links[0]!);
  await expect(phone.getByText("Secure Message Access")).toBeVisible();
  await expect(phone.getByRole("heading", { name: "For my family" })).toBeVisible();
  await expect(phone.getByText("If you are reading this, I did not check in. I love you.")).toBeVisible();
  await expect(phone.getByText(/Ada Lovelace/).first()).toBeVisible();
  await shot(phone, "40-access-page-375");
  const download = phone.waitForEvent("download");
  await phone.getByRole("link", { name: "Download letter.txt" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("letter.txt");
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).toString("utf8")).toBe(LETTER);
  await recipientContext.close();

  // Exactly one mail each, however many engine ticks ran.
  for (const r of recipients) expect(await mailsTo(request, r.email)).toHaveLength(1);
});

test("(ii) checking in from the reminder link prevents the delivery", async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { ownerEmail, headers, messageId, recipients } = await armSwitch(page, request, "checkin", 1);

  await advanceClock(request, 3.5 * MINUTE);
  const reminder = await waitForMail(request, ownerEmail, /^Check in before /);
  const checkInLink = reminder.links.find((l) => l.includes("/check-in?token="))!;

  // The owner opens the link on their phone (not signed in there): opening alone changes nothing.
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await phoneContext.newPage();
  await phone.goto(checkInLink);
  await expect(phone.getByRole("heading", { name: "Are you OK?" })).toBeVisible();
  await shot(phone, "41-check-in-link-375");
  await phone.getByRole("button", { name: "I'm OK — check in now" }).click();
  await expect(phone.getByRole("heading", { name: "You are checked in" })).toBeVisible();
  await phoneContext.close();

  // Past the old deadline, and the engine has looked: nothing went to the recipient.
  const afterOldDeadline = await advanceClock(request, 2 * MINUTE);
  await engineCaughtUp(request, afterOldDeadline);
  expect(await mailsTo(request, recipients[0]!.email)).toEqual([]);

  // The owner's timeline shows the old delivery obsolete and a new deadline 5 minutes after the check-in.
  const diagnostic = (await (await request.get(`/api/diagnostic/message/${messageId}`, { headers })).json()) as {
    conditions: { next_deadline: string | null }[];
    schedule: { reminder_type: string; status: string; scheduled_at: string }[];
  };
  const finals = diagnostic.schedule.filter((s) => s.reminder_type === "final_delivery");
  expect(finals.map((f) => f.status).sort()).toEqual(["obsolete", "pending"]);
  expect(Date.parse(diagnostic.conditions[0]!.next_deadline!)).toBeGreaterThan(afterOldDeadline.getTime());

  await page.goto(`/diagnostic/message/${messageId}`);
  await expect(page.getByText("For my family").first()).toBeVisible();
  await shot(page, "42-timeline-after-check-in-1280");
});
