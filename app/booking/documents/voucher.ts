// A booking's voucher (/dashboard/orders/{id}/voucher): what the traveller shows at the meeting
// point, its reference as a QR code for the guides' check-in. Only a confirmed booking has one (a
// trip that took place keeps it); otherwise the page says why, and how to get one when one can.
import { type BookingStatusName, effectiveStatus } from "~/booking/core/booking-status";

export interface VoucherRefusal {
  /** why the booking has no voucher */
  reason: string;
  /** it is waiting for its payment: the page links to the payment page */
  canPay: boolean;
}

const REFUSALS: Record<Exclude<BookingStatusName, "CONFIRMED" | "COMPLETED">, string> = {
  PENDING: "This booking is not paid yet: its voucher is ready as soon as it is paid.",
  CANCELLED: "This booking is cancelled: it has no voucher.",
  EXPIRED: "This booking has expired (its seats were released, nothing was paid): it has no voucher.",
};

/** Null when the booking has its voucher; otherwise why not. */
export function voucherRefusal(
  order: { bookingStatus: BookingStatusName; holdExpiresAt: Date | string | null; paymentStatus: string },
  now: Date,
): VoucherRefusal | null {
  const status = effectiveStatus(order, now);
  if (status === "CONFIRMED" || status === "COMPLETED") return null;
  return { reason: REFUSALS[status], canPay: status === "PENDING" && order.paymentStatus !== "PAID" };
}

/** The voucher's path, for links from the booking page and the receipt email. */
export function voucherPath(orderId: string): string {
  return `/dashboard/orders/${orderId}/voucher`;
}
