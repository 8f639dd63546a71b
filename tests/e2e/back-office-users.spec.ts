// The back office in the browser, with JavaScript on and off: the administrator finds a customer
// on the users page and disables the account (its session ends at once), and hides a review
// (gone from the home page for visitors); a signed-in customer reports a review from the home page.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open } from "./helpers";

/** A customer registered in a context of its own (so the page's context stays free for the administrator). */
async function registerCustomer(request: APIRequestContext, origin: string, displayName: string) {
  const email = `backoffice-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "long enough 123";
  const response = await request.post("/register", {
    form: { displayName, email, password, confirmPassword: password },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status(), "the customer's registration").toBe(302);
  return email;
}

test("the administrator searches the users and disables a customer, whose session ends at once", async ({
  page,
  playwright,
  baseURL,
  signIn,
  javaScriptEnabled,
}) => {
  const customer = await playwright.request.newContext({ baseURL });
  const name = `Disable Me ${Math.random().toString(36).slice(2, 7)}`;
  const email = await registerCustomer(customer, baseURL!, name);
  const myOrders = `/api/my-orders?email=${encodeURIComponent(email)}`;
  expect((await customer.get(myOrders)).status()).toBe(200);

  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await page.getByLabel("Search by name or email").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/dashboard\/users\?q=DISABLE/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and this customer
  await expect(row).toContainText(email);
  await expect(row).toContainText("Customer");

  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(page.getByText("The account is disabled and signed out everywhere.")).toBeVisible();
  // The search is kept, and the row says what happened, by whom.
  await expect(page).toHaveURL(/q=DISABLE/);
  await expect(row).toContainText("Disabled");
  await expect(row).toContainText(/Disabled by Administrator, \d{1,2} \w{3} \d{4}/);
  await expect(row.getByRole("button", { name: `Re-enable ${name}` })).toBeVisible();
  expect((await customer.get(myOrders)).status()).toBe(401);

  await row.getByRole("button", { name: `Re-enable ${name}` }).click();
  await expect(page.getByText("The account is enabled again.")).toBeVisible();
  await expect(row).toContainText(/Re-enabled by Administrator/);
  await customer.dispose();
});

test("the administrator hides a review: visitors no longer see it on the home page", async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScriptEnabled,
}) => {
  await signIn("admin");
  const text = `A review to hide ${Date.now()}`;
  const added = await page.request.post("/api/review", { data: { review: text, rating: 2 }, headers: { Origin: baseURL! } });
  expect(added.status()).toBe(201);
  const visitor = await browser.newPage({ javaScriptEnabled });
  await open(visitor, "/", javaScriptEnabled);
  await expect(visitor.getByText(text)).toHaveCount(1);

  await open(page, "/dashboard/reviews", javaScriptEnabled);
  const row = page.getByRole("row", { name: new RegExp(text) });
  await expect(row).toContainText("Shown");
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(page.getByText("The review is hidden.")).toBeVisible();
  await expect(row).toContainText("Hidden");
  await expect(row.getByRole("button", { name: /^Show again/ })).toBeVisible();

  await open(visitor, "/?after-hiding", javaScriptEnabled);
  await expect(visitor.getByRole("heading", { name: "What our travellers say" })).toBeVisible();
  await expect(visitor.getByText(text)).toHaveCount(0);
  await visitor.close();
});

test("a signed-in customer reports a review from the home page; the administrator sees it flagged", async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScriptEnabled,
}) => {
  await signIn();
  // The carousel stands still (no autoplay) while the button is clicked.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const text = `A review to report ${Date.now()}`;
  const added = await page.request.post("/api/review", { data: { review: text, rating: 1 }, headers: { Origin: baseURL! } });
  expect(added.status()).toBe(201);
  await open(page, "/", javaScriptEnabled);
  const card = page.getByRole("listitem").filter({ hasText: text });
  await card.getByRole("button", { name: /^Report the review by/ }).click();
  await expect(page.getByText("Thank you: the review was reported to our team.")).toBeVisible();

  const admin = await browser.newContext({ javaScriptEnabled, baseURL });
  const adminPage = await admin.newPage();
  const login = await adminPage.request.post("/login", {
    form: { email: "admin@tourbooking.test", password: "admin12345" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  await open(adminPage, "/dashboard/reviews?flagged=1", javaScriptEnabled);
  await expect(adminPage.getByRole("link", { name: /^Reviews\s*\d+ flagged$/ })).toBeVisible();
  await expect(adminPage.getByRole("row", { name: new RegExp(text) })).toContainText("Flagged: 1 report");
  await admin.close();
});
