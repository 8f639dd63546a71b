// bKash Tokenized Checkout end to end on the server against the fake sandbox
// (tests/support/bkash-fake.ts): the grant token cached and refreshed, create, the callback,
// execute once for status=success with bKash's error codes, payment/status when execute's answer
// or the callback was lost (the job), and refunds through bKash.
import { afterAll, describe, expect, it } from "vitest";
import { BKASH_TEST, startBkashFake } from "../support/bkash-fake";

// id_tokens live 61 s: the client keeps them a minute less, so each is refreshed after a second.
const fake = await startBkashFake({ expiresIn: 61 });
Object.assign(process.env, {
  BKASH_APP_KEY: BKASH_TEST.appKey,
  BKASH_APP_SECRET: BKASH_TEST.appSecret,
  BKASH_USERNAME: BKASH_TEST.username,
  BKASH_PASSWORD: BKASH_TEST.password,
  BKASH_BASE_URL: fake.baseUrl,
});
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
const { placeTestOrder } = await import("../support/orders");
const sessionsApi = await import("~/routes/api.my-orders.$id.payment-sessions");
const callbackRoute = await import("~/routes/payments.bkash.callback");
const { createUser, signIn } = await import("../support/auth");
const { callRoute, ORIGIN } = await import("../support/requests");
const { cancelBooking, checkOpenSessions } = await import("~/booking/index.server");
const { setExchangeRate } = await import("~/payments/index.server");
// the agency's rate: local gateways charge taka at it
await setExchangeRate(122, null);

async function customerWithOrder() {
  const user = await createUser();
  const cookie = await signIn(user.id);
  const order = await placeTestOrder(user.id, { quantity: "2", email: user.email });
  return { user, cookie, order };
}

async function openSession(orderId: string, cookie: string) {
  const answer = await callRoute<{ redirectUrl?: string; error?: string }>(
    sessionsApi.action,
    new Request(new URL(`/api/my-orders/${orderId}/payment-sessions`, ORIGIN), {
      method: "POST",
      body: JSON.stringify({ provider: "bkash" }),
      headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    }),
    { id: orderId },
  );
  expect(answer.status).toBe(201);
  return /\/checkout\/([A-Z0-9]+)$/.exec(answer.data.redirectUrl!)![1]!;
}

/** The browser comes back from bKash: a plain GET without our cookie. */
const callback = (url: string) => callRoute(callbackRoute.loader, new Request(url));

async function paymentsOf(orderId: string) {
  const prisma = await db();
  return prisma.payment.findMany({ where: { orderId } });
}

async function sessionOf(paymentID: string) {
  const prisma = await db();
  return prisma.paymentSession.findFirstOrThrow({ where: { gatewayId: paymentID } });
}

describe("bKash", () => {
  it("creates the payment in taka, executes it once on status=success and records it once", async () => {
    const { cookie, order } = await customerWithOrder();
    const paymentID = await openSession(order.id, cookie);
    const create = fake.calls.filter((call) => call.path === "/tokenized/checkout/create").at(-1)!.body;
    expect(create).toMatchObject({
      mode: "0011",
      currency: "BDT",
      intent: "sale",
      amount: String(Math.round((order.priceCents * 122) / 100)),
    });
    expect(create.callbackURL).toMatch(/\/payments\/bkash\/callback$/);
    expect(create.merchantInvoiceNumber).toBe((await sessionOf(paymentID)).id);

    const back = fake.complete(paymentID, "success");
    const first = await callback(back);
    expect(first.location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
    // a second callback (reload, replay): execute answers 2117, payment/status says Completed, nothing new
    const second = await callback(back);
    expect(second.location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
    const payments = await paymentsOf(order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      provider: "bkash",
      method: "BKASH",
      providerReference: fake.payments.get(paymentID)!.trxID,
      transaction: paymentID,
    });
    expect(
      fake.calls.filter((call) => call.path === "/tokenized/checkout/execute" && call.body.paymentID === paymentID),
    ).toHaveLength(1);
  });

  it("records nothing when execute fails with bKash's error (2023 insufficient balance, 2029 duplicate)", async () => {
    for (const code of ["2023", "2029"] as const) {
      const { cookie, order } = await customerWithOrder();
      const paymentID = await openSession(order.id, cookie);
      fake.failNextExecute(paymentID, code);
      const back = await callback(fake.complete(paymentID, "success"));
      expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=failed`);
      expect(await paymentsOf(order.id)).toHaveLength(0);
      const session = await sessionOf(paymentID);
      expect(session.status).toBe("FAILED");
      expect(session.note).toContain(`(${code})`);
    }
  });

  it("when execute's answer is lost, payment/status decides", async () => {
    const { cookie, order } = await customerWithOrder();
    const paymentID = await openSession(order.id, cookie);
    fake.failNextExecute(paymentID, "drop");
    const back = await callback(fake.complete(paymentID, "success"));
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("a lost callback: the job asks payment/status and records it; a cancel ends the session", async () => {
    const { cookie, order } = await customerWithOrder();
    const paymentID = await openSession(order.id, cookie);
    fake.complete(paymentID, "success");
    // bKash completes a payment only on execute: the customer confirmed, but nobody executed it
    fake.payments.get(paymentID)!.transactionStatus = "Completed";
    fake.payments.get(paymentID)!.trxID = "BLOSTCALLBK";
    expect((await checkOpenSessions(new Date())).checked).toBe(0); // too young to ask
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await checkOpenSessions(later)).toMatchObject({ paid: 1 });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await checkOpenSessions(later)).toMatchObject({ checked: 0 });

    const other = await customerWithOrder();
    const cancelledID = await openSession(other.order.id, other.cookie);
    const cancelled = await callback(fake.complete(cancelledID, "cancel"));
    expect(cancelled.location).toBe(`/dashboard/orders/${other.order.id}?payment=cancelled`);
    expect((await sessionOf(cancelledID)).status).toBe("CANCELLED");
  });

  it("keeps the grant token until it expires, then refreshes it; a token bKash refuses is granted anew", async () => {
    const { cookie, order } = await customerWithOrder();
    const grants = () => fake.calls.filter((call) => call.path === "/tokenized/checkout/token/grant").length;
    const refreshes = () => fake.calls.filter((call) => call.path === "/tokenized/checkout/token/refresh").length;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [grantsBefore, refreshesBefore] = [grants(), refreshes()];
    await openSession(order.id, cookie);
    await openSession(order.id, cookie);
    expect(refreshes()).toBe(refreshesBefore + 1);
    expect(grants()).toBe(grantsBefore);
    fake.expireTokens();
    await openSession(order.id, cookie);
    expect(grants()).toBe(grantsBefore + 1);
  });

  it("refunds through bKash with its refundTrxID on the credit note", async () => {
    const { cookie, order } = await customerWithOrder();
    const paymentID = await openSession(order.id, cookie);
    await callback(fake.complete(paymentID, "success"));
    const admin = await createUser({ role: "ADMIN" });
    await cancelBooking(order.id, { id: admin.id, isAdmin: true }, { amountCents: order.priceCents, reason: "Refunded in full" });
    const refunds = fake.payments.get(paymentID)!.refunds;
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(fake.payments.get(paymentID)!.amount);
    const prisma = await db();
    const [refund] = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refund).toMatchObject({ amountCents: order.priceCents, stripeRefundId: refunds[0]!.refundTrxID });
    expect(refund!.creditNoteNumber).toMatch(/^CN-/);
  });
});
