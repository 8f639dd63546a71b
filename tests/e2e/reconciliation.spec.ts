// The reconciliation page with JavaScript on and off: a card payment the customer made at the
// provider whose webhook never arrived shows "Only at the card provider"; the administrator records
// it with the row's button (a plain POST form), after which it is matched, on the page and in the CSV.
import { TEST_PUBLISHABLE_KEY } from "../support/stripe-fake";
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";
import { E2E_STRIPE_PORT } from "./support/global-setup";

test.describe.configure({ timeout: 90_000 });

const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;

test("an administrator records a payment only the card provider has, once", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  // A customer's order, paid at the provider as Stripe.js pays it; nothing tells this site.
  const { email } = await signIn();
  const orderId = await placeOrderThroughApi(page, { email, quantity: 1 });
  const started = await page.request.post("/api/create-payment-intent", { data: { orderId }, headers: { Origin: baseURL! } });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const intentId = clientSecret.split("_secret_")[0];
  const post = (path: string, fields: Record<string, string>) =>
    page.request.post(`${STRIPE}${path}`, { form: { key: TEST_PUBLISHABLE_KEY, ...fields } });
  const method = (await (
    await post("/v1/payment_methods", {
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": "2034",
      "card[cvc]": "123",
    })
  ).json()) as { id: string };
  expect(
    (await post(`/v1/payment_intents/${intentId}/confirm`, { payment_method: method.id, client_secret: clientSecret })).ok(),
  ).toBe(true);
  const order = (await (await page.request.get(`/api/my-orders/${orderId}`)).json()) as { reference: string; Price: number };

  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reconciliation" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reconciliation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reconciliation");
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

  const row = page.getByRole("row").filter({ hasText: intentId });
  await expect(row).toContainText("Only at the card provider");
  await expect(row.getByRole("link", { name: order.reference })).toHaveAttribute("href", `/dashboard/orders/${orderId}`);
  await expect(row).toContainText(`$${order.Price}.00`);
  await row.getByRole("button", { name: `Record payment ${intentId}` }).click();

  await expect(page.getByRole("status")).toHaveText(`Payment ${intentId} verified with the card provider and recorded.`);
  const matched = page.getByRole("row").filter({ hasText: intentId });
  await expect(matched).toContainText("Matched");
  await expect(matched.getByRole("button")).toHaveCount(0);

  // recorded once: the customer's order shows one payment
  const recorded = (await (await page.request.get(`/api/my-orders/${orderId}`)).json()) as { payment: { transaction: string } };
  expect(recorded.payment.transaction).toBe(intentId);

  const csv = await page.request.get(`/dashboard/reconciliation.csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`Payment,Matched,${intentId},${order.reference},`);
});
