import { expect, type Page } from "@playwright/test";

/** Opens a page and, with JavaScript on, waits until React has hydrated it. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}
