// Card payments: the server creates the payment intent from the order's own price and records
// a payment only after it has checked the intent with Stripe (docs/decisions/0006-payments.md).
import Stripe from "stripe";
import { effectiveStatus, holdDeadline } from "~/booking/booking-status";
import { bookingFacts, recordStripeRefunds, refundLatePayment } from "~/booking/cancellation.server";
import { extendHold } from "~/booking/hold-store.server";
import { receiptEmail } from "~/booking/lifecycle-emails";
import {
  attachPaymentIntent,
  findPayableOrder,
  findPaymentPageOrder,
  markPaymentFailed,
  type PayableOrderRow,
} from "~/booking/order-store.server";
import { recordPayment } from "~/payments/payment-store.server";
import { mismatchBetween, PAYMENT_CURRENCY } from "~/payments/payments";
import { paymentsConfigured, stripe } from "~/payments/stripe.server";
import { agencyToday } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { logger } from "~/platform/logger.server";
import { deliverOutbox } from "~/platform/mail.server";

export class PaymentError extends Error {
  constructor(
    readonly code: "not-configured" | "not-found" | "paid" | "closed" | "unverified" | "provider",
    message: string,
  ) {
    super(message);
  }
}

// Intents in these states can still be paid: reuse them instead of creating a second charge.
const OPEN_STATES = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

function requireConfigured() {
  if (!paymentsConfigured()) throw new PaymentError("not-configured", "Card payments are not configured on this site yet.");
}

// Confirmation also finds an order deleted while its payment was under way: what was paid is kept.
async function findOrder(
  orderId: string,
  ownerId: string | undefined,
  { includeDeleted = false } = {},
): Promise<PayableOrderRow> {
  if (!isPlausibleId(orderId)) throw new PaymentError("not-found", "No such order.");
  const order = await findPayableOrder(orderId, ownerId, { includeDeleted });
  if (!order) throw new PaymentError("not-found", "No such order.");
  return order;
}

/**
 * The client secret for paying this order: the order's open intent when there is one, else a
 * new one for the order's stored price. The idempotency key makes a retry or a second tab get
 * the same intent from Stripe, never a second charge.
 */
export async function openPaymentIntent(
  orderId: string,
  ownerId: string,
): Promise<{ clientSecret: string; paymentIntentId: string }> {
  requireConfigured();
  const order = await findOrder(orderId, ownerId);
  if (order.paymentStatus === "PAID") throw new PaymentError("paid", "This order is already paid.");
  const closed = closedBookingMessage(order);
  if (closed) throw new PaymentError("closed", closed);
  const provider = stripe();
  let intent: Stripe.PaymentIntent | undefined;
  try {
    if (order.stripePaymentIntentId) {
      const previous = await provider.paymentIntents.retrieve(order.stripePaymentIntentId);
      if (previous.status === "succeeded") {
        await recordVerifiedPayment(order, previous.id);
        throw new PaymentError("paid", "This order is already paid.");
      }
      if (OPEN_STATES.has(previous.status) && !mismatchBetween(previous, order)) intent = previous;
    }
    intent ??= await provider.paymentIntents.create(
      {
        amount: order.priceCents,
        currency: PAYMENT_CURRENCY,
        allowed_payment_method_types: ["card"],
        description: `Tour booking: ${order.serviceTitle}`,
        receipt_email: order.user.email,
        metadata: { orderId: order.id, userId: order.userId },
      },
      // A replaced (cancelled) intent gets a new key; everything else reuses the first one.
      {
        idempotencyKey: `order-${order.id}-${order.stripePaymentIntentId ?? "first"}`,
      },
    );
  } catch (error) {
    if (error instanceof PaymentError) throw error;
    throw providerError(error);
  }
  await attachPaymentIntent(order.id, intent.id);
  // Paying has started: the short hold of a new booking becomes the long one.
  await extendHold(order.id, holdDeadline(order.createdAt, env().BOOKING_HOLD_HOURS * 60), new Date());
  if (!intent.client_secret) throw new PaymentError("provider", "The payment provider returned no client secret.");
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/** Why a booking can no longer be paid (its seats were released, even if the sweep has not run yet), or null. */
export function closedBookingMessage(
  order: Pick<PayableOrderRow, "bookingStatus" | "holdExpiresAt">,
  now = new Date(),
): string | null {
  const status = effectiveStatus(order, now);
  if (status === "EXPIRED")
    return "This booking has expired: its seats were released because it was not paid in time. Please book again.";
  if (status === "CANCELLED") return "This booking is cancelled, so it can no longer be paid.";
  return null;
}

/**
 * Asks Stripe for the intent and records the payment if it succeeded for exactly this order's
 * price, currency and id. ownerId restricts it to the customer's own order (undefined: admin or
 * webhook). Returns true when this call recorded it, false when it was already recorded.
 */
export async function confirmPayment(orderId: string, paymentIntentId: string, ownerId?: string): Promise<boolean> {
  requireConfigured();
  const order = await findOrder(orderId, ownerId, { includeDeleted: true });
  return recordVerifiedPayment(order, paymentIntentId);
}

async function recordVerifiedPayment(order: PayableOrderRow, paymentIntentId: string): Promise<boolean> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) throw new PaymentError("unverified", "That is not a payment intent id.");
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe().paymentIntents.retrieve(paymentIntentId, {
      expand: ["payment_method"],
    });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw new PaymentError("unverified", "The payment could not be verified: the payment provider does not know it.");
    }
    throw providerError(error);
  }
  const mismatch =
    mismatchBetween(intent, order) ??
    (intent.status === "succeeded" ? null : `the payment is ${intent.status.replaceAll("_", " ")}`);
  if (mismatch) {
    logger.warn(
      {
        orderId: order.id,
        paymentIntentId,
        reason: mismatch,
      },
      "payment not recorded",
    );
    throw new PaymentError("unverified", `The payment could not be verified: ${mismatch}.`);
  }
  const paymentMethod = typeof intent.payment_method === "object" ? intent.payment_method : null;
  const recorded = {
    amountCents: intent.amount,
    currency: intent.currency,
    created: new Date(intent.created * 1000),
    last4: paymentMethod?.card?.last4 ?? "",
    transaction: intent.id,
  };
  let outcome;
  try {
    outcome = await recordPayment(order.id, recorded, receiptEmail(bookingFacts(order), recorded), agencyToday());
  } catch (error) {
    // The unique order id on Payment: another request (browser, API or webhook) recorded it first.
    // A refund that the first one could not make (Stripe unreachable) is tried again.
    if ((error as { code?: string }).code === "P2002") {
      await refundLatePayment(order.id).catch(lateRefundFailed);
      return false;
    }
    throw error;
  }
  // Paid, but the booking had ended and its seats are gone: the money goes back at once.
  if (outcome === "refund-due") await refundLatePayment(order.id).catch(lateRefundFailed);
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

/** payment_intent.payment_failed: an unpaid order shows the failure; a paid one never changes. */
async function recordFailure(intent: Stripe.PaymentIntent): Promise<void> {
  const orderId = intent.metadata?.orderId;
  if (!orderId) return;
  await markPaymentFailed(orderId, intent.id);
}

/** A verified webhook event. Repeated deliveries change nothing. */
export async function handleStripeEvent(event: Stripe.Event): Promise<void> {
  if (event.type === "payment_intent.succeeded") {
    const orderId = event.data.object.metadata?.orderId;
    if (!orderId) return;
    // The event's copy is not trusted for the amount: confirmPayment retrieves the intent again.
    await confirmPayment(orderId, event.data.object.id).catch((error) => {
      if (error instanceof PaymentError && (error.code === "not-found" || error.code === "unverified")) {
        logger.warn({ eventId: event.id, reason: error.message }, "webhook payment ignored");
        return;
      }
      throw error;
    });
  } else if (event.type === "payment_intent.payment_failed") {
    await recordFailure(event.data.object);
  } else if (event.type === "charge.refunded") {
    await recordStripeRefunds(event.data.object);
  }
}

export function verifyWebhook(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

function providerError(error: unknown): PaymentError {
  const message = (error as { message?: string }).message ?? "unknown error";
  logger.error({ error: message }, "payment provider error");
  return new PaymentError("provider", "The payment provider could not be reached. Please try again in a moment.");
}

/** What the payment page shows: the customer's own order, with its payment once recorded. */
export async function paymentPageOrder(orderId: string, ownerId: string) {
  return isPlausibleId(orderId) ? findPaymentPageOrder(orderId, ownerId) : null;
}
