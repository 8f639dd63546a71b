import {
  type CancellationError,
  type OfflinePaymentError,
  type BookingError,
  type TravellersError,
} from "~/booking/index.server";
import { retryAfter } from "~/http/retry-after";
import type { PaymentError } from "~/payments/index.server";

/** The HTTP status for a payment failure, the same for the page action and /api. */
export function paymentErrorStatus(error: PaymentError): number {
  return {
    "not-configured": 503,
    "not-found": 404,
    paid: 409,
    closed: 409,
    unverified: 400,
    part: 400,
    provider: 502,
    "in-progress": 409,
  }[error.code];
}

/** The HTTP status for a cancellation refused or failed, the same for the pages and /api. */
export function cancellationErrorStatus(error: CancellationError): number {
  return {
    "not-found": 404,
    "not-cancellable": 409,
    amount: 400,
    reason: 400,
    forbidden: 403,
    "not-configured": 503,
    provider: 502,
  }[error.code];
}

/** The HTTP status for an order refused at placement: seats gone (or the date closed, the account's unpaid seats or the promo code used up) is a conflict. */
export function placementErrorStatus(error: BookingError): number {
  return ["seats", "departure-unavailable", "hold-limit", "promo-used-up"].includes(error.code) ? 409 : 400;
}

/** The HTTP status for a delete refused: a paid or closed booking is a conflict. */
export function deleteErrorStatus(error: BookingError): number {
  return error.code === "not-found" ? 404 : 409;
}

/** The HTTP status for travellers not saved: the owner after the cutoff is forbidden. */
export function travellersErrorStatus(error: TravellersError): number {
  return { "not-found": 404, closed: 403, invalid: 400 }[error.code];
}

/** The HTTP status for an offline payment or claim refused: 400, 404, or 409 (closed booking, already recorded or decided), the same for the pages and /api. */
export function offlinePaymentErrorStatus(error: OfflinePaymentError): number {
  return { "not-found": 404, invalid: 400, closed: 409, conflict: 409, "rate-limited": 429 }[error.code];
}

/** A refused claim's Retry-After (too many claims), or none. */
export function offlinePaymentErrorHeaders(error: OfflinePaymentError): Record<string, string> {
  return error.retryAfterSeconds ? retryAfter({ retryAfterSeconds: error.retryAfterSeconds }) : {};
}

/** An offline payment or claim refused, as /api answers it: its status, the field named. */
export function offlinePaymentErrorResponse(
  error: OfflinePaymentError,
  jsonError: (status: number, message: string, details?: Record<string, string[]>, headers?: HeadersInit) => Response,
): Response {
  return jsonError(
    offlinePaymentErrorStatus(error),
    error.message,
    error.field ? { [error.field]: [error.message] } : undefined,
    offlinePaymentErrorHeaders(error),
  );
}
