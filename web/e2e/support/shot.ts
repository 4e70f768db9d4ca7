import type { Locator, Page } from "@playwright/test";

// The journeys' screenshots are for a person to look at, at 1280 and 375 px (GUIDE), in
// e2e/.artifacts. CI throws its clone away, so there they would only cost Chromium a full render
// each; E2E_SCREENSHOTS=1 takes them in CI too.
const taken = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/** Saves `e2e/.artifacts/<name>.png`: a page whole unless `fullPage: false`, a locator as it is. */
export async function shot(target: Page | Locator, name: string, { fullPage = true } = {}): Promise<void> {
  if (!taken) return;
  const path = `e2e/.artifacts/${name}.png`;
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
