// SSLCommerz end to end on the server against the fake sandbox (tests/support/sslcommerz-fake.ts):
// opening a session through the API, the return and the IPN (in any order, twice, at once), the
// checks before recording (verify_sign, status, tran_id, amount, currency), risk level 1 held for
// review, and refunds through SSLCommerz (an overpayment's at once, a cancellation's).
import { afterAll, describe, expect, it } from "vitest";
import { SSL_STORE_ID, SSL_STORE_PASSWORD, sslSign, startSslcommerzFake } from "../support/sslcommerz-fake";

const fake = await startSslcommerzFake();
process.env.SSLCOMMERZ_STORE_ID = SSL_STORE_ID;
process.env.SSLCOMMERZ_STORE_PASSWORD = SSL_STORE_PASSWORD;
process.env.SSLCOMMERZ_BASE_URL = fake.url;
fake.setAutoIpn(false);
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
const { placeTestOrder } = await import("../support/orders");
const sessionsApi = await import("~/routes/api.my-orders.$id.payment-sessions");
const orderApi = await import("~/routes/api.my-orders.$id");
const returnRoute = await import("~/routes/payments.sslcommerz.return");
const paymentPage = await import("~/routes/dashboard.payment.$orderId");
const ipnRoute = await import("~/routes/payments.sslcommerz.ipn");
const heldPage = await import("~/routes/dashboard.held-payments");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { callRoute, formRequest, ORIGIN } = await import("../support/requests");
const { cancelBooking, invoiceOf } = await import("~/booking/index.server");
const { retryGatewayRefunds } = await import("~/booking/paying/gateway-payments.server");
const { setExchangeRate } = await import("~/payments/index.server");
// the agency's rate: local gateways charge taka at it
await setExchangeRate(122, null);

async function customerWithOrder(quantity = "2") {
  const user = await createUser();
  const cookie = await signIn(user.id);
  const order = await placeTestOrder(user.id, { quantity, email: user.email });
  return { user, cookie, order };
}

function jsonPost(path: string, body: unknown, cookie: string | null) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function openSession(orderId: string, cookie: string | null, body: Record<string, unknown> = { provider: "sslcommerz" }) {
  return callRoute<{ redirectUrl?: string; error?: string }>(
    sessionsApi.action,
    jsonPost(`/api/my-orders/${orderId}/payment-sessions`, body, cookie),
    { id: orderId },
  );
}

/** The gateway's own cross-site form post: no cookie, no Origin of ours. */
function gatewayPost(path: string, fields: Record<string, string>) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://sandbox.sslcommerz.com" },
  });
}

const returnOf = (url: string, fields: Record<string, string>) =>
  callRoute(returnRoute.action, gatewayPost(new URL(url).pathname + new URL(url).search, fields));
const ipnOf = (fields: Record<string, string>) =>
  callRoute<{ received?: boolean; result?: string; error?: string }>(
    ipnRoute.action,
    gatewayPost("/payments/sslcommerz/ipn", fields),
  );

const sessionKeyOf = (redirectUrl: string) => /test([0-9A-F]+)$/.exec(redirectUrl)![1]!;

async function paymentsOf(orderId: string) {
  const prisma = await db();
  return prisma.payment.findMany({ where: { orderId }, include: { session: true } });
}

async function orderRow(orderId: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({ where: { id: orderId } });
}

describe("SSLCommerz", () => {
  it("opens a session for the amount due in taka and records the payment once the validation API confirms it", async () => {
    const { cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    expect(opened.status).toBe(201);
    expect(opened.data.redirectUrl).toMatch(`${fake.url}/EasyCheckOut/test`);
    const init = fake.calls.filter((call) => call.path === "/gwprocess/v4/api.php").at(-1)!.params;
    const prisma = await db();
    const session = await prisma.paymentSession.findFirstOrThrow({ where: { orderId: order.id } });
    expect(init.tran_id).toBe(session.id);
    expect(init.currency).toBe("BDT");
    expect(init.total_amount).toBe(`${Math.round((order.priceCents * 122) / 100)}.00`);
    expect(init.ipn_url).toMatch(/\/payments\/sslcommerz\/ipn$/);
    expect(init.success_url).toMatch(/\/payments\/sslcommerz\/return\?outcome=success$/);

    const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!));
    const back = await returnOf(paid.url, paid.fields);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
    const [payment] = await paymentsOf(order.id);
    expect(payment).toMatchObject({
      provider: "sslcommerz",
      providerReference: paid.transaction.bankTranId,
      amountCents: order.priceCents,
      transaction: session.id,
    });
    expect((await orderRow(order.id)).paymentStatus).toBe("PAID");
    expect(
      fake.calls.some(
        (call) => call.path === "/validator/api/validationserverAPI.php" && call.params.val_id === paid.fields.val_id,
      ),
    ).toBe(true);

    // The IPN after the return (VALIDATED by now) and a replay: recorded once.
    expect((await ipnOf(paid.fields)).status).toBe(200);
    expect((await ipnOf(paid.fields)).data.result).toBe("paid");
    expect(await paymentsOf(order.id)).toHaveLength(1);

    // The order's JSON carries the gateway and the taka.
    const json = await callRoute<{ payments: Record<string, unknown>[] }>(
      orderApi.loader,
      new Request(new URL(`/api/my-orders/${order.id}`, ORIGIN), { headers: { Cookie: cookie } }),
      { id: order.id },
    );
    expect(json.data.payments[0]).toMatchObject({
      provider: "sslcommerz",
      providerReference: paid.transaction.bankTranId,
      amountBdt: Math.round((order.priceCents * 122) / 100),
      rate: 122,
    });
  });

  it("records once when the IPN and the return arrive at the same time", async () => {
    const { cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!));
    const [ipn, back] = await Promise.all([ipnOf(paid.fields), returnOf(paid.url, paid.fields)]);
    expect(ipn.status).toBe(200);
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).paidCents).toBe(order.priceCents);
  });

  it("refuses an IPN whose verify_sign is forged, and a forged val_id on the return records nothing", async () => {
    const { cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    const prisma = await db();
    const session = await prisma.paymentSession.findFirstOrThrow({ where: { orderId: order.id } });
    // Made up by someone who does not know the store password.
    const forged = sslSign(
      { status: "VALID", tran_id: session.id, val_id: "FORGED1", amount: "99999.00", currency: "BDT" },
      "guess",
    );
    const ipn = await ipnOf(forged);
    expect(ipn.status).toBe(400);
    expect(ipn.data.error).toMatch(/verify_sign/);
    const back = await returnOf(`${ORIGIN}/payments/sslcommerz/return?outcome=success`, forged);
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=pending`);
    expect(await paymentsOf(order.id)).toHaveLength(0);
    // the forged val_id was never asked: the transaction query by our tran_id decided
    expect(fake.calls.some((call) => call.params.val_id === "FORGED1")).toBe(false);
    expect(opened.status).toBe(201);
  });

  it("does not record a payment whose amount or currency differs from the session's", async () => {
    for (const reported of [{ amount: "10.00" }, { currency: "USD" }]) {
      const { cookie, order } = await customerWithOrder();
      const opened = await openSession(order.id, cookie);
      const prisma = await db();
      const session = await prisma.paymentSession.findFirstOrThrow({ where: { orderId: order.id } });
      fake.reportAs(session.id, reported);
      const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!));
      const back = await returnOf(paid.url, paid.fields);
      expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=failed`);
      expect(await paymentsOf(order.id)).toHaveLength(0);
      const after = await prisma.paymentSession.findUniqueOrThrow({ where: { id: session.id } });
      expect(after.status).toBe("FAILED");
      expect(after.note).toMatch(reported.amount ? /৳10\.00/ : /USD/);
    }
  });

  it("holds a risk level 1 payment for review: the seats are kept, nothing is paid", async () => {
    const { cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!), "success", "1");
    const back = await returnOf(paid.url, paid.fields);
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=review`);
    expect((await ipnOf(paid.fields)).data.result).toBe("review");
    expect(await paymentsOf(order.id)).toHaveLength(0);
    const row = await orderRow(order.id);
    expect(row.paymentStatus).not.toBe("PAID");
    expect(row.bookingStatus).toBe("PENDING");
    expect(row.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    const prisma = await db();
    expect((await prisma.paymentSession.findFirstOrThrow({ where: { orderId: order.id } })).status).toBe("REVIEW");
  });

  describe("a payment held for review", () => {
    async function heldPayment() {
      const { cookie, order } = await customerWithOrder();
      const opened = await openSession(order.id, cookie);
      const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!), "success", "1");
      expect((await returnOf(paid.url, paid.fields)).location).toBe(`/dashboard/orders/${order.id}?payment=review`);
      const prisma = await db();
      const session = await prisma.paymentSession.findFirstOrThrow({ where: { orderId: order.id } });
      const admin = await createUser({ role: "ADMIN" });
      return { order, paid, session, adminCookie: await signIn(admin.id), cookie };
    }
    const decide = (cookie: string, fields: Record<string, string>) =>
      callRoute<{ done?: string; confirm?: string; error?: string; refundId?: string }>(
        heldPage.action,
        formRequest("/dashboard/held-payments", fields, { headers: { Cookie: cookie } }),
      );
    const sessionRow = async (id: string) => (await db()).paymentSession.findUniqueOrThrow({ where: { id } });

    it("is listed to administrators only; accepting asks first, then records it once", async () => {
      const { order, paid, session, adminCookie, cookie } = await heldPayment();
      const listed = await callRoute<{ payments: { id: string; reference: string; booking: string }[] }>(
        heldPage.loader,
        new Request(new URL("/dashboard/held-payments", ORIGIN), { headers: { Cookie: adminCookie } }),
      );
      expect(listed.data.payments.find((payment) => payment.id === session.id)).toMatchObject({
        reference: paid.transaction.bankTranId,
        booking: order.reference,
      });
      const customer = await decide(cookie, { intent: "accept", sessionId: session.id, confirmed: "yes" });
      expect([302, 403, 404]).toContain(customer.status);
      expect(await paymentsOf(order.id)).toHaveLength(0);

      const asked = await decide(adminCookie, { intent: "accept", sessionId: session.id });
      expect(asked.data.confirm).toBe("accept");
      expect(await paymentsOf(order.id)).toHaveLength(0);
      // two administrators (or a double submit) at once: one payment
      const answers = await Promise.all([
        decide(adminCookie, { intent: "accept", sessionId: session.id, confirmed: "yes" }),
        decide(adminCookie, { intent: "accept", sessionId: session.id, confirmed: "yes" }),
      ]);
      for (const answer of answers)
        expect(["accepted", "This payment is accepted already."]).toContain(answer.data.done ?? answer.data.error);
      const payments = await paymentsOf(order.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ provider: "sslcommerz", providerReference: paid.transaction.bankTranId });
      expect(payments[0]!.recordedById).not.toBeNull();
      expect((await orderRow(order.id)).paymentStatus).toBe("PAID");
      expect((await sessionRow(session.id)).status).toBe("PAID");
      // the customer's return again: paid, nothing more
      expect((await returnOf(paid.url, paid.fields)).location).toBe(`/dashboard/orders/${order.id}?payment=paid`);
      expect(await paymentsOf(order.id)).toHaveLength(1);
    });

    it("refunding sends it back whole through SSLCommerz and records nothing; an accept meanwhile loses", async () => {
      const { order, paid, session, adminCookie } = await heldPayment();
      const [refunded, accepted] = await Promise.all([
        decide(adminCookie, { intent: "refund", sessionId: session.id, confirmed: "yes" }),
        decide(adminCookie, { intent: "accept", sessionId: session.id, confirmed: "yes" }),
      ]);
      const payments = await paymentsOf(order.id);
      if (refunded.data.done === "refunded") {
        // the refund won: nothing recorded, the whole taka back at the gateway
        expect(accepted.data.error).toBe("This payment is refunded already.");
        expect(payments).toHaveLength(0);
        expect(paid.transaction.refunds).toHaveLength(1);
        expect(paid.transaction.refunds[0]!.amount).toBe(paid.transaction.amount);
        expect(refunded.data.refundId).toBe(paid.transaction.refunds[0]!.refundRefId);
        const after = await sessionRow(session.id);
        expect(after.status).toBe("REFUNDED");
        expect(after.note).toContain(paid.transaction.refunds[0]!.refundRefId);
        expect((await returnOf(paid.url, paid.fields)).location).toBe(`/dashboard/orders/${order.id}?payment=refunded`);
      } else {
        // the accept won: recorded once, never refunded
        expect(accepted.data.done).toBe("accepted");
        expect(refunded.data.error).toBe("This payment is accepted already.");
        expect(payments).toHaveLength(1);
        expect(paid.transaction.refunds).toHaveLength(0);
      }
    });

    it("a refund the gateway refuses leaves it held, with the gateway's reason", async () => {
      const { order, session, adminCookie } = await heldPayment();
      fake.setRefundMode("failed");
      try {
        const answer = await decide(adminCookie, { intent: "refund", sessionId: session.id, confirmed: "yes" });
        expect(answer.status).toBe(502);
        expect(answer.data.error).toMatch(/refused the refund: Refund is not allowed for this transaction/);
      } finally {
        fake.setRefundMode("success");
      }
      const after = await sessionRow(session.id);
      expect(after.status).toBe("REVIEW");
      expect(after.note).toMatch(/Refund not made: .*Refund is not allowed/);
      expect(await paymentsOf(order.id)).toHaveLength(0);
    });
  });

  it("a cancel at the gateway ends the session as cancelled: the customer can try again", async () => {
    const { cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    const cancelled = fake.complete(sessionKeyOf(opened.data.redirectUrl!), "cancel");
    const back = await returnOf(cancelled.url, cancelled.fields);
    expect(back.location).toBe(`/dashboard/orders/${order.id}?payment=cancelled`);
    const again = await openSession(order.id, cookie);
    expect(again.status).toBe(201);
  });

  it("refunds money that arrives over a paid balance through SSLCommerz at once", async () => {
    const { cookie, order } = await customerWithOrder();
    // two tabs: two sessions for the whole price, both paid
    const first = await openSession(order.id, cookie);
    const second = await openSession(order.id, cookie);
    const paidFirst = fake.complete(sessionKeyOf(first.data.redirectUrl!));
    const paidSecond = fake.complete(sessionKeyOf(second.data.redirectUrl!));
    await returnOf(paidFirst.url, paidFirst.fields);
    await ipnOf(paidSecond.fields);
    expect(await paymentsOf(order.id)).toHaveLength(2);
    const prisma = await db();
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountCents: order.priceCents,
      stripeRefundId: paidSecond.transaction.refunds[0]!.refundRefId,
    });
    expect(refunds[0]!.creditNoteNumber).toMatch(/^CN-/);
    expect(paidSecond.transaction.refunds[0]!.amount).toBe(paidSecond.transaction.amount);
    const row = await orderRow(order.id);
    expect(row.paidCents - row.refundedCents).toBe(order.priceCents);
  });

  it("an excess the gateway does not refund is shown to administrators with its reason and retried by the job, once", async () => {
    const { cookie, order } = await customerWithOrder();
    const first = await openSession(order.id, cookie);
    const second = await openSession(order.id, cookie);
    const paidFirst = fake.complete(sessionKeyOf(first.data.redirectUrl!));
    const paidSecond = fake.complete(sessionKeyOf(second.data.redirectUrl!));
    await returnOf(paidFirst.url, paidFirst.fields);
    fake.setRefundMode("failed");
    try {
      await returnOf(paidSecond.url, paidSecond.fields);
    } finally {
      fake.setRefundMode("success");
    }
    const prisma = await db();
    expect(await paymentsOf(order.id)).toHaveLength(2);
    expect(await prisma.refund.findMany({ where: { orderId: order.id } })).toHaveLength(0);
    const session = await prisma.paymentSession.findFirstOrThrow({ where: { id: paidSecond.transaction.tranId } });
    expect(session.refundIssue).toMatch(/refused the refund: Refund is not allowed for this transaction/);
    const admin = await createUser({ role: "ADMIN" });
    const listed = await callRoute<{ refundsNotMade: { id: string; reason: string; booking: string }[] }>(
      heldPage.loader,
      new Request(new URL("/dashboard/held-payments", ORIGIN), { headers: { Cookie: await signIn(admin.id) } }),
    );
    expect(listed.data.refundsNotMade.find((refund) => refund.id === session.id)).toMatchObject({
      booking: order.reference,
      reason: session.refundIssue,
    });

    // the job (twice at once, two instances): refunded once, the task gone
    await Promise.all([retryGatewayRefunds(), retryGatewayRefunds()]);
    await retryGatewayRefunds();
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountCents: order.priceCents,
      stripeRefundId: paidSecond.transaction.refunds.at(-1)!.refundRefId,
    });
    expect(paidSecond.transaction.refunds.filter((refund) => refund.status === "success")).toHaveLength(1);
    expect((await prisma.paymentSession.findUniqueOrThrow({ where: { id: session.id } })).refundIssue).toBeNull();
    const row = await orderRow(order.id);
    expect(row.paidCents - row.refundedCents).toBe(order.priceCents);
  });

  it("a cancellation refunds through SSLCommerz, in taka in proportion", async () => {
    const { user, cookie, order } = await customerWithOrder();
    const opened = await openSession(order.id, cookie);
    const paid = fake.complete(sessionKeyOf(opened.data.redirectUrl!));
    await returnOf(paid.url, paid.fields);
    const admin = await createUser({ role: "ADMIN" });
    const half = Math.round(order.priceCents / 2);
    await cancelBooking(order.id, { id: admin.id, isAdmin: true }, { amountCents: half, reason: "Half back as agreed" });
    expect(paid.transaction.refunds).toHaveLength(1);
    expect(Number(paid.transaction.refunds[0]!.amount)).toBeCloseTo(Number(paid.transaction.amount) / 2, 1);
    const prisma = await db();
    const [refund] = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refund).toMatchObject({ amountCents: half, stripeRefundId: paid.transaction.refunds[0]!.refundRefId });
    // the invoice and its credit note: the dollars, and the taka at the rate beside them
    const { invoice } = (await invoiceOf(order.id, { id: user.id, isAdmin: false }))!;
    const taka = Math.ceil((order.priceCents * 122) / 100);
    expect(invoice!.payments[0]!.description).toBe(`Full payment · Card · ৳${taka.toLocaleString("en-US")} at ৳122/$`);
    expect(invoice!.payments[0]!.reference).toBe(paid.transaction.bankTranId);
    expect(invoice!.creditNotes[0]!.paidBack).toBe(
      `Card · ${paid.transaction.refunds[0]!.refundRefId} · ৳${Number(paid.transaction.refunds[0]!.amount).toLocaleString("en-US", { maximumFractionDigits: 2 })}`,
    );
  });

  it("the payment page offers SSLCommerz with the taka at the rate, and its plain form sends the customer to the gateway", async () => {
    const { cookie, order } = await customerWithOrder();
    const page = await callRoute<{
      gateways: { offered: string[]; taka: { part: string; cents: number; bdtPerUsd: number }[]; unavailable: string | null };
    }>(paymentPage.loader, authedGet(`/dashboard/payment/${order.id}`, cookie), { orderId: order.id });
    expect(page.data.gateways).toEqual({
      offered: ["sslcommerz"],
      taka: [{ part: "full", cents: order.priceCents, bdtPerUsd: 122 }],
      unavailable: null,
    });
    const sent = await callRoute(
      paymentPage.action,
      authedPost(`/dashboard/payment/${order.id}`, { intent: "gateway", provider: "sslcommerz", part: "full" }, cookie),
      { orderId: order.id },
    );
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(`${fake.url}/EasyCheckOut/test`);
    const refused = await callRoute<{ gatewayError?: string }>(
      paymentPage.action,
      authedPost(`/dashboard/payment/${order.id}`, { intent: "gateway", provider: "paypal" }, cookie),
      { orderId: order.id },
    );
    expect(refused.status).toBe(400);
    expect(refused.data.gatewayError).toMatch(/^provider/);
  });

  it("refuses a provider that is not configured and names a bad provider", async () => {
    const { cookie, order } = await customerWithOrder();
    const bkash = await openSession(order.id, cookie, { provider: "bkash" });
    expect(bkash.status).toBe(503);
    const bad = await openSession(order.id, cookie, { provider: "paypal" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toMatch(/provider/);
    const anonymous = await openSession(order.id, null);
    expect(anonymous.status).toBe(401);
  });
});
