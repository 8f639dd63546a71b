// Cancelling bookings: by the customer (before departure, the package's refund policy), by an
// admin (the policy refund or an amount they choose), a whole departure (every booking refunded
// in full), and the refunds Stripe reports on its own (charge.refunded). Stripe refunds first,
// with an idempotency key per order's cancellation so that a retry never refunds twice; then one
// transaction records everything (app/booking/booking-store.server.ts). A Stripe error changes nothing.
import { bookingActions } from "~/booking/booking-actions";
import {
  applyCancellation,
  findBooking,
  findBookingByPaymentIntent,
  listLiveBookingsOf,
  markDepartureCancelled,
  recordReportedRefunds,
  type CancellableBooking,
} from "~/booking/booking-store.server";
import { cancellationEmails, latePaymentRefundEmails, refundEmails, type BookingFacts } from "~/booking/lifecycle-emails";
import { firstCardPayment } from "~/booking/payment-plan";
import { policyRefund, refundPolicyOf, type PolicyRefund } from "~/booking/refund-policy";
import { listCardRefunds, PaymentError, refundCard, type CardRefund } from "~/payments/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { logger } from "~/platform/logger.server";
import { deliverOutbox } from "~/platform/mail.server";
import { formatDollars } from "~/platform/money";

export class CancellationError extends Error {
  constructor(
    readonly code: "not-found" | "not-cancellable" | "amount" | "forbidden" | "not-configured" | "provider",
    message: string,
  ) {
    super(message);
  }
}

/** Who acts: the owner of the order, or an admin (any order). */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

export interface CancellationOutcome {
  status: "cancelled";
  refund: { cents: number; refundId: string } | null;
}

/** What the emails need, addressed to the ordering account (never the order's contact email). */
export function bookingFacts(
  order: Pick<CancellableBooking, Exclude<keyof BookingFacts, "accountEmail"> | "user">,
): BookingFacts {
  return {
    id: order.id,
    reference: order.reference,
    accountEmail: order.user.email,
    firstName: order.firstName,
    lastName: order.lastName,
    serviceTitle: order.serviceTitle,
    quantity: order.quantity,
    packageType: order.packageType,
    priceCents: order.priceCents,
    travelDate: order.travelDate && isoDate(order.travelDate),
  };
}

/** What was paid by card and not yet refunded (refunds go through the first card payment). */
function refundableCents(order: Pick<CancellableBooking, "payments" | "refundedCents">): number {
  const card = firstCardPayment(order);
  return card ? Math.max(0, card.amountCents - order.refundedCents) : 0;
}

/** Why the booking cannot be cancelled by this actor now, or null (the customer's rules: bookingActions). */
function refusal(order: CancellableBooking, actor: Actor, now: Date): string | null {
  const actions = bookingActions(order, now);
  // The agency may still cancel a live booking whose date has passed.
  return actions.canCancel || (actor.isAdmin && actions.live) ? null : actions.cancelHint;
}

export interface CancellationQuote {
  /** null when it can be cancelled */
  refusal: string | null;
  paid: boolean;
  paidCents: number;
  refundedCents: number;
  /** what an admin may refund at most */
  refundableCents: number;
  /** what the package's policy refunds today */
  policy: PolicyRefund;
}

/** What cancelling the booking now would refund (the order page shows it before the customer confirms). */
export function quoteCancellation(order: CancellableBooking, actor: Actor, now = new Date()): CancellationQuote {
  const today = agencyToday(now);
  const paidCents = order.paidCents;
  const paid = paidCents > 0;
  return {
    refusal: refusal(order, actor, now),
    paid,
    paidCents,
    refundedCents: order.refundedCents,
    refundableCents: refundableCents(order),
    policy: policyRefund({
      policy: refundPolicyOf(order.service?.refundPolicy ?? null),
      paidCents,
      refundedCents: order.refundedCents,
      travelDate: order.travelDate && isoDate(order.travelDate),
      today,
    }),
  };
}

/**
 * The rule of a cancellation, decided once for the order page's confirmation step and for the
 * cancellation itself (page and API): whether this actor may cancel the booking now, and what is
 * refunded (the policy's amount, or the amount an admin chose, at most what is left of the payment).
 * Throws CancellationError saying why not.
 */
export function decideCancellation(
  order: CancellableBooking,
  actor: Actor,
  choice: { amountCents?: number; reason?: string },
  now = new Date(),
): { refundCents: number; quote: CancellationQuote } {
  const quote = quoteCancellation(order, actor, now);
  if (quote.refusal) throw new CancellationError("not-cancellable", quote.refusal);
  if ((choice.amountCents !== undefined || choice.reason !== undefined) && !actor.isAdmin) {
    throw new CancellationError("forbidden", "Only the agency can choose the refund amount or the reason.");
  }
  const refundCents = choice.amountCents ?? quote.policy.cents;
  if (!Number.isInteger(refundCents) || refundCents < 0 || refundCents > quote.refundableCents) {
    throw new CancellationError(
      "amount",
      quote.refundableCents > 0
        ? `The refund can be at most ${formatDollars(quote.refundableCents)} (what was paid, less what was refunded already).`
        : "Nothing was paid for this booking, so nothing can be refunded.",
    );
  }
  return { refundCents, quote };
}

async function loadBooking(orderId: string, actor: Actor): Promise<CancellableBooking> {
  const order = isPlausibleId(orderId) ? await findBooking(orderId, actor.isAdmin ? undefined : actor.id) : null;
  if (!order) throw new CancellationError("not-found", "No such order.");
  return order;
}

/** The booking and its quote, for the order page and the confirmation step. */
export async function cancellationPreview(orderId: string, actor: Actor) {
  const order = await loadBooking(orderId, actor);
  return { order, quote: quoteCancellation(order, actor) };
}

/** Refunds `cents` of the order's card payment; the provider's refusal becomes the booking's. */
async function refundAtProvider(
  order: CancellableBooking,
  cents: number,
  purpose: "cancel" | "late-payment",
): Promise<CardRefund> {
  try {
    return await refundCard({ orderId: order.id, paymentIntentId: firstCardPayment(order)!.transaction, cents, purpose });
  } catch (error) {
    if (error instanceof PaymentError && (error.code === "not-configured" || error.code === "provider")) {
      throw new CancellationError(error.code, error.message);
    }
    throw error;
  }
}

function refundRecord(refund: CardRefund, reason: string, byUserId: string | null) {
  return { ...refund, reason, byUserId };
}

/**
 * Cancels a booking. A customer: their own, before departure, refunded per the package's policy.
 * An admin: any live booking, refunded per the policy or `amountCents` (at most what is left of
 * the payment). A pending (unpaid) booking is cancelled without refund. Seats are given back and
 * the customer and the agency emailed.
 */
export async function cancelBooking(
  orderId: string,
  actor: Actor,
  options: { amountCents?: number; reason?: string; by?: "departure" } = {},
): Promise<CancellationOutcome> {
  const order = await loadBooking(orderId, actor);
  const { refundCents: cents } = decideCancellation(order, actor, options);
  const by = options.by ?? (actor.isAdmin && order.userId !== actor.id ? "agency" : "customer");
  const reason =
    options.reason?.trim() ||
    (by === "departure"
      ? "The departure was cancelled"
      : by === "agency"
        ? "Cancelled by the agency"
        : "Cancelled by the customer");
  const refund = cents > 0 ? await refundAtProvider(order, cents, "cancel") : null;
  const refundCents = refund?.amountCents ?? 0;
  const { cancelled } = await applyCancellation(order.id, {
    from: ["PENDING", "CONFIRMED"],
    refund: refund && refundRecord(refund, reason, actor.id),
    byUserId: actor.id,
    reason,
    emails: cancellationEmails(
      { order: bookingFacts(order), refundCents, refundId: refund?.stripeRefundId ?? null, reason, by },
      env().CONTACT_TO,
    ),
  });
  if (!cancelled && !refund) throw new CancellationError("not-cancellable", "This booking is already cancelled.");
  await deliverOutbox().catch(() => 0);
  return { status: "cancelled", refund: refund && { cents: refund.amountCents, refundId: refund.stripeRefundId } };
}

/**
 * An admin's delete of an order: an unpaid one is cancelled (seats back) and soft-deleted; a paid
 * one is never deleted but cancelled with the policy refund. A customer deletes only their own
 * unpaid orders (app/booking/orders.server.ts checks that first).
 */
export async function cancelForDelete(
  orderId: string,
  actor: Actor,
): Promise<{ deleted: boolean; cancellation: CancellationOutcome | null }> {
  const order = await loadBooking(orderId, actor);
  // A reseller's booking is never deleted either: it is cancelled per the policy and recorded
  // (nothing was paid by card, so nothing is refunded by card; the reseller settles with the agency).
  if (order.paidCents > 0 || order.channel === "RESELLER") {
    if (!actor.isAdmin) throw new CancellationError("forbidden", "A paid order cannot be deleted.");
    if (order.bookingStatus !== "PENDING" && order.bookingStatus !== "CONFIRMED") return { deleted: false, cancellation: null };
    return { deleted: false, cancellation: await cancelBooking(orderId, actor) };
  }
  const { deleted } = await applyCancellation(order.id, {
    from: ["PENDING", "CONFIRMED"],
    refund: null,
    byUserId: actor.id,
    reason: "Order deleted",
    emails: [],
    softDelete: true,
  });
  return { deleted, cancellation: null };
}

/**
 * Cancels a departure: marks it CANCELLED (no new bookings), then cancels and fully refunds each of
 * its live bookings, emailing each customer. Idempotent: a second run (after an interruption or a
 * Stripe error) finds only the bookings still live and refunds through the same keys. Throws after
 * trying them all when some could not be refunded, saying how many.
 */
export async function cancelDeparture({ departureId, byUserId }: { departureId: string; byUserId: string }) {
  if (!(await markDepartureCancelled(departureId))) throw new CancellationError("not-found", "No such departure.");
  const bookings = await listLiveBookingsOf(departureId);
  const admin: Actor = { id: byUserId, isAdmin: true };
  let cancelled = 0;
  let failed = 0;
  for (const booking of bookings) {
    try {
      await cancelBooking(booking.id, admin, {
        amountCents: refundableCents(booking),
        reason: "The departure was cancelled",
        by: "departure",
      });
      cancelled += 1;
    } catch (error) {
      if (error instanceof CancellationError && error.code === "not-cancellable") continue;
      failed += 1;
      logger.error(
        { departureId, orderId: booking.id, error: (error as Error).message },
        "booking of a cancelled departure not cancelled",
      );
    }
  }
  if (failed > 0) {
    throw new CancellationError(
      "provider",
      `The departure is cancelled, but ${failed} of its bookings could not be refunded yet (the payment provider did not answer). Cancel the departure again to retry them.`,
    );
  }
  return { cancelled };
}

/**
 * A payment recorded for a booking that had expired with its seats gone, or was cancelled
 * meanwhile: the whole payment goes back at once and the booking is cancelled, with emails.
 * Throws when Stripe cannot refund it (the webhook then delivers the payment again and this runs again).
 */
export async function refundLatePayment(orderId: string): Promise<void> {
  const order = await findBooking(orderId, undefined, { includeDeleted: true });
  if (!order || !firstCardPayment(order)) return;
  if (order.bookingStatus !== "EXPIRED" && order.bookingStatus !== "CANCELLED") return;
  const cents = refundableCents(order);
  if (cents === 0) return;
  const reason = "Paid after the booking had ended and its seats were gone: refunded in full";
  const refund = await refundAtProvider(order, cents, "late-payment");
  await applyCancellation(order.id, {
    from: ["EXPIRED"],
    refund: refundRecord(refund, reason, null),
    byUserId: null,
    reason,
    emails: latePaymentRefundEmails(
      bookingFacts(order),
      { cents: refund.amountCents, refundId: refund.stripeRefundId },
      env().CONTACT_TO,
    ),
  });
  logger.warn({ orderId, refundId: refund.stripeRefundId }, "late payment refunded in full");
  await deliverOutbox().catch(() => 0);
}

/**
 * charge.refunded: the refunds Stripe has for the charge's payment intent (asked from Stripe, not
 * read from the event), each recorded once; a whole refund of a confirmed booking cancels it.
 */
export async function recordReportedCardRefunds(paymentIntentId: string): Promise<{ recorded: number; cancelled: boolean }> {
  const order = await findBookingByPaymentIntent(paymentIntentId);
  if (!order || !firstCardPayment(order)) return { recorded: 0, cancelled: false };
  const reason = "Refunded in the payment provider's dashboard";
  const records = (await listCardRefunds(paymentIntentId)).map((refund) => refundRecord(refund, reason, null));
  const facts = bookingFacts(order);
  const known = new Set(order.refunds.map((refund) => refund.stripeRefundId));
  const newIds = records
    .filter((record) => !known.has(record.stripeRefundId))
    .map((record) => record.stripeRefundId)
    .join(", ");
  const outcome = await recordReportedRefunds(order.id, records, {
    reason: "Refunded in full in the payment provider's dashboard",
    emails: (newCents, cancelled) =>
      cancelled
        ? cancellationEmails({ order: facts, refundCents: newCents, refundId: newIds, reason, by: "agency" }, env().CONTACT_TO)
        : refundEmails(facts, { cents: newCents, refundIds: newIds }, env().CONTACT_TO),
  });
  await deliverOutbox().catch(() => 0);
  return outcome;
}
