// Refunds across a booking's payments, against the Stripe fake: the policy refund is computed on
// what was paid; card payments go back through the provider, the latest first, split across
// payments when one is not enough; what was paid offline the agency pays back and records with a
// reference; never more than was paid; a partial refund says why; each refund has its credit note.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_tests";
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { cancelBooking, CancellationError, recordOfflineRefund } = await import("~/booking/cancelling/cancellation.server");
const { listOfflineRefundsOwed } = await import("~/booking/cancelling/cancellation-store.server");
const { recordPaymentNow } = await import("~/booking/core/booking-payments-store.server");
const { agencyToday } = await import("~/platform/dates");
const { createUser } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays, paidIntentFor } = await import("../support/bookings");

const admin = { id: "", isAdmin: true };
beforeAll(async () => {
  admin.id = (await createUser({ role: "ADMIN" })).id;
});

type Paid = { cents: number; method: "CARD" | "BKASH" | "NAGAD" | "CASH"; minutesAgo: number };

/** A booking of 2 × $450 `days` before departure, paid in these payments (card ones at the fake). */
async function bookingPaidWith(days: number, payments: Paid[]) {
  const user = await createUser();
  const tourPackage = await createPackage(45_000);
  const departure = await createDeparture(tourPackage.id, inDays(days), 10);
  const order = await bookDeparture(user, departure, 2);
  const intents: string[] = [];
  for (const [index, payment] of payments.entries()) {
    const transaction =
      payment.method === "CARD" ? await paidIntentFor(fake, { ...order, priceCents: payment.cents }) : undefined;
    if (transaction) intents.push(transaction);
    await recordPaymentNow(
      {
        orderId: order.id,
        amountCents: payment.cents,
        currency: "usd",
        method: payment.method,
        created: new Date(Date.now() - payment.minutesAgo * 60_000),
        ...(transaction ? { transaction, last4: "4242" } : { reference: `OFF-${order.id}-${index}` }),
        recordedById: transaction ? null : admin.id,
      },
      agencyToday(),
      () => null,
    );
  }
  return { user, order, intents };
}

async function refundsOf(orderId: string) {
  const prisma = await db();
  return prisma.refund.findMany({ where: { orderId }, orderBy: { amountCents: "desc" }, include: { payment: true } });
}

const atFake = (intentId: string) =>
  fake.refunds.filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);

describe("card refunds across payments", () => {
  it("refund the latest card payment first and split across payments when it is not enough", async () => {
    // deposit $300 an hour ago, balance $600 now: cancelling 30 days before refunds all $900
    const { order, user, intents } = await bookingPaidWith(30, [
      { cents: 30_000, method: "CARD", minutesAgo: 60 },
      { cents: 60_000, method: "CARD", minutesAgo: 1 },
    ]);
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(outcome.refund?.cents).toBe(90_000);
    expect(outcome.offlineCents).toBeUndefined();
    expect(atFake(intents[1])).toBe(60_000);
    expect(atFake(intents[0])).toBe(30_000);
    const refunds = await refundsOf(order.id);
    expect(refunds.map((refund) => [refund.amountCents, refund.payment?.transaction, refund.method])).toEqual([
      [60_000, intents[1], "CARD"],
      [30_000, intents[0], "CARD"],
    ]);
    expect(new Set(refunds.map((refund) => refund.creditNoteNumber)).size).toBe(2);
    expect(refunds.every((refund) => /^CN-\d{4}-\d{6}$/.test(refund.creditNoteNumber!))).toBe(true);
    const prisma = await db();
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      bookingStatus: "CANCELLED",
      refundedCents: 90_000,
    });
  });

  it("compute the policy's refund on what was paid: half of a $300 deposit 10 days before", async () => {
    const { order, user, intents } = await bookingPaidWith(10, [{ cents: 30_000, method: "CARD", minutesAgo: 5 }]);
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(outcome.refund?.cents).toBe(15_000);
    expect(atFake(intents[0])).toBe(15_000);
  });

  it("refuse more than was paid, and an amount the agency chose below it without a reason, changing nothing", async () => {
    const { order } = await bookingPaidWith(30, [{ cents: 30_000, method: "CARD", minutesAgo: 5 }]);
    await expect(cancelBooking(order.id, admin, { amountCents: 30_001, reason: "Too much" })).rejects.toMatchObject({
      code: "amount",
    });
    await expect(cancelBooking(order.id, admin, { amountCents: 10_000 })).rejects.toThrow(
      "Please give the reason for a partial refund.",
    );
    expect(await refundsOf(order.id)).toEqual([]);
    const outcome = await cancelBooking(order.id, admin, { amountCents: 10_000, reason: "Agreed on the phone" });
    expect(outcome.refund?.cents).toBe(10_000);
  });
});

describe("offline refunds", () => {
  it("leave what was paid offline to the agency, which records it with its reference and credit note, once", async () => {
    const { order, user, intents } = await bookingPaidWith(30, [
      { cents: 30_000, method: "BKASH", minutesAgo: 60 },
      { cents: 60_000, method: "CARD", minutesAgo: 1 },
    ]);
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(outcome.refund?.cents).toBe(60_000);
    expect(outcome.offlineCents).toBe(30_000);
    expect(atFake(intents[0])).toBe(60_000);
    // What the agency owes back offline is kept on the booking, listed, and told to both sides.
    const owed = async () => (await (await db()).order.findUniqueOrThrow({ where: { id: order.id } })).offlineRefundOwedCents;
    const listed = async () => (await listOfflineRefundsOwed()).find((row) => row.id === order.id)?.offlineRefundOwedCents;
    expect(await owed()).toBe(30_000);
    expect(await listed()).toBe(30_000);
    const emailOf = async (subject: string) =>
      (await (await db()).outboxEmail.findFirst({ where: { subject: { startsWith: subject, contains: order.reference } } }))
        ?.text;
    expect(await emailOf("Booking cancelled:")).toContain(
      "Refund of what you paid by bKash, Nagad, bank transfer or cash: $300.",
    );
    expect(await emailOf("Cancelled: order")).toContain("To pay back offline: $300 of what was paid");

    await expect(
      recordOfflineRefund(
        order.id,
        { id: user.id, isAdmin: false },
        { amountCents: 30_000, method: "bkash", reference: "8N7A6B5C4D" },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      recordOfflineRefund(order.id, admin, { amountCents: 30_001, method: "bkash", reference: "8N7A6B5C4D" }),
    ).rejects.toMatchObject({ code: "amount" });
    await expect(
      recordOfflineRefund(order.id, admin, { amountCents: 20_000, method: "bkash", reference: "8N7A6B5C4D" }),
    ).rejects.toMatchObject({ code: "reason" });
    expect(await refundsOf(order.id)).toHaveLength(1);

    const recorded = await recordOfflineRefund(order.id, admin, {
      amountCents: 30_000,
      method: "bkash",
      reference: "8N7A6B5C4D",
    });
    expect(recorded).toMatchObject({ status: "recorded", creditNoteNumber: expect.stringMatching(/^CN-\d{4}-\d{6}$/) });
    expect(await recordOfflineRefund(order.id, admin, { amountCents: 30_000, method: "bkash", reference: "8N7A6B5C4D" })).toEqual(
      { status: "duplicate" },
    );
    const refunds = await refundsOf(order.id);
    expect(refunds.map((refund) => [refund.amountCents, refund.method, refund.reference, refund.stripeRefundId])).toEqual([
      [60_000, "CARD", null, expect.stringMatching(/^re_/)],
      [30_000, "BKASH", "8N7A6B5C4D", null],
    ]);
    const prisma = await db();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedCents).toBe(90_000);
    expect(await owed()).toBe(0);
    expect(await listed()).toBeUndefined();
    await expect(
      recordOfflineRefund(order.id, admin, { amountCents: 1, method: "cash", reference: "R-2" }),
    ).rejects.toMatchObject({ code: "amount" });
    const email = await prisma.outboxEmail.findFirst({ where: { text: { contains: "8N7A6B5C4D" } } });
    expect(email?.text).toContain(`by bKash (reference 8N7A6B5C4D)`);
  });

  it("never pay back together more than was paid offline, even when recorded at once", async () => {
    const { order } = await bookingPaidWith(30, [{ cents: 30_000, method: "CASH", minutesAgo: 5 }]);
    const results = await Promise.allSettled(
      ["C-1", "C-2", "C-3"].map((reference) =>
        recordOfflineRefund(order.id, admin, { amountCents: 20_000, method: "cash", reference, reason: "Part of it" }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(
      results
        .filter((result): result is PromiseRejectedResult => result.status === "rejected")
        .every((result) => result.reason instanceof CancellationError),
    ).toBe(true);
    expect((await refundsOf(order.id)).reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(20_000);
  });
});

describe("the order page's Record a refund paid back form", () => {
  it("records an admin's offline refund, names each field's problem, and is not there for the customer", async () => {
    const orderPage = await import("~/routes/dashboard.orders.$id");
    const { authedGet, authedPost, signIn } = await import("../support/auth");
    const { callRoute } = await import("../support/requests");
    const { order, user } = await bookingPaidWith(30, [{ cents: 30_000, method: "NAGAD", minutesAgo: 5 }]);
    const adminCookie = await signIn(admin.id);
    const path = `/dashboard/orders/${order.id}`;
    const page = await callRoute<{ offlineRefundableCents: number }>(orderPage.loader, authedGet(path, adminCookie), {
      id: order.id,
    });
    expect(page.data.offlineRefundableCents).toBe(30_000);
    const customerPage = await callRoute<{ offlineRefundableCents: number }>(
      orderPage.loader,
      authedGet(path, await signIn(user.id)),
      {
        id: order.id,
      },
    );
    expect(customerPage.data.offlineRefundableCents).toBe(0);

    const post = (fields: Record<string, string>, cookie = adminCookie) =>
      callRoute<{ done?: string; offlineRefund?: { fieldErrors: Record<string, string> } }>(
        orderPage.action,
        authedPost(path, { intent: "record-refund", ...fields }, cookie),
        { id: order.id },
      );
    const missing = await post({ amount: "300", method: "nagad", reference: "" });
    expect(missing.status).toBe(400);
    expect(missing.data.offlineRefund?.fieldErrors.reference).toBe(
      "Please enter the reference (transaction ID or receipt number).",
    );
    const partial = await post({ amount: "100", method: "nagad", reference: "NG-1" });
    expect(partial.status).toBe(400);
    expect(partial.data.offlineRefund?.fieldErrors.reason).toBe("Please give the reason for a partial refund.");
    expect((await post({ amount: "300", method: "nagad", reference: "NG-1" }, await signIn(user.id))).status).toBe(403);
    expect(await refundsOf(order.id)).toEqual([]);
    const done = await post({ amount: "300", method: "nagad", reference: "NG-1" });
    expect(done.status).toBe(200);
    expect(done.data.done).toMatch(/^The refund of \$300 by Nagad is recorded \(credit note CN-\d{4}-\d{6}\)\.$/);
  });
});

describe("the payment claims page's Refunds owed", () => {
  it("lists, for administrators only, each cancelled booking whose offline payment the agency still owes back", async () => {
    const claimsPage = await import("~/routes/dashboard.payment-claims");
    const orderPage = await import("~/routes/dashboard.orders.$id");
    const { authedGet, signIn } = await import("../support/auth");
    const { callRoute } = await import("../support/requests");
    const { order, user } = await bookingPaidWith(30, [{ cents: 30_000, method: "CASH", minutesAgo: 5 }]);
    await cancelBooking(order.id, { id: user.id, isAdmin: false });
    const adminCookie = await signIn(admin.id);
    type Owed = { owed: { orderId: string; booking: string; amount: string }[] };
    const owedList = async () =>
      (await callRoute<Owed>(claimsPage.loader, authedGet("/dashboard/payment-claims?status=owed", adminCookie), {})).data.owed;
    expect((await owedList()).find((row) => row.orderId === order.id)).toMatchObject({
      booking: order.reference,
      amount: "$300",
    });
    const page = await callRoute<{ offlineRefundOwedCents: number }>(
      orderPage.loader,
      authedGet(`/dashboard/orders/${order.id}`, adminCookie),
      { id: order.id },
    );
    expect(page.data.offlineRefundOwedCents).toBe(30_000);
    const asCustomer = await callRoute(
      claimsPage.loader,
      authedGet("/dashboard/payment-claims?status=owed", await signIn(user.id)),
      {},
    );
    expect(asCustomer.status).toBe(302); // a customer is sent away, as from every admin page

    await recordOfflineRefund(order.id, admin, { amountCents: 30_000, method: "cash", reference: `CASH-${order.id}` });
    expect((await owedList()).find((row) => row.orderId === order.id)).toBeUndefined();
  });
});
