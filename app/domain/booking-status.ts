// A booking's status as lists and pages show it: a pending booking past its hold deadline is
// expired even before the sweep (app/domain/booking-sweep.server.ts) has marked it.
export type BookingStatusValue = "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "EXPIRED";

/** The statuses as the API writes them. */
export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed", "expired"] as const;

export function effectiveStatus(
  order: { bookingStatus: BookingStatusValue; holdExpiresAt: Date | string | null },
  now: Date = new Date(),
): BookingStatusValue {
  if (order.bookingStatus !== "PENDING" || order.holdExpiresAt === null) return order.bookingStatus;
  return new Date(order.holdExpiresAt).getTime() <= now.getTime() ? "EXPIRED" : "PENDING";
}

/** The hold of a booking placed now: its seats are kept until then, unpaid. */
export function holdDeadline(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}
