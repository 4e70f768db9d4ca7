import { expect, test } from "@playwright/test";
import { shot } from "./support/shot";

test("a visitor's phone paints the home page from its HTML, the app takes it over without a mismatch, and the menu works", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeHidden(); // the desktop links are for 768 px and up
  // The app starts after the first paint (src/main.tsx) and hydrates the prerendered markup.
  await page.waitForFunction(() =>
    Object.keys(document.getElementById("root")!).some((k) => k.startsWith("__reactContainer")),
  );

  // The menu is a native popover: the tap opens it whether or not the app has started.
  await page.getByRole("button", { name: "Open menu" }).click();
  const sheet = page.getByRole("dialog", { name: "Menu" });
  await expect(sheet).toBeVisible();
  await shot(page, "public-menu-375", { fullPage: false });
  // With the app in charge, its links navigate in place and close the sheet.
  await page.waitForLoadState("networkidle");
  await sheet.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect(errors, "no hydration mismatch or other error").toEqual([]);
});

test("at 1280 px the home page shows Sign in and Get Started, and without any script at all every link and the phone menu still work", async ({
  browser,
}) => {
  const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await desktop.goto("/");
  await expect(desktop.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(desktop.getByRole("button", { name: "Open menu" })).toBeHidden();
  await shot(desktop, "public-header-1280", { fullPage: false });
  await desktop.close();

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.close();
});
