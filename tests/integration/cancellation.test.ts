// Cancelling bookings with refunds, end to end on the server against the Stripe fake: the
// customer's and the admin's cancellation, refusals that change nothing, retries that refund once,
// a departure's cancellation, refunds made in Stripe's dashboard (charge.refunded), late payments
// of expired bookings, deletes, and the API call.
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatCalendarDate } from "~/platform/dates";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_tests";
process.env.STRIPE_API_BASE = fake.url;
process.env.CONTACT_TO = "agency@example.com";
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
// The first query creates, migrates and seeds this file's database: slow on a busy machine.
beforeAll(() => db(), 180_000);
const { cancelBooking, cancelDeparture, CancellationError } = await import("~/booking/cancelling/cancellation.server");
const { confirmPayment, openPaymentIntent } = await import("~/booking/index.server");
const { deleteBooking } = await import("~/booking/placing/booking-placement.server");
const webhook = await import("~/routes/webhooks.stripe");
const cancelApi = await import("~/routes/api.my-orders.$id.cancel");
const { createUser, signIn } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays, paidIntentFor } = await import("../support/bookings");
const { ORIGIN } = await import("../support/requests");

async function customer() {
  return createUser();
}

/** A confirmed (paid) booking `days` before departure: package, departure, order and intent. */
async function paidBooking({
  days = 30,
  costCents = 45_000,
  quantity = 2,
  seats = 10,
  policy,
}: {
  days?: number;
  costCents?: number;
  quantity?: number;
  seats?: number;
  policy?: { minDays: number; percent: number }[];
} = {}) {
  const user = await customer();
  const tourPackage = await createPackage(costCents, policy);
  const departure = await createDeparture(tourPackage.id, inDays(days), seats);
  const order = await bookDeparture(user, departure, quantity);
  const intentId = await paidIntentFor(fake, order);
  expect(await confirmPayment(order.id, intentId)).toBe(true);
  return { user, tourPackage, departure, order, intentId };
}

async function state(orderId: string) {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { refunds: true, statusChanges: { orderBy: { createdAt: "asc" } }, departure: true, payments: true },
  });
  return order;
}

async function emailsTo(to: string, subject: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to, subject: { startsWith: subject } } });
}

beforeEach(() => {
  fake.requests.length = 0;
});

describe("paying a booking", () => {
  it("confirms it in the same transaction, with history and a receipt naming reference, date, persons and total", async () => {
    const { order, user, departure } = await paidBooking({ days: 20, quantity: 3 });
    const stored = await state(order.id);
    expect(stored).toMatchObject({ paymentStatus: "PAID", bookingStatus: "CONFIRMED" });
    expect(stored.statusChanges.map((change) => [change.fromStatus, change.toStatus])).toEqual([
      [null, "PENDING"],
      ["PENDING", "CONFIRMED"],
    ]);
    expect(stored.departure!.seatsTaken).toBe(3);
    const [receipt] = await emailsTo(user.email, "Payment received");
    expect(receipt.subject).toMatch(new RegExp(`\\[${stored.reference}\\]$`));
    expect(receipt.text).toContain(`Booking reference: ${stored.reference}`);
    expect(receipt.text).toContain(`Departure date: ${formatCalendarDate(departure.startDate)}`);
    expect(receipt.text).toContain("Travellers: 3 persons");
    expect(receipt.text).toContain("Total: $1,350");
    expect(receipt.text).toContain(
      `Your voucher (show it at the meeting point): http://localhost:3000/dashboard/orders/${order.id}/voucher`,
    );
  });

  it("refuses to start paying an expired or cancelled booking", async () => {
    const user = await customer();
    const tourPackage = await createPackage();
    const departure = await createDeparture(tourPackage.id, inDays(30));
    const order = await bookDeparture(user, departure);
    const prisma = await db();
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "EXPIRED" } });
    await expect(openPaymentIntent(order.id, user.id)).rejects.toMatchObject({
      code: "closed",
      message: expect.stringContaining("expired"),
    });
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CANCELLED" } });
    await expect(openPaymentIntent(order.id, user.id)).rejects.toMatchObject({
      code: "closed",
      message: expect.stringContaining("cancelled"),
    });
    expect(fake.requests.filter((request) => request.path === "/v1/payment_intents")).toHaveLength(0);
  });
});

describe("a late payment of an expired booking", () => {
  async function expiredBooking(seats: number) {
    const user = await customer();
    const tourPackage = await createPackage(20_000);
    const departure = await createDeparture(tourPackage.id, inDays(30), seats);
    const order = await bookDeparture(user, departure, 2);
    const intentId = await paidIntentFor(fake, order);
    // The expiry sweep: the hold ended, the seats went back.
    const prisma = await db();
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "EXPIRED" } });
    await prisma.departure.update({ where: { id: departure.id }, data: { seatsTaken: 0 } });
    return { user, departure, order, intentId };
  }

  it("takes the seats again when they are still free, and confirms it", async () => {
    const { order, intentId } = await expiredBooking(5);
    expect(await confirmPayment(order.id, intentId)).toBe(true);
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", refundedCents: 0 });
    expect(stored.departure!.seatsTaken).toBe(2);
    expect(stored.statusChanges.at(-1)).toMatchObject({ fromStatus: "EXPIRED", toStatus: "CONFIRMED" });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(0);
  });

  it("records the payment, refunds it in full at once and cancels the booking when the seats are gone", async () => {
    const { user, departure, order, intentId } = await expiredBooking(3);
    const prisma = await db();
    await prisma.departure.update({ where: { id: departure.id }, data: { seatsTaken: 2 } });
    expect(await confirmPayment(order.id, intentId)).toBe(true);
    const stored = await state(order.id);
    expect(stored.payments).toMatchObject([{ amountCents: 40_000, transaction: intentId, kind: "FULL", method: "CARD" }]);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED", paymentStatus: "PAID", refundedCents: 40_000 });
    expect(stored.refunds).toHaveLength(1);
    expect(stored.departure!.seatsTaken).toBe(2);
    expect(stored.statusChanges.at(-1)).toMatchObject({
      fromStatus: "EXPIRED",
      toStatus: "CANCELLED",
      reason: expect.stringContaining("refunded in full"),
    });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount)).toEqual([40_000]);
    expect(await emailsTo(user.email, "Payment refunded")).toHaveLength(1);
    expect(await emailsTo(user.email, "Payment received")).toHaveLength(0);
    // The webhook's delivery of the same payment changes nothing.
    expect(await confirmPayment(order.id, intentId)).toBe(false);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
  });

  it("keeps the payment and retries the refund when Stripe could not make it", async () => {
    const { departure, order, intentId } = await expiredBooking(2);
    const prisma = await db();
    await prisma.departure.update({ where: { id: departure.id }, data: { seatsTaken: 2 } });
    fake.failNextRefund({ status: 400, error: { type: "invalid_request_error", message: "Refunds are paused" } });
    await expect(confirmPayment(order.id, intentId)).rejects.toMatchObject({ code: "provider" });
    expect(await state(order.id)).toMatchObject({ paymentStatus: "PAID", bookingStatus: "EXPIRED", refundedCents: 0 });
    // The webhook delivers the payment again.
    expect(await confirmPayment(order.id, intentId)).toBe(false);
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 40_000 });
  });
});

describe("a customer's cancellation", () => {
  it("refunds everything 14 days or more before departure, releases the seats and emails the customer and the agency", async () => {
    const { user, order, intentId, departure } = await paidBooking({ days: 14, quantity: 2 });
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(outcome).toEqual({ status: "cancelled", refund: { cents: 90_000, refundId: expect.stringMatching(/^re_/) } });
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 90_000 });
    expect(stored.refunds).toEqual([
      expect.objectContaining({ amountCents: 90_000, stripeRefundId: outcome.refund!.refundId, byUserId: user.id }),
    ]);
    expect(stored.statusChanges.at(-1)).toMatchObject({ fromStatus: "CONFIRMED", toStatus: "CANCELLED", byUserId: user.id });
    expect(stored.departure!.seatsTaken).toBe(0);
    expect(fake.refunds.find((refund) => refund.id === outcome.refund!.refundId)).toMatchObject({
      amount: 90_000,
      payment_intent: intentId,
    });
    expect(fake.requests.find((request) => request.path === "/v1/refunds")?.idempotencyKey).toBe(
      `order-${order.id}-cancel-refund-${intentId}`,
    );
    const [email] = await emailsTo(user.email, "Booking cancelled");
    expect(email.text).toContain("Refund: $900");
    expect(email.text).toContain(`Departure date: ${formatCalendarDate(departure.startDate)}`);
    expect(await emailsTo("agency@example.com", `Cancelled: order ${order.id}`)).toHaveLength(1);
  });

  it("refunds the policy's share in exact cents, rounded down, and nothing in the last days", async () => {
    const half = await paidBooking({ days: 10, costCents: 12_345, quantity: 1 });
    expect((await cancelBooking(half.order.id, { id: half.user.id, isAdmin: false })).refund?.cents).toBe(6_172);
    const own = await paidBooking({ days: 3, costCents: 10_001, quantity: 1, policy: [{ minDays: 2, percent: 33 }] });
    expect((await cancelBooking(own.order.id, { id: own.user.id, isAdmin: false })).refund?.cents).toBe(3_300);
    const late = await paidBooking({ days: 6, quantity: 1 });
    const requests = fake.requests.length;
    expect(await cancelBooking(late.order.id, { id: late.user.id, isAdmin: false })).toEqual({
      status: "cancelled",
      refund: null,
    });
    expect(fake.requests.slice(requests).filter((request) => request.path === "/v1/refunds")).toHaveLength(0);
    expect(await state(late.order.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 0 });
  });

  it("cancels a pending (unpaid) booking without refund and releases its seats", async () => {
    const user = await customer();
    const tourPackage = await createPackage();
    const departure = await createDeparture(tourPackage.id, inDays(20), 4);
    const order = await bookDeparture(user, departure, 3);
    expect(await cancelBooking(order.id, { id: user.id, isAdmin: false })).toEqual({ status: "cancelled", refund: null });
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED" });
    expect(stored.departure!.seatsTaken).toBe(0);
    expect(fake.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(0);
  });

  it("changes nothing when refused: someone else's booking, an amount, after departure, twice", async () => {
    const { user, order } = await paidBooking({ days: 20 });
    const stranger = await customer();
    await expect(cancelBooking(order.id, { id: stranger.id, isAdmin: false })).rejects.toMatchObject({ code: "not-found" });
    await expect(cancelBooking(order.id, { id: user.id, isAdmin: false }, { amountCents: 100 })).rejects.toMatchObject({
      code: "forbidden",
    });
    const prisma = await db();
    await prisma.departure.update({ where: { id: order.departureId! }, data: { startDate: new Date(inDays(0)) } });
    await prisma.order.update({ where: { id: order.id }, data: { travelDate: new Date(inDays(0)) } });
    await expect(cancelBooking(order.id, { id: user.id, isAdmin: false })).rejects.toMatchObject({
      code: "not-cancellable",
      message: expect.stringContaining("departure date has passed"),
    });
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CONFIRMED", refundedCents: 0 });
    expect(stored.departure!.seatsTaken).toBe(2);
    expect(fake.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(0);
    // An admin still can (on the day: no refund by the policy); then nobody can cancel it again.
    const admin = await createUser({ role: "ADMIN" });
    expect(await cancelBooking(order.id, { id: admin.id, isAdmin: true })).toEqual({ status: "cancelled", refund: null });
    await expect(cancelBooking(order.id, { id: admin.id, isAdmin: true })).rejects.toMatchObject({
      code: "not-cancellable",
      message: "This booking is already cancelled.",
    });
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 0 });
  });

  it("leaves the booking as it was when Stripe refuses the refund", async () => {
    const { user, order } = await paidBooking({ days: 20 });
    fake.failNextRefund({
      status: 400,
      error: { type: "invalid_request_error", code: "charge_disputed", message: "This charge is disputed" },
    });
    const error = await cancelBooking(order.id, { id: user.id, isAdmin: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CancellationError);
    expect(error).toMatchObject({ code: "provider", message: expect.stringContaining("This charge is disputed") });
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CONFIRMED", refundedCents: 0 });
    expect(stored.refunds).toHaveLength(0);
    expect(stored.departure!.seatsTaken).toBe(2);
    expect(await emailsTo(user.email, "Booking cancelled")).toHaveLength(0);
  });

  it("refunds once when the answer was lost on the network and the cancellation is tried again", async () => {
    const { user, order, intentId } = await paidBooking({ days: 20 });
    // Both the call and the SDK's own retry lose their answers: Stripe refunded, we do not know it.
    fake.dropAnswers(2);
    await expect(cancelBooking(order.id, { id: user.id, isAdmin: false })).rejects.toMatchObject({ code: "provider" });
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CONFIRMED", refundedCents: 0 });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    // The customer tries again: the same key gets Stripe's first refund back.
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    expect(outcome.refund?.refundId).toBe(fake.refunds.find((refund) => refund.payment_intent === intentId)!.id);
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 90_000 });
  });

  it("refunds once when one answer is lost and the SDK retries by itself", async () => {
    const { user, order, intentId } = await paidBooking({ days: 20 });
    fake.dropAnswers(1);
    const outcome = await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(outcome.refund?.cents).toBe(90_000);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
  });

  it("refunds once when the customer clicks twice at the same moment", async () => {
    const { user, order, intentId } = await paidBooking({ days: 20 });
    const results = await Promise.allSettled([
      cancelBooking(order.id, { id: user.id, isAdmin: false }),
      cancelBooking(order.id, { id: user.id, isAdmin: false }),
    ]);
    expect(results.some((result) => result.status === "fulfilled")).toBe(true);
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 90_000 });
    expect(stored.statusChanges.filter((change) => change.toStatus === "CANCELLED")).toHaveLength(1);
    expect(stored.departure!.seatsTaken).toBe(0);
  });
});

describe("an admin's cancellation", () => {
  it("refunds the amount the admin chooses, never more than what is left", async () => {
    const { user, order } = await paidBooking({ days: 3 });
    const admin = await createUser({ role: "ADMIN" });
    await expect(cancelBooking(order.id, { id: admin.id, isAdmin: true }, { amountCents: 90_001 })).rejects.toMatchObject({
      code: "amount",
      message: "The refund can be at most $900 (what was paid, less what was refunded already).",
    });
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CONFIRMED", refundedCents: 0 });
    const outcome = await cancelBooking(
      order.id,
      { id: admin.id, isAdmin: true },
      { amountCents: 12_345, reason: "Flood warning" },
    );
    expect(outcome.refund?.cents).toBe(12_345);
    const stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 12_345 });
    expect(stored.statusChanges.at(-1)).toMatchObject({ byUserId: admin.id, reason: "Flood warning" });
    const [email] = await emailsTo(user.email, "Booking cancelled");
    expect(email.text).toContain("Reason: Flood warning");
    expect(email.text).toContain("Refund: $123.45");
  });

  it("deletes an unpaid order as a cancellation that gives the seats back, and cancels a paid one instead of deleting it", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const user = await customer();
    const tourPackage = await createPackage();
    const departure = await createDeparture(tourPackage.id, inDays(20), 5);
    const unpaid = await bookDeparture(user, departure, 2);
    expect(await deleteBooking(unpaid.id, { id: user.id, isAdmin: false })).toEqual({ deletedCount: 1, cancellation: null });
    const deleted = await state(unpaid.id);
    expect(deleted).toMatchObject({ bookingStatus: "CANCELLED", deletedAt: expect.any(Date) });
    expect(deleted.departure!.seatsTaken).toBe(0);

    const { order } = await paidBooking({ days: 10 });
    await expect(deleteBooking(order.id, { id: order.userId, isAdmin: false })).rejects.toMatchObject({
      code: "paid",
      message: "A paid order cannot be deleted. Please contact us to cancel it.",
    });
    const outcome = await deleteBooking(order.id, { id: admin.id, isAdmin: true });
    expect(outcome).toEqual({
      deletedCount: 0,
      cancellation: { status: "cancelled", refund: { cents: 45_000, refundId: expect.any(String) } },
    });
    expect(await state(order.id)).toMatchObject({ bookingStatus: "CANCELLED", deletedAt: null, refundedCents: 45_000 });
  });
});

describe("cancelling a departure", () => {
  it("cancels and fully refunds every booking, emails each customer, and is safe to run again after an interruption", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const tourPackage = await createPackage(10_000);
    const departure = await createDeparture(tourPackage.id, inDays(3), 10);
    const bookings = [];
    for (let i = 0; i < 3; i++) {
      const user = await customer();
      const order = await bookDeparture(user, departure, 2);
      const intentId = await paidIntentFor(fake, order);
      await confirmPayment(order.id, intentId);
      bookings.push({ user, order, intentId });
    }
    const pendingUser = await customer();
    const pending = await bookDeparture(pendingUser, departure, 1);
    // One booking was partly refunded already (in Stripe's dashboard, recorded by the webhook).
    fake.refund(bookings[0].intentId, 5_000);
    const prisma = await db();
    await prisma.refund.create({
      data: { orderId: bookings[0].order.id, amountCents: 5_000, stripeRefundId: fake.refunds.at(-1)!.id },
    });
    await prisma.order.update({ where: { id: bookings[0].order.id }, data: { refundedCents: 5_000 } });

    // Interrupted: the first booking's refund fails (the SDK itself retries a 500, so a refusal).
    fake.failNextRefund({ status: 400, error: { type: "invalid_request_error", message: "Try later" } });
    await expect(cancelDeparture({ departureId: departure.id, byUserId: admin.id })).rejects.toMatchObject({
      message: expect.stringContaining("1 of its bookings could not be refunded"),
    });
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).status).toBe("CANCELLED");
    expect(await state(bookings[0].order.id)).toMatchObject({ bookingStatus: "CONFIRMED" });

    await cancelDeparture({ departureId: departure.id, byUserId: admin.id });
    await cancelDeparture({ departureId: departure.id, byUserId: admin.id });
    for (const { user, order, intentId } of bookings) {
      expect(await state(order.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 20_000 });
      expect(
        fake.refunds.filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0),
      ).toBe(20_000);
      const emails = await emailsTo(user.email, "Departure cancelled");
      expect(emails).toHaveLength(1);
    }
    expect(await state(pending.id)).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 0 });
    expect(await emailsTo(pendingUser.email, "Departure cancelled")).toHaveLength(1);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(0);
  });
});

describe("the charge.refunded webhook", () => {
  function signed(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    return new Request(new URL("/webhooks/stripe", ORIGIN), {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    });
  }
  const deliver = async (event: Record<string, unknown>) =>
    (await webhook.action({ request: signed(event), params: {}, context: {} })).status;

  it("records each dashboard refund once; a whole refund cancels the confirmed booking and releases its seats", async () => {
    const { user, order, intentId } = await paidBooking({ days: 20 });
    const first = fake.refund(intentId, 10_000);
    const event = fake.chargeRefundedEvent(intentId);
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    let stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CONFIRMED", refundedCents: 10_000 });
    expect(stored.refunds.map((refund) => refund.stripeRefundId)).toEqual([first.id]);
    expect(await emailsTo(user.email, "Refund:")).toHaveLength(1);

    fake.refund(intentId);
    expect(await deliver(fake.chargeRefundedEvent(intentId))).toBe(200);
    stored = await state(order.id);
    expect(stored).toMatchObject({ bookingStatus: "CANCELLED", refundedCents: 90_000 });
    expect(stored.refunds).toHaveLength(2);
    expect(stored.departure!.seatsTaken).toBe(0);
    expect(stored.statusChanges.at(-1)).toMatchObject({ fromStatus: "CONFIRMED", toStatus: "CANCELLED", byUserId: null });
    expect(await emailsTo(user.email, "Booking cancelled")).toHaveLength(1);
  });

  it("ignores a refund of a charge it does not know", async () => {
    const intent = await fetch(`${fake.url}/v1/payment_intents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: "1000", currency: "usd" }),
    }).then((response) => response.json() as Promise<{ id: string }>);
    fake.succeed(intent.id);
    fake.refund(intent.id);
    expect(await deliver(fake.chargeRefundedEvent(intent.id))).toBe(200);
  });
});

describe("POST /api/my-orders/{id}/cancel", () => {
  async function call(orderId: string, cookie: string, body?: unknown) {
    const response = await cancelApi.action({
      request: new Request(new URL(`/api/my-orders/${orderId}/cancel`, ORIGIN), {
        method: "POST",
        headers: { Cookie: cookie, Origin: ORIGIN, ...(body ? { "Content-Type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
      params: { id: orderId },
      context: {},
    });
    return { status: response.status, body: await response.json() };
  }

  it("cancels for the owner with the policy refund, in dollars with Stripe's refund id", async () => {
    const { user, order } = await paidBooking({ days: 9, costCents: 12_345, quantity: 1 });
    const stranger = await signIn((await customer()).id);
    expect(await call(order.id, stranger)).toEqual({ status: 404, body: { error: "No such order." } });
    const owner = await signIn(user.id);
    expect(await call(order.id, owner, { amount: 1 })).toMatchObject({ status: 403 });
    const { status, body } = await call(order.id, owner);
    expect(status).toBe(200);
    expect(body).toEqual({ status: "cancelled", refund: { amount: 61.72, transaction: expect.stringMatching(/^re_/) } });
    expect(await call(order.id, owner)).toEqual({ status: 409, body: { error: "This booking is already cancelled." } });
  });

  it("lets an admin choose the amount, and refuses one above what can be refunded", async () => {
    const { order } = await paidBooking({ days: 30, quantity: 1 });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    expect(await call(order.id, admin, { amount: 450.01 })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("at most $450") },
    });
    expect(await call(order.id, admin, { amount: 1.005 })).toMatchObject({ status: 400 });
    // less than what can be refunded: it says why
    expect(await call(order.id, admin, { amount: 100.5 })).toMatchObject({
      status: 400,
      body: { error: "Please give the reason for a partial refund." },
    });
    expect(await call(order.id, admin, { amount: 100.5, reason: "Agreed with the customer" })).toMatchObject({
      status: 200,
      body: { refund: { amount: 100.5 } },
    });
    expect(await state(order.id)).toMatchObject({ refundedCents: 10_050 });
  });
});
