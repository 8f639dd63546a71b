// The bookings whose time has come (app/booking/sweep/booking-sweep.server.ts): each change is a
// conditional status change (changeBookingStatus) and, for an expired hold, the seats given back
// in the same transaction, so two instances sweeping at once change and release each booking once.
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import { releasePromoCode } from "~/booking/core/promo-code-store.server";
import { releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import { db } from "~/platform/db.server";

/** Pending bookings whose hold ended at or before `now`, oldest first. */
export async function overdueHolds(now: Date, limit: number) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { bookingStatus: "PENDING", holdExpiresAt: { lte: now } },
    orderBy: { holdExpiresAt: "asc" },
    take: limit,
    select: { id: true },
  });
}

/** PENDING → EXPIRED with its seats and its promo code's redemption released; false when another change (a payment, another sweep) came first. */
export async function expireHold(orderId: string): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { departureId: true, quantity: true } });
    if (!order) return false;
    const changed = await changeBookingStatus(tx, orderId, {
      from: ["PENDING"],
      to: "EXPIRED",
      byUserId: null,
      reason: "hold expired unpaid",
    });
    if (changed && order.departureId) await releaseSeatsToWaitlist(tx, order.departureId, order.quantity);
    if (changed) await releasePromoCode(tx, orderId);
    return changed;
  });
}

/** Confirmed bookings whose travel date is before `today` (YYYY-MM-DD). */
export async function finishedTrips(today: string, limit: number) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { bookingStatus: "CONFIRMED", travelDate: { lt: new Date(`${today}T00:00:00Z`) } },
    orderBy: { travelDate: "asc" },
    take: limit,
    select: { id: true },
  });
}

/** CONFIRMED → COMPLETED (the seats stay taken: they were used). */
export async function completeTrip(orderId: string): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction((tx) =>
    changeBookingStatus(tx, orderId, { from: ["CONFIRMED"], to: "COMPLETED", byUserId: null, reason: "trip over" }),
  );
}

/**
 * Erases the ID numbers of the travellers of every booking whose trip is over: its travel date is
 * on or before `lastDay` (YYYY-MM-DD: the retention's last trip day), or it ended without one
 * (cancelled or expired, or completed without a date) at or before `endedBy`. One conditional
 * UPDATE (two sweeps at once erase each once); returns how many were erased.
 */
export async function eraseIdNumbers(lastDay: string, endedBy: Date, now: Date): Promise<number> {
  const prisma = await db();
  return prisma.$executeRaw`
    UPDATE "Traveller" AS t SET "idNumber" = NULL, "idErasedAt" = ${now}
    FROM "Order" AS o
    WHERE o."id" = t."orderId" AND t."idNumber" IS NOT NULL
      AND (
        o."travelDate" <= ${lastDay}::date
        OR (
          (o."bookingStatus" IN ('CANCELLED', 'EXPIRED') OR (o."bookingStatus" = 'COMPLETED' AND o."travelDate" IS NULL))
          AND EXISTS (
            SELECT 1 FROM "OrderStatusChange" AS c
            WHERE c."orderId" = o."id" AND c."toStatus" = o."bookingStatus" AND c."createdAt" <= ${endedBy}
          )
        )
      )`;
}
