import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { createPanicMessage } from "./support/panic-message";
import { signUp } from "./support/sign-up";
import { advanceClock, linkFromSink, mailsTo, waitForMail } from "./support/sink";
import { shot } from "./support/shot";

/**
 * Spec §4 Panic button in a real browser against the engine server (real SMTP sink): confirm, send
 * with and without the position, the selector for two panic messages, cancel during the
 * countdown, and the recipient's mail. Decisions: docs/decisions/009-emergency-web.md.
 */
const CAMDEN = { latitude: 51.539, longitude: -0.1426, accuracy: 20 };

interface PanicMessage {
  id: string;
  recipient: string;
}

/** A message to a new e-mail recipient, with an armed Emergency button condition. */
async function panicMessage(
  page: Page,
  request: APIRequestContext,
  title: string,
  text: string,
): Promise<PanicMessage> {
  const recipient = uniqueEmail("panic-recipient");
  const id = await createPanicMessage(
    page,
    request,
    { title, text },
    { name: `Contact for ${title}`, email: recipient },
  );
  return { id, recipient };
}

/**
 * No toast covers the status bar or CLICK TO CANCEL (docs/decisions/025-what-the-owner-reads.md): the toasts
 * open below the header, the bar sits at the foot of the screen. Measured again until the toasts
 * have slid in (they enter from above), within the 3 s countdown.
 */
async function expectNothingCovered(page: Page) {
  const apart = async () => {
    const toasts = await page
      .locator("[data-sonner-toast]")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    expect(toasts.length).toBeGreaterThan(0);
    const targets = [page.locator("#emergency-status"), page.getByRole("button", { name: /^CLICK TO CANCEL/ })];
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      for (const t of toasts) {
        const clear =
          t.right <= box.x || box.x + box.width <= t.left || t.bottom <= box.y || box.y + box.height <= t.top;
        expect(clear, `a toast at ${JSON.stringify(t)} covers ${JSON.stringify(box)}`).toBe(true);
      }
    }
  };
  await expect(apart).toPass({ timeout: 1500, intervals: [100] });
}

/** The header caches its conditions for 5 minutes (spec §7); forget them so the new ones show. */
async function reloadHeader(page: Page) {
  await page.evaluate(() => localStorage.removeItem("header-buttons"));
  await page.reload();
}

test("a press with the position granted sends the message with the place, counts down and lands on /messages", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(CAMDEN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "panic-granted", linkFromSink);
  const message = await panicMessage(page, request, "Walking home", "I took the path along the canal.");
  await reloadHeader(page);

  const emergency = page.getByRole("button", { name: "Emergency" });
  await emergency.click();
  await expect(page.getByRole("button", { name: "CONFIRM EMERGENCY" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Press CONFIRM EMERGENCY" })).toBeVisible();
  await shot(page, "50-emergency-confirming-1280");
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();

  await expect(page.getByText("EMERGENCY ALERT TRIGGERED")).toBeVisible({ timeout: 15_000 });
  // The message has no attachments: the toast claims only what went.
  await expect(page.getByText("Your emergency message with your current location has been sent.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^CLICK TO CANCEL \([123]\)$/ })).toBeVisible();
  await expect(page.getByText(/Your location( \(.+\))? went with it\./)).toBeVisible();
  await expect(page.getByText(/Your location could not go with it/)).toHaveCount(0);
  await expectNothingCovered(page);
  await shot(page, "51-emergency-countdown-1280");
  await expect(page).toHaveURL(/\/messages$/, { timeout: 10_000 });

  const mail = await waitForMail(request, message.recipient, /^EMERGENCY alert from Ada Lovelace$/);
  expect(mail.text).toContain("Coordinates (latitude, longitude): 51.53900, -0.14260");
  expect(mail.text).toContain("I took the path along the canal.");
});

test("a second press soon after, with the position now blocked, says the earlier position went and how old it was", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(CAMDEN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "panic-twice", linkFromSink);
  const message = await panicMessage(page, request, "Walking home", "I took the path along the canal.");
  await reloadHeader(page);

  await page.getByRole("button", { name: "Emergency" }).click();
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  await expect(page.getByText("Your emergency message with your current location has been sent.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/messages$/, { timeout: 10_000 });

  // Past the 30 s duplicate window, within the 2 minutes a position counts as current (decision 008).
  await advanceClock(request, 45_000);
  await context.clearPermissions();
  await page.getByRole("button", { name: "Emergency" }).click();
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  // One toast for the outcome: what went, and why no new position (decision 028).
  await expect(
    page.getByText(
      /^Your emergency message with your last known location has been sent\. No new position for this alert: .+\. The position taken \d+ seconds before the alert went with it\.$/,
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^Your location from \d+ seconds before the alert \(.+\) went with it\.$/)).toBeVisible();
  await expect(page.getByText(/Your location could not go with it/)).toHaveCount(0);
  await expect(page.getByText(/was not included/)).toHaveCount(0);
  await expectNothingCovered(page);
  await shot(page, "54-emergency-earlier-position-1280");

  // The recipient's second alert carries that position and says how old it was.
  await expect(async () => expect(await mailsTo(request, message.recipient)).toHaveLength(2)).toPass({
    timeout: 20_000,
  });
  const second = (await mailsTo(request, message.recipient))[1]!;
  expect(second.text).toContain("Coordinates (latitude, longitude): 51.53900, -0.14260");
  expect(second.text).toMatch(/\d+ seconds before the alert/);
});

test("with the position denied and two panic messages: the selector, a plain 'location not included', and cancel during the countdown", async ({
  page,
  context,
  request,
}) => {
  await context.clearPermissions();
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(page, request, "panic-denied", linkFromSink);
  const first = await panicMessage(page, request, "Walking home", "I took the path along the canal.");
  const second = await panicMessage(page, request, "Date tonight", "I am meeting someone at the Crown.");
  await reloadHeader(page);

  await page.getByRole("button", { name: "Emergency" }).click();
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  const dialog = page.getByRole("dialog", { name: "Select Emergency Message" });
  await expect(dialog.getByText("Choose which emergency message to send immediately to all recipients.")).toBeVisible();
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await expect(dialog.getByText("Recipients: 1")).toHaveCount(2);
  const trigger = dialog.getByRole("button", { name: "Trigger Emergency" });
  await expect(trigger).toBeDisabled();
  await shot(page, "52-emergency-selector-375");

  // Cancel returns to idle and sends nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Emergency" })).toBeVisible();

  await page.getByRole("button", { name: "Emergency" }).click();
  await page.getByRole("button", { name: "CONFIRM EMERGENCY" }).click();
  await dialog.getByRole("radio", { name: /Date tonight/ }).check();
  await expect(trigger).toBeEnabled();
  await trigger.click();

  // Denied (or a prompt nobody answers, which the app gives up on after 10 s): it goes without.
  await expect(
    page.getByText(/^Your emergency message has been sent\. Your location could not go with it: .+\.$/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("EMERGENCY ALERT TRIGGERED")).toBeVisible();
  await expect(page.getByText(/^Your location was not included: /)).toBeVisible();
  await expect(page.getByText("Cancel only stops the countdown on this device.", { exact: false })).toBeVisible();
  await expectNothingCovered(page);
  await shot(page, "53-emergency-no-location-375");

  await page.getByRole("button", { name: /^CLICK TO CANCEL/ }).click();
  // One toast: the countdown stopped; the message had gone and cannot be called back (decision 028).
  await expect(page.getByText("Countdown stopped", { exact: true })).toBeVisible();
  await expect(
    page.getByText(/^Your emergency message was already sent at .+ and cannot be called back\./),
  ).toBeVisible();
  await expect(page.getByText("Emergency alert cancelled")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Emergency" })).toBeVisible();
  await page.waitForTimeout(4000);
  await expect(page).not.toHaveURL(/\/messages$/);

  // Client-only cancel: the chosen message's recipient is alerted anyway, without a place.
  const mail = await waitForMail(request, second.recipient, /^EMERGENCY alert from Ada Lovelace$/);
  expect(mail.text).toContain("No current location was available when the alert was sent.");
  expect(mail.text).toContain("I am meeting someone at the Crown.");
  expect(await mailsTo(request, first.recipient)).toEqual([]);
});
