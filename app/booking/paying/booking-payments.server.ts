// Paying a booking by card: the server opens the payment for the order's own price, records a
// payment only after the provider has confirmed it for exactly that order, and reacts to what the
// provider reports on its own (webhook). The provider itself is app/payments (docs/decisions/0006-payments.md).
import {
  bookingFacts,
  recordReportedCardRefunds,
  refundLatePayment,
  refundOverpayment,
} from "~/booking/cancelling/cancellation.server";
import { recordPaymentNow, type RecordedPayment } from "~/booking/core/booking-payments-store.server";
import type { BookingRow } from "~/booking/core/booking-row.server";
import { effectiveStatus, holdDeadline } from "~/booking/core/booking-status";
import {
  attachPaymentIntent,
  findPayableOrder,
  findPaymentPageOrder,
  markPaymentFailed,
} from "~/booking/core/booking-store.server";
import { extendHold } from "~/booking/core/hold-store.server";
import { receiptEmail } from "~/booking/core/lifecycle-emails";
import { amountToPay, balanceCents, type PaymentPart } from "~/booking/core/payment-plan";
import { voucherPath } from "~/booking/documents/voucher";
import {
  openCardIntent,
  PaymentError,
  requirePaymentsConfigured,
  stopIntent,
  verifiedCardPayment,
  type PaymentEvent,
} from "~/payments/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { logger } from "~/platform/logger.server";
import { deliverOutbox } from "~/platform/mail.server";
import { publicUrl } from "~/platform/public-url.server";

// Confirmation also finds an order deleted while its payment was under way: what was paid is kept.
async function findOrder(orderId: string, ownerId: string | undefined, { includeDeleted = false } = {}): Promise<BookingRow> {
  if (!isPlausibleId(orderId)) throw new PaymentError("not-found", "No such order.");
  const order = await findPayableOrder(orderId, ownerId, { includeDeleted });
  if (!order) throw new PaymentError("not-found", "No such order.");
  return order;
}

/** The client secret for paying `part` of this order (default: all that is due), its open intent or a new one. */
export async function openPaymentIntent(
  orderId: string,
  ownerId: string,
  part?: PaymentPart,
): Promise<{ clientSecret: string; paymentIntentId: string; amountCents: number }> {
  requirePaymentsConfigured();
  // Another tab may attach an intent between our read and our write: read again and take turns.
  for (let attempt = 1; ; attempt++) {
    const order = await findOrder(orderId, ownerId);
    const closed = closedBookingMessage(order);
    if (order.paymentStatus !== "PAID" && closed) throw new PaymentError("closed", closed);
    const due = amountToPay(order, part);
    if ("error" in due)
      throw due.error === "This order is already paid."
        ? new PaymentError("paid", due.error)
        : new PaymentError("part", `part: ${due.error}.`);
    const intent = await openCardIntent({
      id: order.id,
      userId: order.userId,
      part: due.part,
      amountCents: due.cents,
      description: `Tour booking: ${order.serviceTitle}${due.part === "full" ? "" : ` (${due.part})`}`,
      receiptEmail: order.user.email,
      // an intent already recorded (the deposit's, when the balance is paid) is no longer the open one
      previousIntentId: order.payments.some((payment) => payment.transaction === order.stripePaymentIntentId)
        ? null
        : order.stripePaymentIntentId,
    });
    if ("succeeded" in intent) {
      await recordVerifiedPayment(order, intent.succeeded);
      throw new PaymentError("paid", "This payment was already made.");
    }
    if (!(await attachPaymentIntent(order.id, intent.intentId, order.stripePaymentIntentId))) {
      // Ours never reaches a browser: no one can pay it beside the one attached.
      if ((await stopIntent(intent.intentId)) === "succeeded") throw new PaymentError("paid", "This payment was already made.");
      if (attempt < 3) continue;
      throw new PaymentError("in-progress", "This booking's payment is being opened in another window. Please reload this page.");
    }
    // Paying has started: the hold lasts the time a payment takes, once (hold-store's extendHold).
    const now = new Date();
    await extendHold(order.id, {
      until: holdDeadline(now, env().PAYMENT_HOLD_MINUTES),
      firstHoldEnd: holdDeadline(order.createdAt, env().BOOKING_HOLD_MINUTES),
      now,
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.intentId, amountCents: due.cents };
  }
}

/** Why a booking can no longer be paid (its seats were released, even if the sweep has not run yet), or null. */
export function closedBookingMessage(
  order: Pick<BookingRow, "bookingStatus" | "holdExpiresAt"> & Partial<Pick<BookingRow, "channel" | "reseller">>,
  now = new Date(),
): string | null {
  // A reseller's booking is paid to the agency by the reseller: never by card here (409).
  if (order.channel === "RESELLER")
    return `This booking was sold by ${order.reseller?.name ?? "a reseller"}, who pays the agency for it: it cannot be paid by card here.`;
  const status = effectiveStatus(order, now);
  if (status === "EXPIRED")
    return "This booking has expired: its seats were released because it was not paid in time. Please book again.";
  if (status === "CANCELLED") return "This booking is cancelled, so it can no longer be paid.";
  return null;
}

/**
 * Records the payment if the provider confirms it succeeded for exactly this order's price,
 * currency and id. ownerId restricts it to the customer's own order (undefined: admin or
 * webhook). Returns true when this call recorded it, false when it was already recorded.
 */
export async function confirmPayment(orderId: string, paymentIntentId: string, ownerId?: string): Promise<boolean> {
  requirePaymentsConfigured();
  const order = await findOrder(orderId, ownerId, { includeDeleted: true });
  return recordVerifiedPayment(order, paymentIntentId);
}

/** The amounts an intent may pay this order: its price, its deposit, its balance. */
function payableAmounts(order: BookingRow): number[] {
  return [order.priceCents, order.depositCents ?? order.priceCents, balanceCents(order)].filter((cents) => cents > 0);
}

/**
 * The receipt a payment sends, once it confirms the booking (card, gateway, offline, accepted claim):
 * what it paid, what is left and by when, and the voucher. Queued in the payment's transaction.
 */
export function receiptOnConfirmation(order: BookingRow, payment: Parameters<typeof receiptEmail>[1]) {
  return (result: Extract<RecordedPayment, { status: "recorded" }>) =>
    result.outcome === "confirmed"
      ? receiptEmail(bookingFacts(order), payment, publicUrl(voucherPath(order.id)), {
          balanceCents: result.priceCents - result.paidCents,
          balanceDue: order.balanceDueDate && isoDate(order.balanceDueDate),
        })
      : null;
}

async function recordVerifiedPayment(order: BookingRow, paymentIntentId: string): Promise<boolean> {
  // Recorded before (the browser, the API or a webhook's earlier delivery): nothing to ask the provider.
  if (order.payments.some((payment) => payment.transaction === paymentIntentId)) {
    await refundLatePayment(order.id).catch(lateRefundFailed);
    await refundOverpayment(order.id, paymentIntentId).catch(lateRefundFailed);
    return false;
  }
  const payment = await verifiedCardPayment(paymentIntentId, { id: order.id, amountsCents: payableAmounts(order) });
  const recorded = await recordPaymentNow(
    {
      orderId: order.id,
      method: "CARD",
      recordedById: null,
      ...payment,
      provider: "stripe",
      providerReference: payment.transaction,
    },
    agencyToday(),
    receiptOnConfirmation(order, payment),
  );
  // a card payment is never "over": the money arrived, and its excess is refunded below
  if (recorded.status !== "recorded") {
    // Another request recorded it first; a refund that one could not make (Stripe unreachable) is tried again.
    await refundLatePayment(order.id).catch(lateRefundFailed);
    await refundOverpayment(order.id, paymentIntentId).catch(lateRefundFailed);
    return false;
  }
  // Paid, but the booking had ended and its seats are gone: the money goes back at once.
  if (recorded.outcome === "refund-due") await refundLatePayment(order.id).catch(lateRefundFailed);
  // Paid beyond the balance (paid meanwhile offline, say): the excess goes back at once.
  else if (recorded.overCents > 0) await refundOverpayment(order.id, paymentIntentId).catch(lateRefundFailed);
  await deliverOutbox().catch(() => 0);
  return true;
}

/** The payment is recorded but not refunded yet: the webhook's delivery fails so Stripe sends it again. */
function lateRefundFailed(error: unknown): never {
  logger.error({ error: (error as Error).message }, "late payment not refunded yet");
  throw new PaymentError(
    "provider",
    "Your payment was received after the booking had ended; its refund could not be made yet and will be retried.",
  );
}

/** A verified webhook event. Repeated deliveries change nothing. */
export async function handlePaymentEvent(event: { id: string; meaning: PaymentEvent }): Promise<void> {
  const meaning = event.meaning;
  if (meaning.kind === "succeeded") {
    // The event's copy is not trusted for the amount: confirmPayment retrieves the intent again.
    await confirmPayment(meaning.orderId, meaning.paymentIntentId).catch((error) => {
      if (error instanceof PaymentError && (error.code === "not-found" || error.code === "unverified")) {
        logger.warn({ eventId: event.id, reason: error.message }, "webhook payment ignored");
        return;
      }
      throw error;
    });
  } else if (meaning.kind === "failed") {
    // An unpaid order shows the failure; a paid one never changes.
    await markPaymentFailed(meaning.orderId, meaning.paymentIntentId);
  } else if (meaning.kind === "refunded") {
    await recordReportedCardRefunds(meaning.paymentIntentId);
  }
}

/** What the payment page shows: the customer's own order, with its payment once recorded. */
export async function paymentPageOrder(orderId: string, ownerId: string) {
  return isPlausibleId(orderId) ? findPaymentPageOrder(orderId, ownerId) : null;
}
