// The booking status of an order changes only here: a conditional update from the statuses the
// change is allowed from, and a row of history in the same transaction.
import type { BookingStatus } from "~/generated/prisma/client";
import type { Tx } from "~/platform/db.server";

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
