import type { PaymentError } from "~/domain/payments.server";

/** The HTTP status for a payment failure, the same for the page action and /api. */
export function paymentErrorStatus(error: PaymentError): number {
  return {
    "not-configured": 503,
    "not-found": 404,
    paid: 409,
    closed: 409,
    unverified: 400,
    provider: 502,
  }[error.code];
}
