import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { accessToken, signUp } from "./support/sign-up";
import { advanceClock, linkFromSink, mailsTo, waitForMail } from "./support/sink";
import { shot } from "./support/shot";

/**
 * The owner always knows what went out. A deadline passes while the owner's dashboard is
 * open: the release appears there by itself (the engine's condition update over the realtime
 * socket), with each recipient's delivery; the owner receives the notice; when the recipient
 * opens the message the owner's message view says so. Engine server: real SMTP sink, test clock.
 */
const MINUTE = 60_000;

test("a deadline passes with the dashboard open: the release arrives live, the owner gets the notice and sees the opening", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const ownerEmail = await signUp(page, request, "release-notice", linkFromSink);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const recipientEmail = uniqueEmail("release-notice-recipient");
  const added = await request.post("/api/recipients", {
    headers,
    data: { name: "Grace Hopper", email: recipientEmail },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { id: recipientId } = (await added.json()) as { id: string };
  // The whole message in one request, as the editor sends it.
  const saved = await request.post("/api/messages/save", {
    headers,
    data: {
      title: "For my family",
      text_content: "The deeds are in the blue folder.",
      recipient_ids: [recipientId],
      add_conditions: [{ condition_type: "no_check_in", minutes_threshold: 5 }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id: messageId } = (await saved.json()) as { id: string };

  await page.goto("/dashboard");
  const feed = page.getByRole("list", { name: "Recent activity" });
  await expect(feed).toBeVisible();
  await expect(feed.getByText(/went out to/)).toHaveCount(0);

  // No check-in; the deadline passes while the page stays open (no reload).
  await advanceClock(request, 5.5 * MINUTE);
  const release = feed.getByRole("link", { name: "“For my family” went out to Grace Hopper." });
  await expect(release).toBeVisible({ timeout: 20_000 });
  await expect(feed.getByRole("list", { name: "Recipients of “For my family”" })).toContainText(
    /Grace Hopper: e-mail (sent|being sent)/,
  );
  await expect(feed.getByText(/Grace Hopper: e-mail sent .+ · not opened yet/)).toBeVisible({ timeout: 15_000 });
  await shot(page, "60-dashboard-after-release-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "61-dashboard-after-release-375");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner's notice names the message, when and to how many, and links to the message…
  const notice = await waitForMail(request, ownerEmail, /^Your message 'For my family' was released$/);
  expect(notice.text).toMatch(/'For my family' was released to 1 person on .+, because you did not check in in time\./);
  // Sent before a provider could report a failure later: it promises only what is known, and to tell.
  expect(notice.text).toContain(
    "They can read it as soon as the link reaches them; if it cannot reach someone, we will tell you.",
  );
  // …and to whom: names and channels, never the addresses.
  expect(notice.text).toContain("Released to Grace Hopper (e-mail).");
  expect(notice.text).not.toContain(recipientEmail);
  expect(notice.links.some((l) => l.endsWith(`/message/${messageId}`))).toBe(true);

  // The recipient opens it on their phone; the owner's message view shows the first opening.
  const mail = await waitForMail(request, recipientEmail, /^A message from Ada Lovelace$/);
  const link = mail.links.find((l) => l.includes("/access/message/"))!;
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "For my family" })).toBeVisible();
  await phoneContext.close();

  await release.click();
  await expect(page).toHaveURL(new RegExp(`/message/${messageId}$`));
  const releases = page.getByRole("list", { name: "Releases" });
  await expect(releases).toContainText(/Grace Hopper\s*e-mail sent .+ · first opened /);
  // The engine's log names the recipient of an ordinary e-mail release, not "A deleted recipient".
  const receipts = page.getByRole("list", { name: "Delivery receipts" });
  await expect(receipts).toContainText("Grace Hopper");
  await expect(receipts).not.toContainText("A deleted recipient");
  await shot(page, "62-message-view-after-release-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "63-message-view-after-release-375");

  // Exactly one notice, however many engine ticks ran.
  expect(
    (await mailsTo(request, ownerEmail)).filter((m) => m.subject === "Your message 'For my family' was released"),
  ).toHaveLength(1);
});

test("an emergency's access page says it is one, how old and precise the position is, and links to the map (no MAPBOX_TOKEN here)", async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const ownerEmail = await signUp(page, request, "emergency-access", linkFromSink);
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const recipientEmail = uniqueEmail("emergency-access-recipient");
  const { id: recipientId } = (await (
    await request.post("/api/recipients", { headers, data: { name: "Grace Hopper", email: recipientEmail } })
  ).json()) as { id: string };
  const saved = await request.post("/api/messages/save", {
    headers,
    data: {
      title: "I need help now",
      text_content: "I am walking home along the canal.",
      recipient_ids: [recipientId],
      add_conditions: [{ condition_type: "panic_trigger", panic_config: { keep_armed: true } }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id: messageId } = (await saved.json()) as { id: string };
  expect(
    (
      await request.put(`/api/messages/${messageId}/location`, {
        headers,
        data: { latitude: 51.539, longitude: -0.1426, accuracy: 35 },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.post("/functions/v1/send-message-notifications", {
        headers,
        data: { messageId, isEmergency: true, forceSend: true },
      })
    ).ok(),
  ).toBe(true);

  const notice = await waitForMail(request, ownerEmail, /^Your emergency alert 'I need help now' was sent$/);
  expect(notice.text).toContain(
    "They can read your message as soon as the alert reaches them; if it cannot reach someone, we will tell you.",
  );
  expect(notice.text).toContain("Sent to Grace Hopper (e-mail).");
  const mail = await waitForMail(request, recipientEmail, /^EMERGENCY alert from Ada Lovelace$/);
  const link = mail.links.find((l) => l.includes("/access/message/"))!;
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const phone = await context.newPage();
    await phone.goto(link);
    const alert = phone.getByRole("alert").filter({ hasText: "Emergency alert" });
    await expect(alert).toContainText(/Ada Lovelace pressed their emergency button (just now|\d+ minutes? ago)/);
    await expect(phone.getByText(/^Taken by their device .+ Accurate to about 35\u00a0m\.$/)).toBeVisible();
    await expect(
      phone.getByRole("link", { name: /Open the location on a map \(51\.53900, -0\.14260\)/ }),
    ).toBeVisible();
    await expect(phone.getByTestId("location-map")).toHaveCount(0);
    await shot(phone, `65-access-emergency-no-map-${width}`);
    await context.close();
  }

  // Storing the position for the emergency is not an edit of the message.
  await page.goto("/dashboard");
  const feed = page.getByRole("list", { name: "Recent activity" });
  await expect(
    feed.getByRole("link", { name: "Your emergency alert “I need help now” went out to Grace Hopper." }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(feed.getByText("You changed “I need help now”.")).toHaveCount(0);
});
