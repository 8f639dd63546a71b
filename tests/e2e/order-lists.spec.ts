// The orders lists with 27 orders of one customer, JavaScript on and off: My Orders' pages, and
// Manage All Orders' search, filter, next page and CSV download (a GET form and plain links).
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";

const ORDERS = 27;

test("My Orders: 25 a page, newest first, each row linking to its order; Next shows the rest", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  const ids: string[] = [];
  for (let i = 0; i < ORDERS; i++) ids.push(await placeOrderThroughApi(page, { email, quantity: 1 + (i % 5) }));
  await open(page, "/dashboard/myOrder", javaScriptEnabled!);
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(25);
  // newest first: the last order placed leads
  await expect(rows.first().getByRole("link").first()).toHaveAttribute("href", `/dashboard/orders/${ids[ORDERS - 1]}`);
  await expect(rows.first()).toContainText("Pending");
  // ("Pay by …" shows once the checkout sets a hold: app/booking/core/booking-status.unit.test.ts covers its text)
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.last().getByRole("link").first()).toHaveAttribute("href", `/dashboard/orders/${ids[0]}`);
  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(rows).toHaveCount(25);
});

test("Manage All Orders: search, filter, next page and the CSV of the same query", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  for (let i = 0; i < ORDERS; i++) await placeOrderThroughApi(page, { email, quantity: 1 });
  await page.context().clearCookies();
  await signIn("admin");
  await open(page, "/dashboard/manageAllOrders", javaScriptEnabled!);
  await page.getByLabel("Search", { exact: true }).fill(email.toUpperCase());
  await page.getByLabel("Payment").selectOption("UNPAID");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=CUSTOMER-.*payment=UNPAID/);
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(25);
  for (const cell of await page.locator('td[data-label="E-mail"]').allTextContents()) expect(cell).toBe(email);
  // a long email wraps: the table does not scroll sideways at 1366 px
  await page.setViewportSize({ width: 1366, height: 900 });
  const wrap = page.locator(".table-wrap");
  expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: "Next →" }).click();
  await expect(rows).toHaveCount(2);
  // the form keeps the query on the next page
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(email.toUpperCase());
  await expect(page.getByLabel("Payment")).toHaveValue("UNPAID");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Order number,Reference,Ordered at,First name/);
  expect(lines).toHaveLength(ORDERS + 1);
  expect(lines.slice(1).every((line) => line.includes(`,${email},`))).toBe(true);

  // a filter no order matches
  await page.getByLabel("Status").selectOption("CANCELLED");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No orders match.")).toBeVisible();
});

test("a customer cannot open Manage All Orders or its CSV", async ({ page, signIn, javaScriptEnabled }) => {
  await signIn();
  await open(page, "/dashboard/manageAllOrders", javaScriptEnabled!);
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  const csv = await page.request.get("/dashboard/export/orders.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
});
