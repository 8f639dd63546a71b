// What a customer can do with a booking now (pay, delete, cancel) and what each does, decided once:
// My Orders and the order page show it, and the server actions refuse anything else with the same
// words. An admin may also cancel a live booking whose date has passed (cancellation.server.ts).
import { type BookingStatusName, effectiveStatus } from "~/booking/core/booking-status";
import { agencyToday, isoDate } from "~/platform/dates";

export interface BookingActionsInput {
  bookingStatus: BookingStatusName;
  holdExpiresAt: Date | string | null;
  paymentStatus: string;
  travelDate: Date | string | null;
  /** a reseller's booking is paid to the agency by the reseller: never by card on this site */
  channel?: "WEBSITE" | "RESELLER";
}

export interface BookingActions {
  /** the status as shown: an overdue hold is expired */
  status: BookingStatusName;
  /** pending or confirmed: it still holds its seats */
  live: boolean;
  canPay: boolean;
  canDelete: boolean;
  canCancel: boolean;
  /** what Delete does, or why there is none */
  deleteHint: string;
  /** what "Cancel booking" does, or why it cannot be cancelled */
  cancelHint: string;
}

/** My Orders' words for a paid order (docs/spec.md keeps paid orders). */
const PAID_ORDERS_KEPT = "Paid orders are kept";

/** A reseller's booking stays on record (the commission report counts it). */
const RESELLER_ORDERS_KEPT = "Bookings sold by a reseller are kept: cancel it instead";

const CLOSED: Partial<Record<BookingStatusName, string>> = {
  CANCELLED: "This booking is already cancelled.",
  EXPIRED: "This booking has expired: its seats were released and nothing was paid.",
  COMPLETED: "This trip has taken place: it cannot be cancelled.",
};

const KEPT: Partial<Record<BookingStatusName, string>> = {
  CANCELLED: "Cancelled bookings stay in your order history.",
  EXPIRED: "Expired bookings stay in your order history.",
  COMPLETED: "Past trips stay in your order history.",
};

const DEPARTURE_PASSED = "The departure date has passed: this booking can no longer be cancelled here. Please contact us.";

export function bookingActions(order: BookingActionsInput, now: Date): BookingActions {
  const status = effectiveStatus(order, now);
  const live = status === "PENDING" || status === "CONFIRMED";
  // anything paid (a deposit too) keeps the booking on record
  const paid = order.paymentStatus === "PAID" || order.paymentStatus === "PARTLY_PAID";
  const seats = order.travelDate !== null;
  const past = order.travelDate !== null && isoDate(order.travelDate) <= agencyToday(now);
  const canCancel = live && !past;
  const resold = order.channel === "RESELLER";
  // A reseller's booking is never deleted: an admin cancels it (the policy, recorded, no card refund).
  const canDelete = live && !paid && !resold;
  return {
    status,
    live,
    // a booking secured by its deposit is paid on until its balance is 0
    canPay: (status === "PENDING" || (status === "CONFIRMED" && paid)) && order.paymentStatus !== "PAID" && !resold,
    canDelete,
    canCancel,
    deleteHint: paid
      ? PAID_ORDERS_KEPT
      : resold
        ? RESELLER_ORDERS_KEPT
        : canDelete
          ? seats
            ? "Removes this unpaid booking and frees its seats."
            : "Removes this unpaid order."
          : (KEPT[status] ?? ""),
    cancelHint: !live
      ? (CLOSED[status] ?? "")
      : past
        ? DEPARTURE_PASSED
        : resold
          ? "Cancels the trip under the package's refund policy and keeps it on record; the reseller settles with the agency (nothing is refunded by card)."
          : paid
            ? "Cancels the trip; you get the refund shown above."
            : seats
              ? "Cancels this unpaid booking and frees its seats; nothing is charged."
              : "Cancels this unpaid order; nothing is charged.",
  };
}
