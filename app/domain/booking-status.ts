// What a booking's status is at a given moment: a pending booking whose hold has run out is expired
// even before the sweep (app/data/order-status.server.ts) writes it.

export const BOOKING_STATUSES = ["PENDING", "CONFIRMED", "CANCELLED", "COMPLETED", "EXPIRED"] as const;
export type BookingStatusName = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatusName, string> = {
  PENDING: "Pending",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  COMPLETED: "Completed",
  EXPIRED: "Expired",
};

export function effectiveStatus(
  order: { bookingStatus: BookingStatusName; holdExpiresAt: Date | string | null },
  now: Date,
): BookingStatusName {
  if (order.bookingStatus !== "PENDING" || order.holdExpiresAt === null) return order.bookingStatus;
  return new Date(order.holdExpiresAt).getTime() <= now.getTime() ? "EXPIRED" : "PENDING";
}

// The agency is in Dhaka (UTC+6 all year, no daylight saving): deadlines are shown in its time.
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dateOf(utc: Date): string {
  return `${utc.getUTCDate()} ${MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`;
}

/** "Pay by 24 Nov 2026, 18:00" (Dhaka time). */
export function payByText(holdExpiresAt: Date | string): string {
  const dhaka = new Date(new Date(holdExpiresAt).getTime() + DHAKA_OFFSET_MS);
  const time = `${String(dhaka.getUTCHours()).padStart(2, "0")}:${String(dhaka.getUTCMinutes()).padStart(2, "0")}`;
  return `Pay by ${dateOf(dhaka)}, ${time}`;
}

/** "24 Nov 2026": a travel date is a calendar date (@db.Date), read at UTC midnight. */
export function travelDateText(travelDate: Date | string): string {
  return dateOf(new Date(travelDate));
}

/** The statuses as the API writes them (an order's `status`). */
export const API_BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed", "expired"] as const;

/** The hold of a booking placed now: its seats are kept until then, unpaid. */
export function holdDeadline(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60 * 1000);
}
