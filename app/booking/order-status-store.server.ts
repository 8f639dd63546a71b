// The booking status of an order changes only here: a conditional update from the statuses the
// change is allowed from, and a row of history in the same transaction.
import { takeSeats } from "~/booking/departure-store.server";
import { retakePromoCode } from "~/booking/promo-code-store.server";
import type { BookingStatus } from "~/generated/prisma/client";
import { issueInvoiceNumber } from "~/invoicing/index.server";
import { insertPaymentRecord, type CardPayment } from "~/payments/index.server";
import { db, type Tx } from "~/platform/db.server";

interface StatusChange {
  from: BookingStatus[];
  to: BookingStatus;
  /** null for the system (expiry sweep, webhook, end of the trip) */
  byUserId: string | null;
  reason?: string;
}

/** Changes the status when it is one of `from`; false when another change came first. */
export async function changeBookingStatus(tx: Tx, orderId: string, change: StatusChange): Promise<boolean> {
  const current = await tx.order.findUnique({ where: { id: orderId }, select: { bookingStatus: true } });
  if (!current || !change.from.includes(current.bookingStatus)) return false;
  const { count } = await tx.order.updateMany({
    where: { id: orderId, bookingStatus: current.bookingStatus },
    data: { bookingStatus: change.to },
  });
  if (count !== 1) return false;
  await tx.orderStatusChange.create({
    data: {
      orderId,
      fromStatus: current.bookingStatus,
      toStatus: change.to,
      byUserId: change.byUserId,
      reason: change.reason ?? null,
    },
  });
  return true;
}

/** The first row of an order's history, written with the order. */
export async function recordNewBooking(tx: Tx, orderId: string, byUserId: string): Promise<void> {
  await tx.orderStatusChange.create({ data: { orderId, toStatus: "PENDING", byUserId } });
}

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
  payment: CardPayment,
  receipt: { to: string; subject: string; text: string },
  today: string,
): Promise<PaymentOutcome> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await insertPaymentRecord(tx, orderId, payment);
    const order = await tx.order.update({
      where: { id: orderId },
      data: { paymentStatus: "PAID", stripePaymentIntentId: payment.transaction, deletedAt: null },
      select: { bookingStatus: true, departureId: true, quantity: true },
    });
    await issueInvoiceNumber(tx, orderId, new Date());
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
      if (confirmed) await retakePromoCode(tx, orderId);
    }
    if (confirmed) await tx.outboxEmail.create({ data: receipt });
    return confirmed ? "confirmed" : "refund-due";
  });
}
