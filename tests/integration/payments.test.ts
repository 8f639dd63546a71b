// Card payments end to end on the server: the page, the API call, the confirmation and the
// webhook, against a local Stripe-compatible fake reached through STRIPE_API_BASE.
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { CARDS, startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_tests";
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
const { placeTestOrder } = await import("../support/orders");
const paymentPage = await import("~/routes/dashboard.payment.$orderId");
const myOrderPage = await import("~/routes/dashboard.myOrder");
const createIntentApi = await import("~/routes/api.create-payment-intent");
const orderApi = await import("~/routes/api.my-orders.$id");
const webhook = await import("~/routes/webhooks.stripe");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { callRoute, ORIGIN, thrownResponse, unwrap } = await import("../support/requests");

const stripeSdk = new Stripe(TEST_SECRET_KEY, {
  host: "127.0.0.1",
  port: Number(new URL(fake.url).port),
  protocol: "http",
});

async function customerWithOrder(quantity = "2") {
  const user = await createUser();
  const cookie = await signIn(user.id);
  const order = await placeTestOrder(user.id, { quantity, email: user.email });
  return { user, cookie, order };
}

function jsonRequest(path: string, method: string, body: unknown, cookie: string | null) {
  return new Request(new URL(path, ORIGIN), {
    method,
    body: JSON.stringify(body),
    headers: {
      "Content-Type": "application/json",
      Origin: ORIGIN,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function startPayment(orderId: string, cookie: string | null, body: Record<string, unknown> = { orderId }) {
  const response = await createIntentApi.action({
    request: jsonRequest("/api/create-payment-intent", "POST", body, cookie),
    params: {},
    context: {},
  });
  return {
    status: response.status,
    body: (await response.json()) as { clientSecret?: string; error?: string },
  };
}

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0];

/** What Stripe.js does in the browser: a card payment method, then the confirmation, with the publishable key. */
async function payInBrowser(clientSecret: string, card: string) {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${fake.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ key: TEST_PUBLISHABLE_KEY, ...fields }),
    });
  const method = await (
    await post("/v1/payment_methods", {
      type: "card",
      "card[number]": card,
      "card[exp_month]": "12",
      "card[exp_year]": "2034",
      "card[cvc]": "123",
      "billing_details[name]": "Rina Das",
    })
  ).json();
  return post(`/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, {
    payment_method: method.id,
    client_secret: clientSecret,
  });
}

function confirmOnPage(orderId: string, paymentIntentId: string, cookie: string) {
  return callRoute<{ paid?: true; error?: string }>(
    paymentPage.action,
    authedPost(`/dashboard/payment/${orderId}`, { paymentIntentId }, cookie),
    {
      orderId,
    },
  );
}

async function paymentState(orderId: string) {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { payments: true },
  });
  const emails = await prisma.outboxEmail.count({
    where: { subject: { startsWith: "Payment received" }, to: order.email },
  });
  return {
    status: order.paymentStatus,
    payment: order.payments[0] ?? null,
    payments: order.payments.length,
    emails,
    deletedAt: order.deletedAt,
  };
}

function signedWebhook(event: Record<string, unknown>, secret = process.env.STRIPE_WEBHOOK_SECRET!) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request(new URL("/webhooks/stripe", ORIGIN), {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
  });
}

function intentEvent(type: string, intentId: string, eventId = `evt_${Math.random().toString(36).slice(2)}`) {
  return {
    id: eventId,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: fake.expandedIntent(intentId) },
  };
}

async function deliver(request: Request) {
  const response = await webhook.action({ request, params: {}, context: {} });
  return { status: response.status, body: await response.json() };
}

beforeEach(() => {
  fake.requests.length = 0;
});

describe("the payment page", () => {
  it("shows the owner the price, package and email, with Stripe's publishable key", async () => {
    const { cookie, order } = await customerWithOrder();
    const { data } = await unwrap<{
      order: {
        priceCents: number;
        name: string;
        email: string;
        payment: unknown;
      };
      publishableKey: string;
    }>(
      await paymentPage.loader({
        request: authedGet(`/dashboard/payment/${order.id}`, cookie),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(data.order).toMatchObject({
      priceCents: order.priceCents,
      name: order.serviceTitle,
      email: order.email,
      payment: null,
    });
    expect(data.publishableKey).toBe(TEST_PUBLISHABLE_KEY);
  });

  it("is a 404 for someone else's order and sends a signed-out visitor to the login", async () => {
    const { order } = await customerWithOrder();
    const stranger = await signIn((await createUser()).id);
    const notFound = await thrownResponse(() =>
      paymentPage.loader({
        request: authedGet(`/dashboard/payment/${order.id}`, stranger),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(notFound.status).toBe(404);
    const anonymous = await thrownResponse(() =>
      paymentPage.loader({
        request: authedGet(`/dashboard/payment/${order.id}`, null),
        params: { orderId: order.id },
        context: {},
      }),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("creating the payment intent", () => {
  it("charges the order's stored price in USD cents with the order in metadata, whatever price the browser sends", async () => {
    const { user, cookie, order } = await customerWithOrder("3");
    const { status, body } = await startPayment(order.id, cookie, {
      orderId: order.id,
      price: 1,
    });
    expect(status).toBe(200);
    const intent = fake.intents.get(intentIdOf(body.clientSecret!))!;
    expect(intent).toMatchObject({
      amount: order.priceCents,
      currency: "usd",
      metadata: { orderId: order.id, userId: user.id, part: "full" },
    });
    expect(fake.requests.find((request) => request.path === "/v1/payment_intents")?.idempotencyKey).toBe(
      `order-${order.id}-full-${order.priceCents}`,
    );
  });

  it("reuses the open intent: a retry, a second tab or a double click never makes a second charge", async () => {
    const { cookie, order } = await customerWithOrder();
    const results = await Promise.all([
      startPayment(order.id, cookie),
      startPayment(order.id, cookie),
      startPayment(order.id, cookie),
    ]);
    const secrets = new Set(results.map((result) => result.body.clientSecret));
    expect(secrets.size).toBe(1);
    const again = await startPayment(order.id, cookie);
    expect(again.body.clientSecret).toBe([...secrets][0]);
    expect([...fake.intents.values()].filter((intent) => intent.metadata.orderId === order.id)).toHaveLength(1);
  });

  it("replaces an intent cancelled at Stripe with a new one under a new idempotency key", async () => {
    const { cookie, order } = await customerWithOrder();
    const first = intentIdOf((await startPayment(order.id, cookie)).body.clientSecret!);
    await stripeSdk.paymentIntents.cancel(first);
    const second = intentIdOf((await startPayment(order.id, cookie)).body.clientSecret!);
    expect(second).not.toBe(first);
    expect(
      fake.requests.filter((request) => request.path === "/v1/payment_intents").map((request) => request.idempotencyKey),
    ).toEqual([`order-${order.id}-full-${order.priceCents}`, `order-${order.id}-full-${order.priceCents}-after-${first}`]);
    expect(intentIdOf((await startPayment(order.id, cookie)).body.clientSecret!)).toBe(second);
  });

  it("refuses a signed-out caller, someone else's order, a missing order id and a paid order", async () => {
    const { cookie, order } = await customerWithOrder();
    const stranger = await signIn((await createUser()).id);
    expect((await startPayment(order.id, null)).status).toBe(401);
    expect((await startPayment(order.id, stranger)).status).toBe(404);
    expect((await startPayment(order.id, cookie, { price: 100 })).status).toBe(400);
    const { body } = await startPayment(order.id, cookie);
    fake.succeed(intentIdOf(body.clientSecret!));
    await confirmOnPage(order.id, intentIdOf(body.clientSecret!), cookie);
    expect((await startPayment(order.id, cookie)).status).toBe(409);
    expect([...fake.intents.values()].filter((intent) => intent.metadata.orderId === order.id)).toHaveLength(1);
  });
});

describe("confirming a payment", () => {
  it("records it only after Stripe says it succeeded: amount, created, last4, transaction; an email; 'Paid' on My Orders", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const paid = await payInBrowser(body.clientSecret!, CARDS.visa);
    expect(paid.status).toBe(200);
    const intentId = intentIdOf(body.clientSecret!);
    const result = await confirmOnPage(order.id, intentId, cookie);
    expect(result.data).toEqual({ paid: true });
    const state = await paymentState(order.id);
    expect(state.status).toBe("PAID");
    expect(state.payment).toMatchObject({
      amountCents: order.priceCents,
      currency: "usd",
      last4: "4242",
      transaction: intentId,
    });
    expect(state.payment!.created.getTime()).toBe(fake.intents.get(intentId)!.created * 1000);
    expect(state.emails).toBe(1);
    const { data } = await unwrap<{
      orders: { id: string; paymentStatus: string }[];
    }>(
      await myOrderPage.loader({
        request: authedGet("/dashboard/myOrder", cookie),
        params: {},
        context: {},
      }),
    );
    expect(data.orders.find((row) => row.id === order.id)?.paymentStatus).toBe("PAID");
    const apiOrder = await orderApi.loader({
      request: authedGet(`/api/my-orders/${order.id}`, cookie),
      params: { id: order.id },
      context: {},
    });
    expect((await apiOrder.json()).payment).toMatchObject({
      last4: "4242",
      transaction: intentId,
      amount: order.priceCents / 100,
    });
  });

  it("a declined card shows Stripe's message and records nothing", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const declined = await payInBrowser(body.clientSecret!, CARDS.declined);
    expect(declined.status).toBe(402);
    expect((await declined.json()).error).toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
    });
    const result = await confirmOnPage(order.id, intentIdOf(body.clientSecret!), cookie);
    expect(result.status).toBe(400);
    expect(result.data.error).toMatch(/requires payment method/);
    expect((await paymentState(order.id)).payment).toBeNull();
  });

  it("refuses an intent for another amount, another order or one Stripe does not know", async () => {
    const { cookie, order } = await customerWithOrder();
    const other = await customerWithOrder();
    const cheaper = await stripeSdk.paymentIntents.create({
      amount: order.priceCents - 100,
      currency: "usd",
      metadata: { orderId: order.id },
    });
    fake.succeed(cheaper.id);
    expect((await confirmOnPage(order.id, cheaper.id, cookie)).data.error).toMatch(/amount/);

    const { body } = await startPayment(other.order.id, other.cookie);
    fake.succeed(intentIdOf(body.clientSecret!));
    // Someone else's successful payment does not pay my order...
    expect((await confirmOnPage(order.id, intentIdOf(body.clientSecret!), cookie)).data.error).toMatch(/another order/);
    // ...and I cannot confirm someone else's order at all.
    expect((await confirmOnPage(other.order.id, intentIdOf(body.clientSecret!), cookie)).status).toBe(404);

    expect((await confirmOnPage(order.id, "pi_doesnotexist123", cookie)).data.error).toMatch(/does not know it/);
    expect((await confirmOnPage(order.id, "not an id", cookie)).status).toBe(400);
    expect((await paymentState(order.id)).payment).toBeNull();
    expect((await paymentState(other.order.id)).payment).toBeNull();
  });

  it("a replayed or concurrent confirmation records one payment and sends one email", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    await payInBrowser(body.clientSecret!, CARDS.visa);
    const event = intentEvent("payment_intent.succeeded", intentId);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => confirmOnPage(order.id, intentId, cookie)),
      deliver(signedWebhook(event)),
      deliver(signedWebhook(event)),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const prisma = await db();
    expect(await prisma.payment.count({ where: { orderId: order.id } })).toBe(1);
    expect((await paymentState(order.id)).emails).toBe(1);
  });

  it("a card payment arriving after the balance was paid offline is refunded automatically and recorded as such (issue 35 item 4)", async () => {
    const { recordOfflinePayment } = await import("~/booking/paying/offline-payments.server");
    const { cookie, order } = await customerWithOrder();
    const admin = await createUser({ role: "ADMIN" });
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    await recordOfflinePayment(order.id, admin, { amountCents: order.priceCents, method: "cash", reference: `R-${intentId}` });
    await payInBrowser(body.clientSecret!, CARDS.visa);
    const event = intentEvent("payment_intent.succeeded", intentId);
    await Promise.all([confirmOnPage(order.id, intentId, cookie), deliver(signedWebhook(event)), deliver(signedWebhook(event))]);
    const prisma = await db();
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { refunds: true } });
    expect(after.paidCents - after.refundedCents).toBe(order.priceCents);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0]).toMatchObject({
      amountCents: order.priceCents,
      method: "CARD",
      reason: "Paid by card beyond the balance: the excess was refunded automatically",
    });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    expect(after.bookingStatus).toBe("CONFIRMED");
  });

  it("PUT /api/my-orders/{id} saves it for the owner only once Stripe confirms it", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    const put = (cookieHeader: string | null, payload: unknown) =>
      orderApi.action({
        request: jsonRequest(`/api/my-orders/${order.id}`, "PUT", payload, cookieHeader),
        params: { id: order.id },
        context: {},
      });
    // The spec's payload with made-up card details, before anything was paid: refused.
    const forged = await put(cookie, {
      amount: 1,
      created: 1,
      last4: "0000",
      transaction: intentId,
    });
    expect(forged.status).toBe(400);
    expect((await paymentState(order.id)).payment).toBeNull();
    const stranger = await signIn((await createUser()).id);
    fake.succeed(intentId);
    expect((await put(stranger, { transaction: intentId })).status).toBe(404);
    expect((await put(null, { transaction: intentId })).status).toBe(401);
    const saved = await put(cookie, {
      amount: 1,
      created: 1,
      last4: "0000",
      transaction: intentId,
    });
    expect(await saved.json()).toEqual({ modifiedCount: 1 });
    expect((await put(cookie, { transaction: intentId })).status).toBe(200);
    expect((await paymentState(order.id)).payment).toMatchObject({
      last4: "4242",
      amountCents: order.priceCents,
    });
  });
});

describe("the Stripe webhook", () => {
  it("marks the order paid on its own when the browser never came back; a replay changes nothing", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    await payInBrowser(body.clientSecret!, CARDS.visa);
    const event = intentEvent("payment_intent.succeeded", intentId, "evt_replayed");
    expect(await deliver(signedWebhook(event))).toEqual({
      status: 200,
      body: { received: true },
    });
    const first = await paymentState(order.id);
    expect(first.status).toBe("PAID");
    expect(await deliver(signedWebhook(event))).toEqual({
      status: 200,
      body: { received: true },
    });
    const second = await paymentState(order.id);
    expect(second.payment).toEqual(first.payment);
    expect(second.emails).toBe(1);
  });

  it("refuses a missing or wrong signature and writes nothing", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    fake.succeed(intentId);
    const event = intentEvent("payment_intent.succeeded", intentId);
    const unsigned = new Request(new URL("/webhooks/stripe", ORIGIN), {
      method: "POST",
      body: JSON.stringify(event),
    });
    expect((await deliver(unsigned)).status).toBe(400);
    expect((await deliver(signedWebhook(event, "whsec_someone_else"))).status).toBe(400);
    // A valid signature on other bytes than the ones sent.
    const tampered = signedWebhook(event);
    const sentBody = JSON.stringify({ ...event, id: "evt_tampered" });
    expect(
      (
        await deliver(
          new Request(tampered.url, {
            method: "POST",
            body: sentBody,
            headers: tampered.headers,
          }),
        )
      ).status,
    ).toBe(400);
    expect((await paymentState(order.id)).payment).toBeNull();
  });

  it("does not trust the event's copy of the intent: Stripe is asked again", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    // Signed but claiming success for an intent that Stripe says is unpaid.
    const event = intentEvent("payment_intent.succeeded", intentId);
    (event.data.object as Record<string, unknown>).status = "succeeded";
    expect((await deliver(signedWebhook(event))).status).toBe(200);
    expect((await paymentState(order.id)).payment).toBeNull();
  });

  it("payment_intent.payment_failed marks an unpaid order failed and never touches a paid one", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    await payInBrowser(body.clientSecret!, CARDS.declined);
    await deliver(signedWebhook(intentEvent("payment_intent.payment_failed", intentId)));
    expect((await paymentState(order.id)).status).toBe("FAILED");
    await payInBrowser(body.clientSecret!, CARDS.visa);
    await deliver(signedWebhook(intentEvent("payment_intent.succeeded", intentId)));
    await deliver(signedWebhook(intentEvent("payment_intent.payment_failed", intentId)));
    expect((await paymentState(order.id)).status).toBe("PAID");
  });

  it("keeps a payment for an order deleted while it was being paid", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    const intentId = intentIdOf(body.clientSecret!);
    const prisma = await db();
    await prisma.order.update({
      where: { id: order.id },
      data: { deletedAt: new Date() },
    });
    fake.succeed(intentId);
    await deliver(signedWebhook(intentEvent("payment_intent.succeeded", intentId)));
    const state = await paymentState(order.id);
    expect(state).toMatchObject({ status: "PAID", deletedAt: null });
  });
});

describe("after payment", () => {
  it("the customer cannot delete a paid order; an admin's delete cancels it with the policy refund, and the record is kept", async () => {
    const { cookie, order } = await customerWithOrder();
    const { body } = await startPayment(order.id, cookie);
    fake.succeed(intentIdOf(body.clientSecret!));
    await confirmOnPage(order.id, intentIdOf(body.clientSecret!), cookie);
    const remove = (cookieHeader: string) =>
      orderApi.action({
        request: new Request(new URL(`/api/my-orders/${order.id}`, ORIGIN), {
          method: "DELETE",
          headers: { Cookie: cookieHeader, Origin: ORIGIN },
        }),
        params: { id: order.id },
        context: {},
      });
    const refused = await remove(cookie);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/paid order cannot be deleted/i);
    // An admin's delete of a paid booking is its cancellation with the policy refund (no departure: the top tier).
    const admin = await createUser({ role: "ADMIN" });
    expect(await (await remove(await signIn(admin.id))).json()).toEqual({
      deletedCount: 0,
      status: "cancelled",
      refund: { amount: order.priceCents / 100, transaction: expect.stringMatching(/^re_/) },
    });
    const prisma = await db();
    const kept = await prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { payments: true },
    });
    expect(kept).toMatchObject({ deletedAt: null, bookingStatus: "CANCELLED", refundedCents: order.priceCents });
    expect(kept.payments.map((payment) => payment.transaction)).toEqual([intentIdOf(body.clientSecret!)]);
  });
});
