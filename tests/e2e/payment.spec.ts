import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { TEST_SECRET_KEY } from "../support/stripe-fake";
import { expect, type SignIn, test } from "./fixtures";
import { fillBilling, open, openDeparture } from "./helpers";
import { E2E_STRIPE_PORT, E2E_WEBHOOK_SECRET } from "./support/global-setup";
import { routeStripe } from "./support/stripe-routing";

// Each test signs a new customer in, orders and pays: several page loads, slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function customerWithOrder(page: Page, signIn: SignIn, javaScriptEnabled: boolean) {
  const { email } = await signIn();
  await open(page, "/services?q=Srimangal", javaScriptEnabled);
  const href = await page.getByRole("link", { name: /Order Now: Srimangal/ }).getAttribute("href");
  const serviceId = href!.split("/").pop()!;
  const departure = await openDeparture(page.request, serviceId);
  await open(page, `/addCart/290?service=${serviceId}&quantity=1&type=city&departure=${departure._id}`, javaScriptEnabled);
  await fillBilling(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  return email;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiration date").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("ZIP").fill("1207");
}

test(
  "a customer pays an order by card: declined first, then 'Paid' once the server has verified it",
  { tag: "@js-only" },
  async ({ page, signIn }) => {
    page.on("dialog", (dialog) => dialog.accept());
    await routeStripe(page);
    const intentRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-payment-intent")) intentRequests.push(request.postData() ?? "");
    });
    const email = await customerWithOrder(page, signIn, true);

    const row = page.getByRole("row", { name: /Srimangal/ });
    await row.getByRole("link", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[a-z0-9]+$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Please Pay $290 Srimangal Tea Garden Retreat to ${email}`);

    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $290" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toHaveCSS("color", "rgb(185, 28, 28)");

    await fillCard(page, "4242 4242 4242 4242");
    // A double click starts one payment, not two.
    await page.getByRole("button", { name: "Pay $290" }).dblclick();
    await expect(page.getByText("your pament processed successfully")).toBeVisible();
    await expect(page.getByText("your pament processed successfully")).toHaveCSS("color", "rgb(21, 128, 61)");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paid in full: Srimangal Tea Garden Retreat");
    await expect(page.getByRole("region", { name: "Paid: Full payment" })).toContainText("card ending in 4242");
    await expect(page.getByText("This booking is paid in full: $290.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    // The success message stays once the page shows the server-verified payment.
    await expect(page.getByText("your pament processed successfully")).toBeVisible();
    expect(intentRequests).toHaveLength(2);
    expect(intentRequests.every((body) => !body.includes("price") && body.includes("orderId"))).toBe(true);

    // The server's record, as the API shows it, and My Orders.
    const orderId = page.url().split("/").pop()!;
    const record = await page.evaluate(async (id) => (await fetch(`/api/my-orders/${id}`)).json(), orderId);
    expect(record.payment).toMatchObject({ amount: 290, last4: "4242", transaction: expect.stringMatching(/^pi_/) });
    await open(page, "/dashboard/myOrder", true);
    await expect(page.getByRole("row", { name: /Srimangal/ }).getByRole("button", { name: "Paid" })).toBeDisabled();
    await expect(page.getByRole("row", { name: /Srimangal/ }).getByRole("button", { name: /Delete/ })).toHaveCount(0);
  },
);

test(
  "without JavaScript the payment page says the card form needs it and offers no working Pay button",
  { tag: "@no-js-only" },
  async ({ page, signIn }) => {
    await customerWithOrder(page, signIn, false);
    await page
      .getByRole("row", { name: /Srimangal/ })
      .getByRole("link", { name: "Pay" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Please Pay $290 Srimangal Tea Garden Retreat to");
    await expect(page.getByText("Paying by card needs JavaScript")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Pay $290" })).toBeDisabled();
  },
);

test(
  "when Stripe.js cannot load, the page says so and the Pay button stays disabled",
  { tag: "@js-only" },
  async ({ page, signIn }) => {
    await page.route("https://js.stripe.com/**", (route) => route.abort("internetdisconnected"));
    await customerWithOrder(page, signIn, true);
    await page
      .getByRole("row", { name: /Srimangal/ })
      .getByRole("link", { name: "Pay" })
      .click();
    await expect(page.getByText("The card form could not be loaded")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay $290" })).toBeDisabled();
  },
);

test(
  "an order paid while the browser never reported back becomes 'Paid' through the signed webhook",
  { tag: "@js-only" },
  async ({ page, request, signIn }) => {
    await routeStripe(page);
    // The browser's report to our server is lost (tab closed, network gone).
    await page.route("**/dashboard/payment/**", (route) =>
      route.request().method() === "POST" ? route.abort("connectionclosed") : route.fallback(),
    );
    let intentId = "";
    page.on("response", async (response) => {
      if (/api\.stripe\.com\/v1\/payment_intents\/.*\/confirm$/.test(response.url()) && response.ok())
        intentId = (await response.json()).id;
    });
    await customerWithOrder(page, signIn, true);
    await page
      .getByRole("row", { name: /Srimangal/ })
      .getByRole("link", { name: "Pay" })
      .click();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay $290" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "This page could not reach our server, so your payment may not be recorded yet.",
    );
    await expect.poll(() => intentId).toMatch(/^pi_/);
    await open(page, "/dashboard/myOrder", true);
    await expect(page.getByRole("row", { name: /Srimangal/ }).getByRole("link", { name: "Pay" })).toBeVisible();

    const intent = await (
      await fetch(`http://127.0.0.1:${E2E_STRIPE_PORT}/v1/payment_intents/${intentId}`, {
        headers: { Authorization: `Bearer ${TEST_SECRET_KEY}` },
      })
    ).json();
    const payload = JSON.stringify({
      id: "evt_e2e_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent },
    });
    const forged = await request.post("/webhooks/stripe", {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=bad" },
    });
    expect(forged.status()).toBe(400);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
    const delivered = await request.post("/webhooks/stripe", {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    expect(delivered.status()).toBe(200);

    await open(page, "/dashboard/myOrder", true);
    await expect(page.getByRole("row", { name: /Srimangal/ }).getByRole("button", { name: "Paid" })).toBeDisabled();
  },
);
