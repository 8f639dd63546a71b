// Bengali as a second language (docs/i18n.md): the navbar's switch with and without JavaScript,
// Accept-Language, ?lang=, the account's choice, the search engines' alternates, and a phone's width.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open } from "./helpers";

const navLink = (page: Page, name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });

test("the navbar's switch turns the site Bengali and back, and the choice stays", async ({ page, javaScriptEnabled }) => {
  await open(page, "/services", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("button", { name: "বাংলা" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(navLink(page, "হোম")).toBeVisible();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("lang", "en");
  // The next page, by a link, is Bengali too (a cookie), and so is a reload.
  await navLink(page, "যোগাযোগ").click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await page.reload();
  await expect(page.locator("footer")).toContainText("সর্বস্বত্ব সংরক্ষিত");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(navLink(page, "Home")).toBeVisible();
  await expect(page.getByText("Copyright © 2021 Tour Booking. All rights reserved.")).toBeVisible();
});

test.describe("a browser that prefers Bengali", () => {
  test.use({ locale: "bn-BD", extraHTTPHeaders: { "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.8" } });

  test("gets Bengali on its first visit, and English once it chooses it", async ({ page, javaScriptEnabled }) => {
    await open(page, "/", javaScriptEnabled);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(navLink(page, "প্যাকেজসমূহ")).toBeVisible();
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await open(page, "/about", javaScriptEnabled);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("?lang= on any URL switches, sticks, and the page names both versions for search engines", async ({
  page,
  javaScriptEnabled,
  baseURL,
}) => {
  await open(page, "/about?lang=bn", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.locator('link[rel="alternate"][hreflang="bn"]')).toHaveAttribute(
    "href",
    `${new URL("/about?lang=bn", baseURL).origin}/about?lang=bn`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/about$/);
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /\/about$/);
  await open(page, "/contact", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await open(page, "/contact?lang=en", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await open(page, "/about", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("a signed-in person's choice is kept on their account", async ({ page, context, signIn, javaScriptEnabled }) => {
  await signIn();
  await open(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("button", { name: "বাংলা" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("link", { name: "সাইটে যান" })).toBeVisible();
  // Another browser of theirs (no language cookie) follows the account.
  await context.clearCookies({ name: "lang" });
  await open(page, "/", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("button", { name: "লগ আউট" })).toBeVisible();
});

test("a Bengali page gets the site's Bengali font; an English page never downloads it", async ({ page, javaScriptEnabled }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/fonts/")) fonts.push(new URL(request.url()).pathname);
  });
  await open(page, "/about?lang=en", javaScriptEnabled);
  await page.evaluate(() => document.fonts.ready);
  expect(fonts, "an English page (its switch says বাংলা in the system's font)").toEqual([]);
  await open(page, "/about?lang=bn", javaScriptEnabled);
  await page.evaluate(() => document.fonts.ready);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((path) => path.startsWith("/fonts/noto-sans-bengali/") && path.endsWith(".woff2"))).toBe(true);
  const heading = page.getByRole("heading", { level: 1 });
  expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"Noto Sans Bengali"/);
  expect(await page.evaluate(() => document.fonts.check('700 16px "Noto Sans Bengali"', "বাংলা"))).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Bengali pages have the switch in reach and no sideways scroll", async ({ page, javaScriptEnabled }) => {
    const [demo] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
    for (const path of [
      "/?lang=bn",
      "/services?lang=bn",
      "/about?lang=bn",
      "/contact?lang=bn",
      "/login?lang=bn",
      "/register?lang=bn",
      "/forgot-password?lang=bn",
      `/order/${demo._id}?lang=bn`,
    ]) {
      await open(page, path, javaScriptEnabled);
      await expect(page.getByRole("button", { name: "English" })).toBeInViewport();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
  });
});
