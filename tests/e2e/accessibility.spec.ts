// axe-core's WCAG 2.x A and AA checks on every page, as a visitor, a customer and an admin, on a
// phone (390 px) and a laptop (1366 px). axe runs as a script in the page, so these run in the
// JavaScript project only (@js-only); the server renders the same markup for both.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1366, height: 900 },
];

const VISITOR_PAGES = ["/", "/services", "/about", "/contact", "/login", "/register", "/forgot-password"];
// The home page again: signed in, its reviews carry a Report button.
const CUSTOMER_PAGES = ["/", "/dashboard", "/dashboard/myOrder", "/dashboard/addReview", "/dashboard/profile"];
const ADMIN_PAGES = [
  "/dashboard",
  "/dashboard/manageAllOrders",
  "/dashboard/addProduct",
  "/dashboard/makeAdmin",
  "/dashboard/manageProducts",
  "/dashboard/messages",
  "/dashboard/subscribers",
  "/dashboard/users",
  "/dashboard/users?q=admin",
  "/dashboard/reviews",
  "/dashboard/reviews?flagged=1",
  "/dashboard/reconciliation",
];

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(found, `axe on ${path}`).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px @js-only`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ timeout: 120_000 });

    test("visitor pages and a package page", async ({ page }) => {
      for (const path of VISITOR_PAGES) await expectNoViolations(page, path);
      await page.goto("/services");
      const href = await page.locator('a[href^="/order/"]').first().getAttribute("href");
      await expectNoViolations(page, href!);
    });

    test("customer pages", async ({ page, signIn }) => {
      await signIn();
      for (const path of CUSTOMER_PAGES) await expectNoViolations(page, path);
    });

    test("admin pages", async ({ page, signIn }) => {
      await signIn("admin");
      for (const path of ADMIN_PAGES) await expectNoViolations(page, path);
      await page.goto("/dashboard/manageProducts");
      const edit = await page.locator('a[href^="/dashboard/editProduct/"]').first().getAttribute("href");
      await expectNoViolations(page, edit!);
    });
  });
}
