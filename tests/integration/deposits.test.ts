// Paying a booking in two parts by card, against the Stripe fake: the deposit (POST
// /api/create-payment-intent with part "deposit") secures it, the balance pays it in full; the
// browser's confirmation and the webhook's (retried) deliveries record each payment once; the
// payment page offers "Pay deposit $…" beside the spec's "Pay $…" only while the plan allows.
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { CARDS, startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_deposits";
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
const { placeBooking } = await import("~/booking/placing/booking-placement.server");
const { orderJson } = await import("~/booking");
const { findBookingRecord } = await import("~/booking/index.server");
const createIntentApi = await import("~/routes/api.create-payment-intent");
const paymentPage = await import("~/routes/dashboard.payment.$orderId");
const webhook = await import("~/routes/webhooks.stripe");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { createDeparture, inDays } = await import("../support/bookings");
const { checkoutFor } = await import("../support/orders");
const { expectDocumented, requestBodyErrors } = await import("../support/openapi");
const { callRoute, ORIGIN, unwrap } = await import("../support/requests");

/** A package at $500 a person with a 20 % deposit, the balance due 30 days before; a pending booking of 2 on it ($1,000). */
async function depositBooking() {
  const prisma = await db();
  const tourPackage = await prisma.service.create({
    data: {
      title: `Deposit tour ${Math.random().toString(36).slice(2, 8)}`,
      costCents: 50_000,
      image: "/images/tours/bandarban.svg",
      description: "A test tour.",
      depositPercent: 20,
      balanceDueDays: 30,
    },
  });
  const departure = await createDeparture(tourPackage.id, inDays(90));
  const user = await createUser();
  const cookie = await signIn(user.id);
  const { id } = await placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2" }));
  return { user, cookie, orderId: id };
}

async function startPayment(orderId: string, cookie: string, part?: string) {
  const body = part ? { orderId, part } : { orderId };
  const response = await createIntentApi.action({
    request: new Request(new URL("/api/create-payment-intent", ORIGIN), {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    }),
    params: {},
    context: {},
  });
  const answer = {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { clientSecret?: string; error?: string },
  };
  expectDocumented("/api/create-payment-intent", "POST", answer);
  if (answer.status < 300) expect(requestBodyErrors("/api/create-payment-intent", "POST", body)).toBeNull();
  return answer;
}

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0];

async function payAtFake(clientSecret: string) {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ key: TEST_PUBLISHABLE_KEY, ...fields }),
    });
  const method = await (
    await post("/v1/payment_methods", {
      type: "card",
      "card[number]": CARDS.visa,
      "card[exp_month]": "12",
      "card[exp_year]": "2034",
      "card[cvc]": "123",
    })
  ).json();
  await post(`/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
    payment_method: method.id,
    client_secret: clientSecret,
  });
}

function deliverSucceeded(intentId: string, eventId: string) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: fake.expandedIntent(intentId) },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
  return webhook.action({
    request: new Request(new URL("/webhooks/stripe", ORIGIN), {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    }),
    params: {},
    context: {},
  });
}

async function state(orderId: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      paidCents: true,
      paymentStatus: true,
      bookingStatus: true,
      payments: { orderBy: { created: "asc" }, select: { amountCents: true, kind: true, method: true, transaction: true } },
    },
  });
}

describe("a deposit, then the balance, by card", () => {
  it("secures the booking with the deposit and pays it in full with the balance; retried webhooks record each once", async () => {
    const { user, cookie, orderId } = await depositBooking();

    // The page: the spec's heading and Pay button for everything due, and the deposit's button.
    const page = await unwrap<{ order: { due: { part: string; cents: number }; depositCents: number } }>(
      await paymentPage.loader({ request: authedGet(`/dashboard/payment/${orderId}`, cookie), params: { orderId }, context: {} }),
    );
    expect(page.data.order).toMatchObject({ due: { part: "full", cents: 100_000 }, depositCents: 20_000 });

    const deposit = await startPayment(orderId, cookie, "deposit");
    expect(deposit.status).toBe(200);
    const depositIntent = intentIdOf(deposit.body.clientSecret!);
    expect(fake.intents.get(depositIntent)).toMatchObject({ amount: 20_000, metadata: { orderId, part: "deposit" } });
    // A retry gets the same intent; asking for the whole amount opens another one.
    expect((await startPayment(orderId, cookie, "deposit")).body.clientSecret).toBe(deposit.body.clientSecret);
    await payAtFake(deposit.body.clientSecret!);

    // The webhook and the browser both report it; the webhook twice.
    expect((await deliverSucceeded(depositIntent, "evt_deposit")).status).toBe(200);
    expect((await deliverSucceeded(depositIntent, "evt_deposit")).status).toBe(200);
    const confirmed = await callRoute<{ paid?: true }>(
      paymentPage.action,
      authedPost(`/dashboard/payment/${orderId}`, { paymentIntentId: depositIntent }, cookie),
      { orderId },
    );
    expect(confirmed.data).toEqual({ paid: true });
    expect(await state(orderId)).toMatchObject({
      paidCents: 20_000,
      paymentStatus: "PARTLY_PAID",
      bookingStatus: "CONFIRMED",
      payments: [{ amountCents: 20_000, kind: "DEPOSIT", method: "CARD", transaction: depositIntent }],
    });

    // Now only the balance: the deposit and the full amount are refused, naming part.
    const again = await startPayment(orderId, cookie, "deposit");
    expect(again).toMatchObject({ status: 400, body: { error: "part: the deposit is already paid." } });
    expect((await startPayment(orderId, cookie, "full")).status).toBe(400);
    const balance = await startPayment(orderId, cookie);
    expect(balance.status).toBe(200);
    const balanceIntent = intentIdOf(balance.body.clientSecret!);
    expect(fake.intents.get(balanceIntent)).toMatchObject({ amount: 80_000, metadata: { part: "balance" } });
    await payAtFake(balance.body.clientSecret!);
    await Promise.all([deliverSucceeded(balanceIntent, "evt_balance"), deliverSucceeded(balanceIntent, "evt_balance")]);

    const paid = await state(orderId);
    expect(paid).toMatchObject({ paidCents: 100_000, paymentStatus: "PAID", bookingStatus: "CONFIRMED" });
    expect(paid.payments.map((payment) => [payment.kind, payment.amountCents])).toEqual([
      ["DEPOSIT", 20_000],
      ["BALANCE", 80_000],
    ]);
    const json = orderJson((await findBookingRecord(orderId, user.id))!);
    expect(json).toMatchObject({
      paid: 1000,
      balance: 0,
      balanceDue: null,
      payment: { amount: 200, transaction: depositIntent },
      payments: [
        { amount: 200, kind: "deposit", method: "card", reference: depositIntent },
        { amount: 800, kind: "balance", method: "card", reference: balanceIntent },
      ],
    });
    expect((await startPayment(orderId, cookie)).status).toBe(409);
    const prisma = await db();
    expect(await prisma.outboxEmail.count({ where: { to: user.email, subject: { startsWith: "Payment received" } } })).toBe(2);
  });

  it("never lets an order be paid twice over: the deposit opened in one tab is cancelled when the full price is opened in another", async () => {
    const { cookie, orderId } = await depositBooking();
    const deposit = await startPayment(orderId, cookie, "deposit");
    const full = await startPayment(orderId, cookie, "full");
    expect([deposit.status, full.status]).toEqual([200, 200]);
    const depositIntent = intentIdOf(deposit.body.clientSecret!);
    const fullIntent = intentIdOf(full.body.clientSecret!);
    expect(fake.intents.get(depositIntent)?.status).toBe("canceled");
    // The first tab's card is refused by the provider; the second pays everything.
    await payAtFake(deposit.body.clientSecret!);
    expect(fake.intents.get(depositIntent)?.status).toBe("canceled");
    await payAtFake(full.body.clientSecret!);
    expect((await deliverSucceeded(fullIntent, "evt_full_two_tabs")).status).toBe(200);
    expect(await state(orderId)).toMatchObject({ paidCents: 100_000, paymentStatus: "PAID" });

    // Back in the first tab, the deposit again: the order is paid.
    expect((await startPayment(orderId, cookie, "deposit")).status).toBe(409);
  });

  it("leaves one payable intent when two tabs open different parts at the same moment", async () => {
    const { cookie, orderId } = await depositBooking();
    const opened = await Promise.all([startPayment(orderId, cookie, "deposit"), startPayment(orderId, cookie, "full")]);
    const given = opened.filter((answer) => answer.status === 200).map((answer) => intentIdOf(answer.body.clientSecret!));
    expect(given.length).toBeGreaterThan(0);
    const prisma = await db();
    const { stripePaymentIntentId } = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const payable = [...fake.intents.values()].filter(
      (intent) => intent.metadata?.orderId === orderId && intent.status !== "canceled",
    );
    expect(payable.map((intent) => intent.id)).toEqual([stripePaymentIntentId]);
  });

  it("refuses an unknown part with a 400 naming it", async () => {
    const { cookie, orderId } = await depositBooking();
    const refused = await startPayment(orderId, cookie, "half");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('part must be "deposit", "balance" or "full".');
  });
});
