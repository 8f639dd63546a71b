// The package catalogue in the browser, with and without JavaScript: search, price range, sort, page
// links, a bookmarked URL giving the same packages, the empty answer; Manage Products' pages. Each
// test adds packages of its own, named with a tag of its own, and searches for that tag (the two
// projects share one server).
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open } from "./helpers";

/** `count` packages titled "<tag> tour 01".. costing $101, $102..., created in that order. */
async function addPackages(request: APIRequestContext, baseURL: string, tag: string, count: number) {
  for (let number = 1; number <= count; number++) {
    const response = await request.post("/api/services", {
      data: {
        title: `${tag} tour ${String(number).padStart(2, "0")}`,
        cost: 100 + number,
        image: "/images/tours/bandarban.svg",
        description: "A package of the catalogue test.",
      },
      headers: { Origin: baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const cardTitles = (page: Page) => page.locator(".services-grid .card-title").allTextContents();

test("search, sort and page through the packages; the URL gives the same result again", async ({
  page,
  baseURL,
  signIn,
  javaScriptEnabled,
}, info) => {
  const tag = `Cat${info.project.name.replace("-", "")}${randomBytes(3).toString("hex")}`;
  await signIn("admin");
  await addPackages(page.request, baseURL!, tag, 14);

  await open(page, "/services", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Our Service" })).toBeVisible();
  await expect(page.getByText("Choose your next trip: every package includes a local guide and honest prices.")).toBeVisible();

  const search = page.getByRole("search", { name: "Search the packages" });
  await search.getByRole("searchbox", { name: "Search" }).fill(tag);
  await search.getByLabel("Sort by").selectOption("price-desc");
  // With JavaScript a changed choice submits at once; without, the button does.
  if (javaScriptEnabled) await expect(page).toHaveURL(/sort=price-desc/);
  else await search.getByRole("button", { name: "Show packages" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}.*sort=price-desc`));
  await expect(page.getByRole("status").filter({ hasText: "14 packages, showing 1 to 12" })).toBeVisible();
  expect(await cardTitles(page)).toEqual(
    Array.from({ length: 12 }, (_, index) => `${tag} tour ${String(14 - index).padStart(2, "0")}`),
  );
  await expect(page.getByRole("link", { name: `Order Now: ${tag} tour 14` })).toBeVisible();

  const pages = page.getByRole("navigation", { name: "Pages of packages" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("status").filter({ hasText: "14 packages, showing 13 to 14" })).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual([`${tag} tour 02`, `${tag} tour 01`]);

  // The bookmarked URL, opened afresh, shows the same page with the form filled in.
  const bookmark = page.url();
  const again = await page.context().newPage();
  await again.goto(bookmark);
  expect(await cardTitles(again)).toEqual([`${tag} tour 02`, `${tag} tour 01`]);
  await expect(again.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
  await expect(again.getByLabel("Sort by")).toHaveValue("price-desc");
  await again.close();

  // A price range, with the search kept; a new search starts at its first page.
  await search.getByLabel("Min price ($)").fill("105");
  await search.getByLabel("Max price ($)").fill("107");
  await search.getByRole("button", { name: "Show packages" }).click();
  await expect(page).toHaveURL(/minCost=105&maxCost=107/);
  await expect(page).not.toHaveURL(/page=/);
  // Polled: without JavaScript the URL changes before the new page's cards are there.
  await expect.poll(() => cardTitles(page)).toEqual([`${tag} tour 07`, `${tag} tour 06`, `${tag} tour 05`]);
  await expect(pages).toHaveCount(0);

  // Nothing found: said so, with a way back to every package.
  await search.getByRole("searchbox", { name: "Search" }).fill(`${tag} nowhere`);
  await search.getByRole("button", { name: "Show packages" }).click();
  await expect(page.getByText("No packages match your search.")).toBeVisible();
  await page.getByRole("link", { name: "Clear the filters" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await expect(page.locator(".service-card").first()).toBeVisible();
});

test("a bad parameter is named next to its field, the rest still applies", async ({ page }) => {
  await page.goto("/services?month=soon&q=Sundarbans");
  await expect(page.getByText("month must be a month as YYYY-MM, like 2026-12.")).toBeVisible();
  expect(await cardTitles(page)).toEqual(["Sundarbans Mangrove Cruise"]);
});

test("Manage Products shows 25 packages a page, searchable", async ({ page, baseURL, signIn, javaScriptEnabled }, info) => {
  const tag = `Man${info.project.name.replace("-", "")}${randomBytes(3).toString("hex")}`;
  await signIn("admin");
  await addPackages(page.request, baseURL!, tag, 27);
  await open(page, "/dashboard/manageProducts", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Products" })).toBeVisible();
  await page.getByLabel("Search packages").fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "27 packages, page 1 of 2" })).toBeVisible();
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(`${tag} tour 27`);
  await page.getByRole("navigation", { name: "Pages of packages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}&page=2`));
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`${tag} tour 01`);
});
