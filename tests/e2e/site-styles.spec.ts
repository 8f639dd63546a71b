// The stylesheet (app/http/site-styles.tsx): a visitor's page carries it inline and prefetches its
// file; a signed-in page links that file instead. Either way every page is styled, and a sign-in
// with JavaScript on keeps the page styled without a reload.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open } from "./helpers";

/** Whether the site's stylesheet applies: the skip link waits off-screen until focused. */
async function expectStyled(page: Page) {
  await expect(page.locator(".skip-link")).toHaveCSS("position", "absolute");
  await expect(page.locator(".skip-link")).toHaveCSS("left", "-999px");
}

test("a visitor's page inlines the stylesheet and prefetches its file; a signed-in page links that file", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await open(page, "/services", javaScriptEnabled);
  await expectStyled(page);
  expect(await page.locator("style#site-styles").evaluate((style) => style.textContent?.length ?? 0)).toBeGreaterThan(1000);
  const file = await page.locator('link[rel="prefetch"]').getAttribute("href");
  expect(file).toMatch(/^\/build\/.+\.css$/);
  const served = await page.request.get(file!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("text/css");
  expect(served.headers()["cache-control"]).toContain("immutable");
  // The scripts load after the page (app/http/scripts-after-load.server.ts) and still hydrate it.
  if (javaScriptEnabled) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const { loaded, scripts } = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(loaded);
  } else {
    expect(await page.locator('link[rel="x-modulepreload"]').count()).toBeGreaterThan(3);
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  }

  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  await expectStyled(page);
  await expect(page.locator("style#site-styles")).toHaveCount(0);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", file!);
});

test("signing in with JavaScript on keeps the page styled @js-only", async ({ page }) => {
  await open(page, "/login", true);
  await page.getByPlaceholder("Your Email").fill("admin@tourbooking.test");
  await page.getByPlaceholder("Your Password").fill("admin12345");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("User Login successfully")).toBeVisible();
  await expectStyled(page);
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expectStyled(page);
});
