// The back office in the browser, with JavaScript on and off: the administrator finds a customer
// on the users page and disables the account (its session ends at once), and hides a review
// (gone from the home page for visitors); a signed-in customer reports a review from the home page.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";

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

  // One tap only asks (naming the person); nothing changes until the second.
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  const confirm = page.getByRole("region", { name: "Please confirm" });
  await expect(confirm).toContainText(`Disable the account of ${name}?`);
  expect((await customer.get(myOrders)).status()).toBe(200);
  await confirm.getByRole("button", { name: `Yes, disable ${name}` }).click();
  await expect(page.getByText("The account is disabled and signed out everywhere.")).toBeVisible();
  await expect(confirm).toHaveCount(0);
  // The search is kept, and the row says what happened, by whom.
  await expect(page).toHaveURL(/q=DISABLE/);
  await expect(row).toContainText("Disabled");
  await expect(row).toContainText(/Disabled by Administrator, \d{1,2} \w{3} \d{4}/);
  await expect(row.getByRole("button", { name: `Re-enable ${name}` })).toBeVisible();
  expect((await customer.get(myOrders)).status()).toBe(401);

  await row.getByRole("button", { name: `Re-enable ${name}` }).click();
  await confirm.getByRole("button", { name: `Yes, re-enable ${name}` }).click();
  await expect(page.getByText("The account is enabled again.")).toBeVisible();
  await expect(row).toContainText(/Re-enabled by Administrator/);
  await customer.dispose();
});

test("on a phone, a role changes only after a second tap that names the person and the role; the sidebar groups the work", async ({
  page,
  request,
  baseURL,
  signIn,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Guide To Be ${Math.random().toString(36).slice(2, 7)}`;
  await registerCustomer(request, baseURL!, name);
  await signIn("admin");
  await open(page, `/dashboard/users?q=${encodeURIComponent(name)}`, javaScriptEnabled);
  const row = page.getByRole("row", { name: new RegExp(name) });
  for (const [button, question, no] of [
    [`Make admin: ${name}`, `Make ${name} an admin?`, "No, keep as is"],
    [`Make guide: ${name}`, `Make ${name} a guide?`, null],
  ] as const) {
    await row.getByRole("button", { name: button }).click();
    const confirm = page.getByRole("region", { name: "Please confirm" });
    await expect(confirm).toContainText(question);
    await expect(confirm).toBeInViewport();
    await expect(row).toContainText("Customer");
    if (no) {
      await confirm.getByRole("link", { name: no }).click();
      await expect(confirm).toHaveCount(0);
    }
  }
  await page.getByRole("button", { name: `Yes, make ${name} a guide` }).click();
  await expect(page.getByText("The account is now a guide's: departures, manifests and check-in.")).toBeVisible();
  await expect(row).toContainText("Guide");
  // The button's accessible name starts with its visible text (axe label-content-name-mismatch).
  await expect(row.getByRole("button", { name: `Remove guide: ${name}` })).toHaveText("Remove guide");
  if (javaScriptEnabled) {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }

  // The administrator's links, grouped by work under their headings, every one the spec names kept.
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await sidebar.locator("summary").click();
  for (const [group, links] of [
    ["Bookings and money", ["Manage All Orders", "Payment claims", "Departures", "Reconciliation", "Promo codes", "Settings"]],
    ["Catalogue", ["Manage Products", "Add A Product", "Reviews"]],
    ["People", ["Users", "Make Admin", "Messages", "Subscribers"]],
    ["Partners", ["Resellers"]],
  ] as const) {
    await expect(sidebar.getByRole("heading", { name: group })).toBeVisible();
    const list = sidebar.getByRole("list", { name: group });
    for (const link of links) await expect(list.getByRole("link", { name: new RegExp(`^${link}(\\s|$)`) })).toBeVisible();
  }
  for (const link of ["Dashboard", "My Orders", "Review"]) {
    await expect(sidebar.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
});

test("Manage All Orders shows a booking's payment claim waiting for verification", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 1 });
  const { reference } = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { reference: string };
  const claimed = await page.request.post(`/api/my-orders/${id}/payment-claims`, {
    data: { method: "bkash", amount: 1, reference: `TRX${Date.now()}` },
    headers: { Origin: baseURL! },
  });
  expect(claimed.status(), await claimed.text()).toBe(201);
  await signIn("admin");
  await open(page, `/dashboard/manageAllOrders?q=${reference}`, javaScriptEnabled);
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row.getByRole("link", { name: "Claim awaiting verification" })).toHaveAttribute(
    "href",
    "/dashboard/payment-claims",
  );
  if (javaScriptEnabled) {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }
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
