import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/sign-up";
import { shot } from "./support/shot";

const at = async (page: Page, width: number, name: string) => {
  await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
  await shot(page, `${name}-${width}`);
};

test("an owner writes a message with every condition type, an attachment and two recipients, edits it and deletes it", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "workspace");
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  await at(page, 1280, "10-dashboard-new-user");
  await at(page, 375, "11-dashboard-new-user");
  await page.setViewportSize({ width: 1280, height: 900 });

  // The first recipient from the recipients page.
  await page.goto("/recipients");
  await expect(page.getByRole("heading", { name: "No recipients yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add recipient" }).click();
  const add = page.getByRole("dialog", { name: "Add a recipient" });
  await add.getByLabel("Name").fill("Grace Hopper");
  await add.getByLabel("E-mail address").fill("grace@example.com");
  await add.getByRole("button", { name: "Add recipient" }).click();
  await expect(page.getByText("Recipient added")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recipients" }).getByText("Grace Hopper")).toBeVisible();
  await shot(page, "12-recipients-1280");

  // The message: text, a file, one recipient ticked and one added on the spot.
  await page.goto("/create-message");
  await page.getByLabel("Title").fill("If I don't come home");
  await page
    .getByLabel("Message")
    .fill("The spare key is with Mrs Baker at number 12.\nThe will is in the blue folder.");
  await page.getByLabel("Attach files").setInputFiles({
    name: "where-things-are.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Passport: top drawer.\n"),
  });
  await expect(page.getByText("where-things-are.txt")).toBeVisible();
  await page.getByRole("checkbox", { name: /Grace Hopper/ }).check();
  await page.getByRole("button", { name: "Add recipient" }).click();
  const inline = page.getByRole("dialog", { name: "Add a recipient" });
  await inline.getByLabel("Name").fill("Alan Turing");
  await inline.getByLabel("Phone number").fill("+44 7700 900456");
  await inline.getByRole("button", { name: "Add recipient" }).click();
  await expect(page.getByRole("checkbox", { name: /Alan Turing/ })).toBeChecked();

  // All four condition types; a 15-minute check-in with a 5-minute reminder.
  await page.getByRole("button", { name: /^No check-in/ }).click();
  const noCheckIn = page.getByRole("group", { name: "No check-in" });
  // The preset fits the reminder inside the interval: valid at once, 5 minutes before.
  await noCheckIn.getByRole("button", { name: "15 min" }).click();
  await expect(noCheckIn.getByRole("alert")).toHaveCount(0);
  await expect(noCheckIn.getByLabel("Reminder 1 amount")).toHaveValue("5");
  await expect(noCheckIn.getByLabel("Reminder 1 unit")).toHaveValue("minutes");
  await expect(noCheckIn.getByRole("status", { name: "What will happen" })).toContainText(
    "Each check-in gives you another 15 minutes.",
  );

  await page.getByRole("button", { name: "Add a condition" }).click();
  await page.getByRole("button", { name: /^Recurring check-in/ }).click();
  const recurring = page.getByRole("group", { name: "Recurring check-in" });
  await recurring.getByLabel("On chosen weekdays").check();
  await expect(recurring.getByRole("status", { name: "What will happen" })).toContainText(
    "Check in every Mon, Tue, Wed, Thu and Fri at 09:00",
  );
  // An hour and a minute picker on the page's 24-hour clock (en-GB), not Chromium's own time field,
  // which draws "09:00 AM" in the browser's UI language.
  const checkInBy = recurring.getByRole("group", { name: "Check in by" });
  await expect(checkInBy.getByRole("combobox", { name: "Hour" })).toHaveValue("9");
  await expect(checkInBy.getByRole("combobox", { name: "AM or PM" })).toHaveCount(0);
  await checkInBy.getByRole("combobox", { name: "Hour" }).selectOption({ label: "18" });
  await checkInBy.getByRole("combobox", { name: "Minute" }).selectOption({ label: "30" });
  await expect(recurring.getByRole("status", { name: "What will happen" })).toContainText(
    "Check in every Mon, Tue, Wed, Thu and Fri at 18:30",
  );

  await page.getByRole("button", { name: "Add a condition" }).click();
  await page.getByRole("button", { name: /^Inactivity until a date/ }).click();
  const byDate = page.getByRole("group", { name: "Inactivity until a date" });
  await byDate.getByLabel("Goes out on").fill(`${new Date().getFullYear() + 1}-06-01T09:00`);
  await expect(byDate.getByRole("status", { name: "What will happen" })).toContainText("1 Jun");

  await page.getByRole("button", { name: "Add a condition" }).click();
  await page.getByRole("button", { name: /^Emergency button/ }).click();
  await expect(page.getByRole("group", { name: "Emergency button" }).getByRole("status")).toContainText(
    "press the Emergency button",
  );
  await at(page, 1280, "13-create-message");
  await at(page, 375, "14-create-message");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: "Save message" }).click();
  await expect(page.getByText("Message saved")).toBeVisible();
  // Closed, as a person would: the edit below saves again, and its toast must be the one found (a
  // toast stays while the pointer rests over the stack, so its timer alone does not say when).
  await page
    .locator("[data-sonner-toast]", { hasText: "Message saved" })
    .getByRole("button", { name: "Close toast" })
    .click();
  await expect(page.getByText("Message saved")).toHaveCount(0);
  await expect(page).toHaveURL(/\/message\/[0-9a-f-]+$/);
  const messageUrl = page.url();
  await expect(page.getByRole("heading", { name: "If I don't come home" })).toBeVisible();
  await expect(page.getByText("Armed", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Recipients of this message" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Conditions" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("list", { name: "Upcoming" })).toContainText("Reminder to you, 5 minutes before");
  // The header learns of the new conditions (conditions-updated, 300 ms).
  await expect(page.getByRole("button", { name: "Check In Now" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Emergency" })).toBeVisible();

  // Checking in restarts the timers (POST /api/check-in), and would cancel the dated delivery:
  // Check In Now asks first, and the toast says it after (decision 028).
  await page.getByRole("button", { name: "Check In Now" }).click();
  const question = page.getByRole("alertdialog", { name: "Check in and cancel a dated delivery?" });
  await expect(question).toContainText("Checking in now also cancels the delivery of");
  await question.getByRole("button", { name: "Check in and cancel it" }).click();
  await expect(page.getByText("Check-In Successful")).toBeVisible();
  await expect(page.getByText(/This check-in cancelled the delivery of/)).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download where-things-are.txt" }).click();
  expect((await download).suggestedFilename()).toBe("where-things-are.txt");
  await at(page, 1280, "15-message");
  await at(page, 375, "16-message");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Edit: a new title, 30 minutes instead of 15, and the dated condition removed.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("If I don't come home");
  await page.getByLabel("Title").fill("If I don't come home tonight");
  await page.getByRole("group", { name: "No check-in" }).getByRole("button", { name: "30 min" }).click();
  await page.getByRole("button", { name: "Remove condition: Inactivity until a date" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Message saved")).toBeVisible();
  await expect(page).toHaveURL(messageUrl);
  await expect(page.getByRole("heading", { name: "If I don't come home tonight" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Conditions" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText("Each check-in gives you another 30 minutes.").first()).toBeVisible();

  await page.goto("/messages");
  await expect(page.getByRole("list", { name: "Messages" }).getByText("If I don't come home tonight")).toBeVisible();
  await at(page, 1280, "17-messages");
  await at(page, 375, "18-messages");
  await page.goto("/dashboard");
  await expect(page.getByRole("timer")).toBeVisible();
  await expect(page.getByText(/Last check-in:/)).toBeVisible();
  await at(page, 375, "19-dashboard");
  await at(page, 1280, "19-dashboard");

  // Delete, after confirming.
  await page.goto(messageUrl);
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("cannot be undone");
  await shot(page, "20-delete-confirm-1280");
  await confirm.getByRole("button", { name: "Delete message" }).click();
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Check In Now" })).toHaveCount(0);
  await page.goto(messageUrl);
  await expect(page.getByRole("heading", { name: "Message not found" })).toBeVisible();
});
