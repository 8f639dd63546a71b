// Paying through the local gateways at 390 px, with JavaScript on and off, against the fakes of the
// global setup (tests/support): a customer pays the deposit by bKash (the gateway's page, the
// callback, execute on the server) and the balance by SSLCommerz (its hosted page posting back, the
// validation API), each time coming back to the order page with the result; the order is paid in
// full with the taka and rate of each payment recorded (docs/payments.md).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CUSTOMER_ADDRESS, expectAxeClean, open } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

interface OrderJson {
  Price: number;
  paid: number;
  payments: {
    amount: number;
    kind: string;
    method: string;
    provider: string | null;
    amountBdt: number | null;
    rate: number | null;
    providerReference: string | null;
  }[];
}

async function orderJson(page: Page, id: string) {
  return (await (await page.request.get(`/api/my-orders/${id}`)).json()) as OrderJson;
}

/** Taka as the site asks it: whole taka, rounded up (toTaka). */
const taka = (dollars: number, rate: number) => Math.ceil(Math.round(dollars * 100 * rate * 10_000) / 1_000_000);

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("a deposit paid by bKash and the balance by SSLCommerz, each verified by the server", async ({
  page,
  baseURL,
  javaScriptEnabled,
  signIn,
}) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  await signIn("admin");
  const rate = await page.request.put("/api/settings/exchange-rate", { data: { bdtPerUsd: 122 }, headers: { Origin: baseURL! } });
  expect(rate.status(), await rate.text()).toBe(200);
  const created = await page.request.post("/api/services", {
    data: {
      title: `Gateway river ${mode} ${Date.now()}`,
      cost: 500,
      image: "/images/tours/sundarbans.svg",
      description: "Three days on the river, a fifth paid now and the rest before the boat leaves.",
      paymentPlan: { deposit: { percent: 20 }, balanceDueDays: 30 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const serviceId = ((await created.json()) as { insertedId: string }).insertedId;
  const day = String(1 + Math.floor(Math.random() * 27)).padStart(2, "0");
  const added = await page.request.post(`/api/services/${serviceId}/departures`, { data: { date: `2031-09-${day}`, seats: 10 } });
  expect(added.status(), await added.text()).toBe(201);

  const { email } = await signIn();
  const placed = await page.request.post("/api/my-orders", {
    data: {
      ...CUSTOMER_ADDRESS,
      email,
      service: serviceId,
      departure: ((await added.json()) as { insertedId: string }).insertedId,
      quantity: 1,
      type: "city",
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { insertedId: string }).insertedId;

  // The deposit by bKash: the payment page offers it with its taka, before the customer leaves.
  await open(page, `/dashboard/payment/${id}`, javaScriptEnabled);
  const gateways = page.getByRole("region", { name: "Pay in taka" });
  await expect(gateways).toContainText("You pay on the gateway's own page in taka at our rate, then come back to your order.");
  const bkashForm = gateways.getByRole("form", { name: "bKash", exact: true });
  // Another test may set another rate meanwhile: the page says which one it uses.
  const deposit = bkashForm.getByRole("radio", { name: /^Deposit: \$100 = ৳[\d,]+ at ৳[\d.]+\/\$$/ });
  await expect(bkashForm.getByRole("radio", { name: /^Everything due: \$500 = ৳[\d,]+ at ৳[\d.]+\/\$$/ })).toBeChecked();
  await expectFits(page);
  await expectAxeClean(page, javaScriptEnabled);
  await deposit.check();
  await bkashForm.getByRole("button", { name: "bKash", exact: true }).click();
  await expect(page).toHaveTitle("bKash Payment");
  await expect(page.getByText(/^Pay ৳[\d.]+ \(/)).toBeVisible();
  await page.getByRole("link", { name: "Confirm" }).click();

  // Back on the order page, paid: the server executed the payment with bKash.
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}\\?payment=paid$`));
  await expect(page.getByRole("status").filter({ hasText: "Your payment was received. Thank you!" })).toBeVisible();
  const payment = page.getByRole("region", { name: "Payment" });
  // the gateway's own id of the money, and the taka at the rate beside the dollars
  await expect(payment).toContainText(/Deposit: \$100 on .+, bKash ending in \d{4} B[0-9A-F]{10} · ৳[\d,]+ \(৳[\d.]+\/\$\)/);
  await expect(payment).toContainText(/Paid \$100; balance \$400, due by .+\./);
  await expectFits(page);
  await expectAxeClean(page, javaScriptEnabled);
  const afterDeposit = await orderJson(page, id);
  expect(afterDeposit.paid).toBe(100);
  const [bkashPayment] = afterDeposit.payments;
  expect(bkashPayment).toMatchObject({ amount: 100, kind: "deposit", method: "bkash", provider: "bkash" });
  expect(bkashPayment!.providerReference).toMatch(/^B[0-9A-F]{10}$/);
  expect(bkashPayment!.amountBdt).toBe(taka(100, bkashPayment!.rate!));

  // The balance by SSLCommerz, straight from the order page's Pay link.
  await payment.getByRole("link", { name: "Pay $400" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${id}$`));
  const sslForm = page.getByRole("form", { name: "Card, bKash, Nagad, Rocket or bank (SSLCommerz)" });
  await expect(sslForm).toContainText(/^\$400 = ৳[\d,]+ at ৳[\d.]+\/\$/);
  await expectFits(page);
  await sslForm.getByRole("button", { name: "Card, bKash, Nagad, Rocket or bank (SSLCommerz)" }).click();
  await expect(page.getByRole("heading", { name: "SSLCommerz sandbox" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  // SSLCommerz posts the customer back; its page submits the form itself, or, without JavaScript, by its button.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Back to the merchant" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}\\?payment=paid$`));
  await expect(page.getByRole("status").filter({ hasText: "Your payment was received. Thank you!" })).toBeVisible();
  await expect(payment).toContainText("Paid in full: $500.");
  await expect(payment).toContainText(/Balance: \$400 on .+, card ending in 0667 \d+[0-9a-f]{6} · ৳[\d,]+ \(৳[\d.]+\/\$\)/);
  await expect(payment.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectFits(page);
  await expectAxeClean(page, javaScriptEnabled);

  // Recorded once (the return and the IPN both arrived), with its taka and rate.
  const paid = await orderJson(page, id);
  expect(paid.paid).toBe(500);
  expect(paid.payments).toHaveLength(2);
  const sslPayment = paid.payments[1]!;
  expect(sslPayment).toMatchObject({ amount: 400, kind: "balance", method: "card", provider: "sslcommerz" });
  expect(sslPayment.amountBdt).toBe(taka(400, sslPayment.rate!));
  expect(sslPayment.providerReference).toMatch(/^\d+[0-9a-f]{6}$/);

  // Paid in full: the payment page offers nothing more to pay.
  await open(page, `/dashboard/payment/${id}`, javaScriptEnabled);
  await expect(page.getByRole("region", { name: "Pay in taka" })).toHaveCount(0);
});
