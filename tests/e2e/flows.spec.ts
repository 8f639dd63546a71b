// Flows that keep the visitor's place, and the feedback a page gives: registering from the login
// page a protected page sent you to, Log Out's message, and the payment page of a site without
// card payments (a second app server started here without Stripe keys).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseFirstDate, open, placeOrderThroughApi, pressAddCart } from "./helpers";

test("a visitor sent to /login from Add-Cart who registers instead comes back to the checkout", async ({
  page,
  javaScriptEnabled,
}, info) => {
  await open(page, "/services?q=Sajek", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sajek Valley/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sajek Valley Cloud Trek" })).toBeVisible();
  await chooseFirstDate(page);
  await page.getByLabel("Package type").selectOption("couple");
  await pressAddCart(page, javaScriptEnabled);

  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const checkout = new URL(page.url()).searchParams.get("redirectTo");
  expect(checkout).toMatch(/^\/addCart\/\d+\?service=[a-z0-9]+&/);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("link", { name: "New User? Please Register" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await expect(page).toHaveURL(`/register?${new URLSearchParams({ redirectTo: checkout! })}`);
  // the way back to /login keeps the place too
  await expect(page.getByRole("link", { name: "Already Registered? Please Login" })).toHaveAttribute(
    "href",
    `/login?${new URLSearchParams({ redirectTo: checkout! })}`,
  );
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

  const email = `flow-${info.project.name}-${Date.now()}@example.com`;
  await page.getByPlaceholder("Your Name").fill("Rafi Ahmed");
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password", { exact: true }).fill("travel-pass-1");
  await page.getByPlaceholder("Retype Your Password").fill("travel-pass-1");
  await page.getByRole("button", { name: "Register", exact: true }).click();

  await expect(page).toHaveURL(checkout!);
  await expect(page.getByText("User Created successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
  await expect(page.locator(".user-strip").getByText(email)).toBeVisible();
});

test("registering from the site's own Register link still lands on /", async ({ page, javaScriptEnabled }, info) => {
  await open(page, "/", javaScriptEnabled);
  await page.getByRole("link", { name: "Register", exact: true }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByPlaceholder("Your Name").fill("Mina");
  await page.getByPlaceholder("Your Email").fill(`plain-${info.project.name}-${Date.now()}@example.com`);
  await page.getByPlaceholder("Your Password", { exact: true }).fill("travel-pass-1");
  await page.getByPlaceholder("Retype Your Password").fill("travel-pass-1");
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByText("User Created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("after Log Out the page says so, once", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn();
  await open(page, "/home", javaScriptEnabled);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are logged out." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await open(page, "/", javaScriptEnabled);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  await expect(page.getByText("You are logged out.")).toHaveCount(0);
});

// ---- The payment page of a site without Stripe keys ----

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let noStripe: { origin: string; child: ChildProcess } | undefined;

test.describe("without card payments", () => {
  // A second production server: its own embedded database, the same build, no STRIPE_* variables.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const child = spawn(process.execPath, ["server/start.mjs"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), "tour-booking-e2e-nostripe-")),
        SESSION_SECRET: "e2e-no-stripe-secret",
        // The demo packages the order below books (production seeds nothing unless asked).
        SEED_DEMO_DATA: "true",
        BCRYPT_COST: "4",
        RATE_LIMIT_FORM_MAX: "1000",
        RATE_LIMIT_ORDER_MAX: "1000",
        RATE_LIMIT_WRITE_ADDRESS_MAX: "1000",
      },
      stdio: "ignore",
    });
    // 127.0.0.1, not localhost: the browser keeps this server's cookies apart from the main one's.
    noStripe = { origin: `http://127.0.0.1:${port}`, child };
    for (let waited = 0; ; waited += 250) {
      const up = await fetch(`${noStripe.origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (waited > 100_000 || child.exitCode !== null) throw new Error("the server without Stripe keys did not start");
      await new Promise((done) => setTimeout(done, 250));
    }
  });
  test.afterAll(() => {
    noStripe?.child.kill("SIGTERM");
  });

  /** A new customer of that server with one order; returns the order's id. */
  async function customerWithOrder(page: Page) {
    const { origin } = noStripe!;
    const email = `nostripe-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const password = "long enough 123";
    const registered = await page.request.post(`${origin}/register`, {
      form: { displayName: "Test Traveller", email, password, confirmPassword: password },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);
    return placeOrderThroughApi(page, { email, quantity: 1, origin });
  }

  test("the payment page loads nothing from Stripe, explains, links to Contact and to the order page's bKash/Nagad form; the order stays unpaid", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { origin } = noStripe!;
    const stripeRequests: string[] = [];
    page.on("request", (request) => {
      if (/stripe\.(com|network)/.test(new URL(request.url()).hostname)) stripeRequests.push(request.url());
    });
    await page.route(/stripe\.(com|network)/, (route) => route.abort());
    const id = await customerWithOrder(page);

    await open(page, `${origin}/dashboard/payment/${id}`, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Please Pay $");
    await expect(
      page.getByText("Card payments are not available right now. Please contact us to arrange payment."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    if (javaScriptEnabled) {
      // Stripe.js would add its script a tick after its module loads: give it that time.
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => "Stripe" in window)).toBe(false);
    }
    await expect(page.locator('script[src*="stripe"], iframe[src*="stripe"]')).toHaveCount(0);
    expect(stripeRequests).toEqual([]);

    // bKash or Nagad instead: the order page's form takes the transaction id
    await page.getByRole("link", { name: "Send the transaction ID" }).click();
    await expect(page).toHaveURL(`${origin}/dashboard/orders/${id}#claims-title`);
    await expect(page.getByRole("button", { name: "Send for verification" })).toBeVisible();
    await open(page, `${origin}/dashboard/payment/${id}`, javaScriptEnabled);

    await page.getByRole("link", { name: "Contact us", exact: true }).click();
    await expect(page).toHaveURL(`${origin}/contact`);

    await open(page, `${origin}/dashboard/myOrder`, javaScriptEnabled);
    await expect(page.getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/payment/${id}`);
    expect(stripeRequests).toEqual([]);
  });
});
