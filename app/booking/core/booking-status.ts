// What a booking's status is at a given moment: a pending booking whose hold has run out is expired
// even before the sweep (app/booking/core/booking-status-store.server.ts) writes it.
import { formatDateTime } from "~/platform/dates";

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

/** "Pay by 24 Nov 2026, 18:00" (Dhaka time). */
export function payByText(holdExpiresAt: Date | string): string {
  return `Pay by ${formatDateTime(holdExpiresAt)}`;
}

/** The statuses as the API writes them (an order's `status`). */
export const API_BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed", "expired"] as const;

/** The hold of a booking placed now: its seats are kept until then, unpaid. */
export function holdDeadline(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60 * 1000);
}
