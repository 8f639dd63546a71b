// Invoice and credit-note numbers given where the money moves, against the Stripe fake: a booking's
// payment numbers its invoice in the payment's transaction (once, however often it is confirmed),
// each refund numbers its credit note in its own (once, whether our call or the webhook records it
// first), and the numbers of the year run 1..N without a gap, concurrent payments included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyToday } from "~/platform/dates";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_tests";
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { cancelBooking } = await import("~/booking/cancelling/cancellation.server");
const { confirmPayment, handlePaymentEvent } = await import("~/booking/paying/booking-payments.server");
const { createUser } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays, paidIntentFor } = await import("../support/bookings");

const YEAR = agencyToday().slice(0, 4);

async function paidBooking(days = 30) {
  const user = await createUser();
  const tourPackage = await createPackage(45_000);
  const departure = await createDeparture(tourPackage.id, inDays(days), 10);
  const order = await bookDeparture(user, departure, 2);
  const intentId = await paidIntentFor(fake, order);
  return { user, order, intentId };
}

async function orderOf(id: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({ where: { id }, include: { refunds: true } });
}

/** Every number of the kind given this year, as serials in order. */
async function serials(kind: "INV" | "CN") {
  const prisma = await db();
  const numbers =
    kind === "INV"
      ? (await prisma.order.findMany({ where: { invoiceNumber: { startsWith: `INV-${YEAR}-` } } })).map((o) => o.invoiceNumber!)
      : (await prisma.refund.findMany({ where: { creditNoteNumber: { startsWith: `CN-${YEAR}-` } } })).map(
          (r) => r.creditNoteNumber!,
        );
  return numbers.map((number) => Number(number.slice(-6))).sort((a, b) => a - b);
}

const oneToN = (values: number[]) => Array.from({ length: values.length }, (_, i) => i + 1);

describe("invoice numbers", () => {
  it("are given by the booking's payment, once, however often it is confirmed", async () => {
    const { order, intentId } = await paidBooking();
    expect(await confirmPayment(order.id, intentId)).toBe(true);
    const { invoiceNumber, invoicedAt } = await orderOf(order.id);
    expect(invoiceNumber).toMatch(new RegExp(`^INV-${YEAR}-\\d{6}$`));
    expect(invoicedAt).not.toBeNull();
    // The webhook delivers the same payment again: nothing new, the same number.
    await handlePaymentEvent({ id: "evt_again", meaning: { kind: "succeeded", orderId: order.id, paymentIntentId: intentId } });
    expect((await orderOf(order.id)).invoiceNumber).toBe(invoiceNumber);
    expect(await serials("INV")).toEqual(oneToN(await serials("INV")));
  });

  it("run 1..N without a gap when 20 bookings are paid at once", async () => {
    const bookings = [];
    for (let i = 0; i < 20; i++) bookings.push(await paidBooking());
    const before = (await serials("INV")).length;
    expect(await Promise.all(bookings.map(({ order, intentId }) => confirmPayment(order.id, intentId)))).toEqual(
      bookings.map(() => true),
    );
    const all = await serials("INV");
    expect(all).toHaveLength(before + 20);
    expect(all).toEqual(oneToN(all));
  });
});

describe("credit note numbers", () => {
  it("are given to each refund in its transaction, once even when the webhook reports it too", async () => {
    const { order, intentId } = await paidBooking(30);
    await confirmPayment(order.id, intentId);
    const outcome = await cancelBooking(order.id, { id: order.userId, isAdmin: false });
    expect(outcome.refund?.cents).toBe(90_000);
    const [refund] = (await orderOf(order.id)).refunds;
    expect(refund.creditNoteNumber).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    await handlePaymentEvent({ id: "evt_refunded", meaning: { kind: "refunded", paymentIntentId: intentId } });
    const after = await orderOf(order.id);
    expect(after.refunds).toHaveLength(1);
    expect(after.refunds[0].creditNoteNumber).toBe(refund.creditNoteNumber);
    expect(await serials("CN")).toEqual(oneToN(await serials("CN")));
  });
});
