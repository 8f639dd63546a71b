// The card provider (Stripe), behind the few operations the booking needs: open an intent for an
// order's amount due (its price, deposit or balance), verify one before a payment is recorded, refund, list refunds, verify a webhook.
// Booking calls this module, never the other way round (docs/decisions/0006-payments.md).
import Stripe from "stripe";
import { mismatchBetween, PAYMENT_CURRENCY, type PayableOrder } from "~/payments/payments";
import type { LedgerEntry } from "~/payments/reconciliation";
import { paymentsConfigured, stripe } from "~/payments/stripe.server";
import { logger } from "~/platform/logger.server";

export class PaymentError extends Error {
  constructor(
    readonly code: "not-configured" | "not-found" | "paid" | "closed" | "unverified" | "provider" | "part" | "in-progress",
    message: string,
  ) {
    super(message);
  }
}

// Intents in these states can still be paid: reuse them instead of creating a second charge.
const OPEN_STATES = new Set(["requires_payment_method", "requires_confirmation", "requires_action", "processing"]);

export function requirePaymentsConfigured(message = "Card payments are not configured on this site yet.") {
  if (!paymentsConfigured()) throw new PaymentError("not-configured", message);
}

/** What a booking asks to be paid now: its id, owner, the amount of one part and what the statement shows. */
export interface CardCharge {
  id: string;
  userId: string;
  /** "deposit", "balance" or "full": with the amount, what one intent is for */
  part: string;
  amountCents: number;
  description: string;
  receiptEmail: string;
  /** the intent opened for it before, if any */
  previousIntentId: string | null;
}

function pays(intent: Stripe.PaymentIntent, charge: CardCharge): boolean {
  return (
    intent.metadata?.orderId === charge.id &&
    intent.metadata?.part === charge.part &&
    intent.amount === charge.amountCents &&
    intent.currency === PAYMENT_CURRENCY
  );
}

/**
 * The intent that pays this charge: the previous one while it can still be paid for exactly this
 * part and amount, else one per (order, part, amount, intent it replaces): the idempotency key
 * makes a retry, a second tab or a return to a part chosen before get the same intent from Stripe,
 * never a second charge. A previous intent still open for another part or amount (the deposit in
 * one tab, the full price in another) is cancelled first: only one intent of an order can be paid
 * at a time, so the order is never paid twice over. `succeeded` when the previous one was paid
 * already.
 */
export async function openCardIntent(
  charge: CardCharge,
): Promise<{ succeeded: string } | { intentId: string; clientSecret: string }> {
  requirePaymentsConfigured();
  const provider = stripe();
  let intent: Stripe.PaymentIntent | undefined;
  try {
    let replaced: string | null = null;
    if (charge.previousIntentId) {
      const previous = await provider.paymentIntents.retrieve(charge.previousIntentId);
      if (previous.status === "succeeded") return { succeeded: previous.id };
      if (OPEN_STATES.has(previous.status) && pays(previous, charge)) intent = previous;
      else {
        if (OPEN_STATES.has(previous.status) && (await stopIntent(previous.id)) === "succeeded")
          return { succeeded: previous.id };
        // Dead now: its key would give it back.
        replaced = previous.id;
      }
    }
    intent ??= await provider.paymentIntents.create(
      {
        amount: charge.amountCents,
        currency: PAYMENT_CURRENCY,
        allowed_payment_method_types: ["card"],
        description: charge.description,
        receipt_email: charge.receiptEmail,
        metadata: { orderId: charge.id, userId: charge.userId, part: charge.part },
      },
      { idempotencyKey: `order-${charge.id}-${charge.part}-${charge.amountCents}${replaced ? `-after-${replaced}` : ""}` },
    );
  } catch (error) {
    if (error instanceof PaymentError) throw error;
    throw providerError(error);
  }
  if (!intent.client_secret) throw new PaymentError("provider", "The payment provider returned no client secret.");
  return { intentId: intent.id, clientSecret: intent.client_secret };
}

/**
 * Cancels an open intent no one may pay any more: "cancelled", or "succeeded" when it was paid
 * meanwhile (the caller records it). One the bank is still processing cannot be cancelled: the
 * customer waits for it.
 */
export async function stopIntent(intentId: string): Promise<"cancelled" | "succeeded"> {
  const provider = stripe();
  try {
    await provider.paymentIntents.cancel(intentId);
    return "cancelled";
  } catch (error) {
    const now = await provider.paymentIntents.retrieve(intentId);
    if (now.status === "canceled") return "cancelled";
    if (now.status === "succeeded") return "succeeded";
    if (now.status === "processing")
      throw new PaymentError(
        "in-progress",
        "A payment for this booking is being processed. Please wait a minute, then reload this page.",
      );
    throw error;
  }
}

/** A payment as the provider reports it, ready to be recorded. */
export interface CardPayment {
  amountCents: number;
  currency: string;
  created: Date;
  last4: string;
  transaction: string;
}

/**
 * Asks Stripe for the intent; returns the payment when it succeeded for exactly this order's
 * amounts, currency and id, else throws PaymentError("unverified") saying why.
 */
export async function verifiedCardPayment(paymentIntentId: string, order: PayableOrder): Promise<CardPayment> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) throw new PaymentError("unverified", "That is not a payment intent id.");
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe().paymentIntents.retrieve(paymentIntentId, { expand: ["payment_method"] });
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
    logger.warn({ orderId: order.id, paymentIntentId, reason: mismatch }, "payment not recorded");
    throw new PaymentError("unverified", `The payment could not be verified: ${mismatch}.`);
  }
  const paymentMethod = typeof intent.payment_method === "object" ? intent.payment_method : null;
  return {
    amountCents: intent.amount,
    currency: intent.currency,
    created: new Date(intent.created * 1000),
    last4: paymentMethod?.card?.last4 ?? "",
    transaction: intent.id,
  };
}

/** A refund as the provider reports it, ready to be recorded. */
export interface CardRefund {
  stripeRefundId: string;
  amountCents: number;
  createdAt: Date;
}

function cardRefund(refund: Stripe.Refund): CardRefund {
  return { stripeRefundId: refund.id, amountCents: refund.amount, createdAt: new Date(refund.created * 1000) };
}

/**
 * Refunds `cents` of an order's card payment. The key names the order and what the refund is
 * for: a retry (double submit, network error, a second tab) gets Stripe's first refund back.
 * Throws PaymentError with what to tell the person; nothing was refunded then.
 */
export async function refundCard(refund: {
  orderId: string;
  paymentIntentId: string;
  cents: number;
  purpose: "cancel" | "late-payment" | "overpayment";
}): Promise<CardRefund> {
  requirePaymentsConfigured("Card payments are not configured: no refund can be made.");
  try {
    return cardRefund(
      await stripe().refunds.create(
        {
          payment_intent: refund.paymentIntentId,
          amount: refund.cents,
          reason: "requested_by_customer",
          metadata: { orderId: refund.orderId, purpose: refund.purpose },
        },
        // one key per payment refunded: a refund split across two card payments makes two
        { idempotencyKey: `order-${refund.orderId}-${refund.purpose}-refund-${refund.paymentIntentId}` },
      ),
    );
  } catch (error) {
    const stripeError = error as { type?: string; code?: string; message?: string };
    logger.error({ orderId: refund.orderId, code: stripeError.code, error: stripeError.message }, "refund failed");
    if (stripeError.type === "StripeIdempotencyError") {
      throw new PaymentError(
        "provider",
        "A refund of another amount was already started for this booking; nothing was changed. Try again with the same amount, or wait until the payment provider reports it.",
      );
    }
    if (stripeError.type === "StripeInvalidRequestError" && stripeError.message) {
      throw new PaymentError(
        "provider",
        `The payment provider refused the refund: ${stripeError.message}. The booking was not changed.`,
      );
    }
    throw new PaymentError(
      "provider",
      "The payment provider could not be reached, so nothing was refunded and the booking was not changed. Please try again in a moment.",
    );
  }
}

/** The refunds of a payment that went through or are under way (made here or in Stripe's dashboard). */
export async function listCardRefunds(paymentIntentId: string): Promise<CardRefund[]> {
  const refunds = await stripe().refunds.list({ payment_intent: paymentIntentId, limit: 100 });
  return refunds.data.filter((refund) => refund.status === "succeeded" || refund.status === "pending").map(cardRefund);
}

/** A refund as the provider lists it, with the payment it gives back. */
export interface ProviderRefund extends LedgerEntry {
  paymentIntentId: string | null;
}

const unixSeconds = (moment: Date) => Math.floor(moment.getTime() / 1000);
const isoOf = (created: number) => new Date(created * 1000).toISOString();
const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * The card money the provider reports for [from, to): its payments that succeeded and its refunds
 * that went through or are under way, read page by page (100 a page, the SDK following
 * `has_more`/`starting_after`). Times are the provider's creation times, as recorded here.
 */
export async function listProviderCardMoney(
  from: Date,
  to: Date,
): Promise<{ payments: LedgerEntry[]; refunds: ProviderRefund[] }> {
  requirePaymentsConfigured();
  const created = { gte: unixSeconds(from), lt: unixSeconds(to) };
  const payments: LedgerEntry[] = [];
  const refunds: ProviderRefund[] = [];
  try {
    for await (const intent of stripe().paymentIntents.list({ created, limit: 100 })) {
      if (intent.status !== "succeeded") continue;
      payments.push({
        id: intent.id,
        amountCents: intent.amount_received,
        created: isoOf(intent.created),
        orderId: intent.metadata?.orderId || null,
      });
    }
    for await (const refund of stripe().refunds.list({ created, limit: 100 })) {
      if (refund.status !== "succeeded" && refund.status !== "pending") continue;
      refunds.push({
        id: refund.id,
        amountCents: refund.amount,
        created: isoOf(refund.created),
        orderId: refund.metadata?.orderId || null,
        paymentIntentId: idOf(refund.payment_intent),
      });
    }
  } catch (error) {
    throw providerError(error);
  }
  return { payments, refunds };
}

// Each "only here" row asks the provider once: a page view asks at most this many.
const MAX_STATUS_LOOKUPS = 25;

/**
 * Why the provider's month leaves out these payments (pi_…) and refunds (re_…) recorded here: it
 * does not know them, or they are in another state (a refund that failed after it was recorded).
 * The first MAX_STATUS_LOOKUPS ids only.
 */
export async function providerNotes(ids: string[]): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  for (const id of ids.slice(0, MAX_STATUS_LOOKUPS)) {
    try {
      const found = id.startsWith("re_") ? await stripe().refunds.retrieve(id) : await stripe().paymentIntents.retrieve(id);
      const status = found.status ?? "unknown";
      if (status !== "succeeded" && status !== "pending")
        notes.set(id, `The card provider has it as ${status.replaceAll("_", " ")}.`);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw providerError(error);
      notes.set(id, "The card provider does not know it.");
    }
  }
  return notes;
}

/** The order a payment intent was opened for (its metadata), or null when the provider does not know it. */
export async function cardPaymentOrderId(paymentIntentId: string): Promise<string | null> {
  if (!/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) throw new PaymentError("unverified", "That is not a payment intent id.");
  requirePaymentsConfigured();
  try {
    return (await stripe().paymentIntents.retrieve(paymentIntentId)).metadata?.orderId || null;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw providerError(error);
  }
}

/** What a webhook event means for a booking; the event's amounts are not trusted (each is asked again). */
export type PaymentEvent =
  | { kind: "succeeded" | "failed"; orderId: string; paymentIntentId: string }
  | { kind: "refunded"; paymentIntentId: string }
  | { kind: "ignored" };

/** The event, from a body whose signature matches the secret; throws when it does not. */
export function verifyWebhook(
  rawBody: string,
  signature: string,
  secret: string,
): { id: string; type: string; meaning: PaymentEvent } {
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  return { id: event.id, type: event.type, meaning: meaningOf(event) };
}

function meaningOf(event: Stripe.Event): PaymentEvent {
  if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed") {
    const orderId = event.data.object.metadata?.orderId;
    if (!orderId) return { kind: "ignored" };
    const kind = event.type === "payment_intent.succeeded" ? "succeeded" : "failed";
    return { kind, orderId, paymentIntentId: event.data.object.id };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    return paymentIntentId ? { kind: "refunded", paymentIntentId } : { kind: "ignored" };
  }
  return { kind: "ignored" };
}

function providerError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  const message = (error as { message?: string }).message ?? "unknown error";
  logger.error({ error: message }, "payment provider error");
  return new PaymentError("provider", "The payment provider could not be reached. Please try again in a moment.");
}
