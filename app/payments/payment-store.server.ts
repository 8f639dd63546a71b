// Payments: one per order (the unique orderId makes a second recording fail with P2002).
import { takeSeats } from "~/booking/departure-store.server";
import { changeBookingStatus } from "~/booking/order-status-store.server";
import { db } from "~/platform/db.server";

/** The spec's payment object of an order (amount, created, last4, transaction), as stored. */
export const paymentRecordSelect = { amountCents: true, created: true, last4: true, transaction: true } as const;

/**
 * What became of the booking: "confirmed" (pending, or expired with its seats taken again), or
 * "refund-due" (expired with its seats gone, or cancelled meanwhile): paid, yet nothing is booked.
 */
export type PaymentOutcome = "confirmed" | "refund-due";

/**
 * In one transaction: the payment, the order marked PAID (and undeleted), its booking confirmed
 * with a row of history (an expired booking only if its seats can be taken again, on `today`,
 * YYYY-MM-DD), and the customer's receipt in the outbox when it was confirmed. Throws Prisma's
 * P2002 when the order's payment exists.
 */
export async function recordPayment(
  orderId: string,
  payment: { amountCents: number; currency: string; created: Date; last4: string; transaction: string },
  receipt: { to: string; subject: string; text: string },
  today: string,
): Promise<PaymentOutcome> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await tx.payment.create({ data: { orderId, ...payment } });
    const order = await tx.order.update({
      where: { id: orderId },
      data: { paymentStatus: "PAID", stripePaymentIntentId: payment.transaction, deletedAt: null },
      select: { bookingStatus: true, departureId: true, quantity: true },
    });
    let confirmed = order.bookingStatus === "CONFIRMED" || order.bookingStatus === "COMPLETED";
    if (order.bookingStatus === "PENDING") {
      confirmed = await changeBookingStatus(tx, orderId, {
        from: ["PENDING"],
        to: "CONFIRMED",
        byUserId: null,
        reason: "Payment received",
      });
    } else if (order.bookingStatus === "EXPIRED") {
      const seats = order.departureId ? await takeSeats(tx, order.departureId, order.quantity, today) : { ok: true };
      confirmed =
        seats.ok &&
        (await changeBookingStatus(tx, orderId, {
          from: ["EXPIRED"],
          to: "CONFIRMED",
          byUserId: null,
          reason: "Payment received after the hold ended: the seats were taken again",
        }));
    }
    if (confirmed) await tx.outboxEmail.create({ data: receipt });
    return confirmed ? "confirmed" : "refund-due";
  });
}
