// One payment per order, however many confirmations race: the payment page's action, the API's
// PUT /api/my-orders/{id} (owner and admin) and repeated signed Stripe webhook deliveries, all at
// once over real HTTP against a production app process on PostgreSQL. Stripe is the local fake.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY, type StripeFake } from "../support/stripe-fake";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { addPackage, type Client, logIn, register } from "./support/client";
import { recordFigures } from "./support/figures";

const WEBHOOK_SECRET = "whsec_reliability_test_secret";
const ORDERS = 5;
const EACH = 5; // calls per channel and order

let database: TestDatabase;
let fake: StripeFake;
let app: AppProcess;
let admin: Client;

beforeAll(async () => {
  database = await createDatabase("payments");
  fake = await startStripeFake();
  app = await startApp(database.url, {
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await fake?.close();
  await database?.drop();
});

/** A customer's order through the checkout form, and its payment intent paid with a test card. */
async function paidOrder(customer: Client, serviceId: string, n: number) {
  const query = new URLSearchParams({ service: serviceId, quantity: String(n + 1), type: "couple" });
  const path = (await customer.get(`/addCart/0?${query}`)).headers.get("Location")!;
  const formKey = /name="formKey" value="([^"]+)"/.exec(await (await customer.get(path)).text())![1];
  const placed = await customer.postForm(path, {
    firstName: "Nadia",
    lastName: "Islam",
    streetAddress: "Road 3",
    townName: "Sylhet",
    district: "Dhaka",
    mobileNumber: "01812345678",
    email: "nadia@example.com",
    service: serviceId,
    quantity: String(n + 1),
    type: "couple",
    formKey,
  });
  expect(placed.status).toBe(302);
  const [{ id, priceCents }] = await database.query<{ id: string; priceCents: number }>(
    `SELECT id, "priceCents" FROM "Order" WHERE "idempotencyKey" LIKE $1`,
    [`%:${formKey}`],
  );
  const started = await customer.json("POST", "/api/create-payment-intent", { orderId: id });
  expect(started.status).toBe(200);
  const intentId = ((await started.json()) as { clientSecret: string }).clientSecret.split("_secret_")[0];
  // The customer's card payment succeeds at Stripe; now every channel reports it at once.
  fake.succeed(intentId);
  return { id, priceCents, intentId };
}

function deliverWebhook(intentId: string) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: fake.expandedIntent(intentId) },
  });
  return fetch(`${app.origin}/webhooks/stripe`, {
    method: "POST",
    body: payload,
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

describe("concurrent payment confirmations", () => {
  it(`records one payment per order when ${EACH * 4} confirmations and webhook deliveries race for each of ${ORDERS} orders`, async () => {
    const customer = await register(app.origin, `payer-${Date.now()}@example.com`);
    // A package without departures: these orders need no seats.
    const service = await addPackage(admin, "Payment Race Tour", 120);
    const orders = [];
    for (let n = 0; n < ORDERS; n += 1) orders.push(await paidOrder(customer, service._id, n));

    const calls = orders.flatMap(({ id, intentId }) => [
      ...Array.from({ length: EACH }, () => ({
        id,
        channel: "page",
        send: () => customer.postForm(`/dashboard/payment/${id}`, { paymentIntentId: intentId }),
      })),
      ...Array.from({ length: EACH }, () => ({
        id,
        channel: "api-owner",
        send: () => customer.json("PUT", `/api/my-orders/${id}`, { transaction: intentId }),
      })),
      ...Array.from({ length: EACH }, () => ({
        id,
        channel: "api-admin",
        send: () => admin.json("PUT", `/api/my-orders/${id}`, { transaction: intentId }),
      })),
      ...Array.from({ length: EACH }, () => ({ id, channel: "webhook", send: () => deliverWebhook(intentId) })),
    ]);
    const started = performance.now();
    const answers = await Promise.all(calls.map(async ({ id, channel, send }) => ({ id, channel, response: await send() })));
    const seconds = (performance.now() - started) / 1000;

    const failures = answers
      .filter(({ response }) => response.status !== 200)
      .map(({ channel, response }) => `${channel}: ${response.status}`);
    expect(failures).toEqual([]);
    // The API says which call recorded the payment: at most one per order (the page or the webhook may win).
    const recordedByApi = new Map<string, number>();
    for (const { id, channel, response } of answers) {
      if (!channel.startsWith("api")) continue;
      const { modifiedCount } = (await response.json()) as { modifiedCount: number };
      recordedByApi.set(id, (recordedByApi.get(id) ?? 0) + modifiedCount);
    }
    expect([...recordedByApi.values()].every((count) => count === 0 || count === 1)).toBe(true);

    for (const order of orders) {
      const payments = await database.query<{ amountCents: number; transaction: string; last4: string }>(
        `SELECT "amountCents", transaction, last4 FROM "Payment" WHERE "orderId" = $1`,
        [order.id],
      );
      expect(payments).toEqual([{ amountCents: order.priceCents, transaction: order.intentId, last4: "4242" }]);
      const [{ paymentStatus }] = await database.query<{ paymentStatus: string }>(
        `SELECT "paymentStatus" FROM "Order" WHERE id = $1`,
        [order.id],
      );
      expect(paymentStatus).toBe("PAID");
      const emails = await database.query(`SELECT id FROM "OutboxEmail" WHERE text LIKE $1`, [
        `%Transaction: ${order.intentId}%`,
      ]);
      expect(emails).toHaveLength(1);
    }
    const [{ n }] = await database.query<{ n: string }>(`SELECT count(*) AS n FROM "Payment"`);
    expect(Number(n)).toBe(ORDERS);

    recordFigures("payments", {
      orders: ORDERS,
      concurrentCallsPerOrder: EACH * 4,
      channels: "payment page, API (owner), API (admin), signed webhook",
      paymentsRecorded: Number(n),
      recordedThroughApi: [...recordedByApi.values()].reduce((sum, count) => sum + count, 0),
      confirmationEmails: ORDERS,
      seconds: Math.round(seconds * 10) / 10,
    });
  });
});
