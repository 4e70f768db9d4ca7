import { expect, test } from "@playwright/test";
import { signUp } from "./support/sign-up";
import { shot } from "./support/shot";

// The self-hoster's server: no Stripe keys, so billing is off and DEFAULT_PLAN (plus) applies.

test("without Stripe keys the subscription page says billing is off and offers nothing to buy; /admin is closed to a user", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, request, "selfhost");
  await page.goto("/subscription");
  await expect(page.getByRole("heading", { name: "Plus plan" })).toBeVisible();
  await expect(page.getByText("Billing is off on this server")).toBeVisible();
  await expect(page.getByText(/chosen by its operator\. There is nothing to pay\./)).toBeVisible();
  await expect(page.getByRole("button", { name: /Upgrade/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Manage billing/ })).toHaveCount(0);
  await shot(page, "57-subscription-billing-off-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, "57-subscription-billing-off-375");

  await page.goto("/admin");
  await expect(page.getByText("You do not have access to this page.")).toBeVisible();
});
