// Cancelling bookings: by the customer (before departure, the package's refund policy), by an
// admin (the policy refund or an amount they choose), a whole departure (every booking refunded
// in full), and the refunds Stripe reports on its own (charge.refunded). Stripe refunds first,
// with an idempotency key per order's cancellation so that a retry never refunds twice; then one
// transaction records everything (app/booking/cancelling/cancellation-store.server.ts). A Stripe error changes nothing.
import { type CancellationQuote, OFFLINE_REFUND_METHODS } from "~/booking/cancelling/cancellation";
import {
  applyCancellation,
  applyOfflineRefund,
  findOfflineRefund,
  findBooking,
  findBookingByPaymentIntent,
  listLiveBookingsOf,
  markDepartureCancelled,
  recordReportedRefunds,
  type CancellableBooking,
  type RefundBasis,
} from "~/booking/cancelling/cancellation-store.server";
import { allocateRefund, refundableOf, type RefundablePayment } from "~/booking/cancelling/refund-allocation";
import { policyRefund, refundPolicyOf } from "~/booking/cancelling/refund-policy";
import { bookingActions } from "~/booking/core/booking-actions";
import {
  cancellationEmails,
  claimClosedEmail,
  latePaymentRefundEmails,
  offlineRefundEmail,
  overpaymentRefundEmails,
  refundEmails,
  type BookingFacts,
} from "~/booking/core/lifecycle-emails";
import { firstCardPayment, viaGateway } from "~/booking/core/payment-plan";
import { endWaitlistOf } from "~/booking/core/waitlist-offer-store.server";
import { listCardRefunds, PaymentError, refundThroughProvider, type CardRefund } from "~/payments/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { logger } from "~/platform/logger.server";
import { deliverOutbox } from "~/platform/mail.server";
import { formatDollars } from "~/platform/money";

export class CancellationError extends Error {
  constructor(
    readonly code: "not-found" | "not-cancellable" | "amount" | "reason" | "forbidden" | "not-configured" | "provider",
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
  /** what went back to the card(s), with the provider's refund ids */
  refund: { cents: number; refundId: string } | null;
  /** what was paid offline and is due back, when there is some: the agency pays it and records it (recordOfflineRefund) */
  offlineCents?: number;
}

/** What the emails need, addressed to the ordering account (never the order's contact email). */
export function bookingFacts(
  order: Pick<CancellableBooking, Exclude<keyof BookingFacts, "accountEmail" | "travellers"> | "user"> &
    Pick<BookingFacts, "travellers">,
): BookingFacts {
  return {
    id: order.id,
    reference: order.reference,
    accountEmail: order.user.email,
    firstName: order.firstName,
    lastName: order.lastName,
    serviceTitle: order.serviceTitle,
    quantity: order.quantity,
    travellers: order.travellers,
    packageType: order.packageType,
    priceCents: order.priceCents,
    travelDate: order.travelDate && isoDate(order.travelDate),
  };
}

/**
 * The booking's payments as refund-allocation.ts counts them: each card payment with what was
 * refunded of it, and the offline payments together with the offline refunds.
 */
function refundablePayments(order: RefundBasis): RefundablePayment[] {
  // money a gateway took (Stripe, SSLCommerz, bKash) goes back through it
  const cards = order.payments.filter(viaGateway);
  const refundedOf = new Map<string, number>();
  let offlineRefunded = 0;
  for (const refund of order.refunds) {
    // a card refund recorded before refunds named their payment was of the first card payment
    const paymentId = refund.paymentId ?? (refund.method === "CARD" ? cards[0]?.id : null);
    if (paymentId) refundedOf.set(paymentId, (refundedOf.get(paymentId) ?? 0) + refund.amountCents);
    else offlineRefunded += refund.amountCents;
  }
  const payments: RefundablePayment[] = cards.map((payment) => ({
    id: payment.id,
    method: payment.method,
    amountCents: payment.amountCents,
    refundedCents: refundedOf.get(payment.id) ?? 0,
    created: payment.created,
    transaction: payment.transaction,
    viaGateway: true,
  }));
  const offlinePaid = order.payments.filter((payment) => !cards.includes(payment)).reduce((sum, p) => sum + p.amountCents, 0);
  if (offlinePaid > 0) {
    payments.push({
      id: "offline",
      method: "OFFLINE",
      amountCents: offlinePaid,
      refundedCents: offlineRefunded,
      created: new Date(0),
      transaction: null,
    });
  }
  return payments;
}

/** What was paid and not yet refunded, card and offline payments alike. */
function refundableCents(order: RefundBasis): number {
  return refundableOf(refundablePayments(order));
}

/** What the agency may still pay back itself: what was paid offline and not yet refunded. */
export function offlineRefundableCents(order: RefundBasis): number {
  const offline = refundablePayments(order).find((payment) => payment.transaction === null);
  return offline ? Math.max(0, offline.amountCents - offline.refundedCents) : 0;
}

/** Why the booking cannot be cancelled by this actor now, or null (the customer's rules: bookingActions). */
function refusal(order: CancellableBooking, actor: Actor, now: Date): string | null {
  const actions = bookingActions(order, now);
  // The agency may still cancel a live booking whose date has passed.
  return actions.canCancel || (actor.isAdmin && actions.live) ? null : actions.cancelHint;
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
  // An amount the agency chooses below what is left to refund says why (the accountant's question).
  if (choice.amountCents !== undefined && choice.amountCents < quote.refundableCents && !choice.reason?.trim()) {
    throw new CancellationError("reason", "Please give the reason for a partial refund.");
  }
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

/** The email telling the customer that one of their claims closed with the booking. */
export function claimClosedEmailOf(order: Parameters<typeof bookingFacts>[0]) {
  const facts = bookingFacts(order);
  return (claim: { method: string; amountCents: number; reference: string }) =>
    claimClosedEmail(facts, { ...claim, method: claim.method === "NAGAD" ? "Nagad" : "bKash" });
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

/**
 * Refunds the card part of `cents` through the provider, the latest card payment first, splitting
 * across payments when one is not enough (refund-allocation.ts); the provider's refusal becomes
 * the booking's. Returns the refunds made, each with the payment it refunded, and what is left for
 * the agency to pay back itself (what was paid offline).
 */
async function refundAtProvider(
  order: CancellableBooking,
  cents: number,
  purpose: "cancel" | "late-payment",
): Promise<{ refunds: (CardRefund & { paymentId: string })[]; offlineCents: number }> {
  const allocation = allocateRefund(refundablePayments(order), cents);
  const refunds: (CardRefund & { paymentId: string })[] = [];
  try {
    for (const part of allocation.card) {
      const payment = order.payments.find((candidate) => candidate.id === part.paymentId)!;
      const refund = await refundThroughProvider(providerRefundOf(order.id, payment, part.cents, purpose));
      refunds.push({ ...refund, paymentId: part.paymentId });
    }
  } catch (error) {
    if (error instanceof PaymentError && (error.code === "not-configured" || error.code === "provider")) {
      throw new CancellationError(error.code, error.message);
    }
    throw error;
  }
  return { refunds, offlineCents: allocation.offlineCents };
}

function refundRecord(
  refund: CardRefund & { paymentId?: string | null; processing?: boolean },
  reason: string,
  byUserId: string | null,
) {
  const { processing: _processing, ...made } = refund;
  return { ...made, reason, byUserId };
}

/** What the provider that took a payment needs to refund `cents` of it. */
function providerRefundOf(
  orderId: string,
  payment: {
    id: string;
    transaction: string | null;
    provider?: string | null;
    providerReference?: string | null;
    amountCents: number;
  },
  cents: number,
  purpose: "cancel" | "late-payment" | "overpayment",
) {
  return {
    orderId,
    provider: payment.provider ?? null,
    transaction: payment.transaction ?? "",
    providerReference: payment.providerReference ?? null,
    cents,
    paymentId: payment.id,
    paymentCents: payment.amountCents,
    purpose,
  };
}

const centsOf = (refunds: { amountCents: number }[]) => refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
const idsOf = (refunds: { stripeRefundId: string }[]) => refunds.map((refund) => refund.stripeRefundId).join(", ");

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
  const { refunds, offlineCents } = cents > 0 ? await refundAtProvider(order, cents, "cancel") : { refunds: [], offlineCents: 0 };
  const refundCents = centsOf(refunds);
  const refundId = refunds.length > 0 ? idsOf(refunds) : null;
  const { cancelled } = await applyCancellation(order.id, {
    from: ["PENDING", "CONFIRMED"],
    refunds: refunds.map((refund) => refundRecord(refund, reason, actor.id)),
    byUserId: actor.id,
    reason,
    emails: cancellationEmails({ order: bookingFacts(order), refundCents, refundId, offlineCents, reason, by }, env().CONTACT_TO),
    offlineOwedCents: offlineCents,
    claimClosed: claimClosedEmailOf(order),
  });
  if (!cancelled && refunds.length === 0) throw new CancellationError("not-cancellable", "This booking is already cancelled.");
  await deliverOutbox().catch(() => 0);
  return {
    status: "cancelled",
    refund: refundId ? { cents: refundCents, refundId } : null,
    ...(offlineCents > 0 ? { offlineCents } : {}),
  };
}

/**
 * An admin's delete of an order: an unpaid one is cancelled (seats back) and soft-deleted; a paid
 * one is never deleted but cancelled with the policy refund. A customer deletes only their own
 * unpaid orders (app/booking/placing/booking-placement.server.ts checks that first).
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
    refunds: [],
    byUserId: actor.id,
    reason: "Order deleted",
    emails: [],
    softDelete: true,
    claimClosed: claimClosedEmailOf(order),
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
  // Nobody waits for a date that will not run.
  await endWaitlistOf(departureId);
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
  if (!order || !order.payments.some(viaGateway)) return;
  if (order.bookingStatus !== "EXPIRED" && order.bookingStatus !== "CANCELLED") return;
  // The card payments go back; an offline one the agency pays back itself.
  const cents = refundableCents(order) - offlineRefundableCents(order);
  if (cents <= 0) return;
  const reason = "Paid after the booking had ended and its seats were gone: refunded in full";
  const { refunds } = await refundAtProvider(order, cents, "late-payment");
  await applyCancellation(order.id, {
    from: ["EXPIRED"],
    refunds: refunds.map((refund) => refundRecord(refund, reason, null)),
    byUserId: null,
    reason,
    emails: latePaymentRefundEmails(bookingFacts(order), { cents: centsOf(refunds), refundId: idsOf(refunds) }, env().CONTACT_TO),
    claimClosed: claimClosedEmailOf(order),
  });
  logger.warn({ orderId, refundId: idsOf(refunds) }, "late payment refunded in full");
  await deliverOutbox().catch(() => 0);
}

/**
 * A card payment recorded beyond a live booking's balance (the balance was paid meanwhile by
 * other means): its excess goes back to that card at once, recorded as a refund with emails; the
 * booking stays as it is. Idempotent (one provider key per payment); throws when Stripe cannot refund it.
 */
export async function refundOverpayment(orderId: string, paymentIntentId: string): Promise<void> {
  const order = await findBooking(orderId, undefined, { includeDeleted: true });
  if (!order || order.bookingStatus === "EXPIRED" || order.bookingStatus === "CANCELLED") return;
  const payment = order.payments.find((candidate) => candidate.transaction === paymentIntentId);
  if (!payment) return;
  const refundedOfIt = centsOf(order.refunds.filter((refund) => refund.paymentId === payment.id));
  const cents = Math.min(payment.amountCents - refundedOfIt, order.paidCents - order.refundedCents - order.priceCents);
  if (cents <= 0) return;
  const reason = "Paid by card beyond the balance: the excess was refunded automatically";
  let refund: CardRefund;
  try {
    refund = await refundThroughProvider(providerRefundOf(order.id, payment, cents, "overpayment"));
  } catch (error) {
    if (error instanceof PaymentError) throw new CancellationError("provider", error.message);
    throw error;
  }
  await applyCancellation(order.id, {
    from: [],
    refunds: [refundRecord({ ...refund, paymentId: payment.id }, reason, null)],
    byUserId: null,
    reason,
    emails: overpaymentRefundEmails(
      bookingFacts(order),
      { cents: refund.amountCents, refundIds: refund.stripeRefundId },
      env().CONTACT_TO,
    ),
  });
  logger.warn({ orderId, refundId: refund.stripeRefundId }, "card payment beyond the balance refunded");
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
  const paymentId = order.payments.find((payment) => payment.transaction === paymentIntentId)?.id ?? null;
  const records = (await listCardRefunds(paymentIntentId)).map((refund) => refundRecord({ ...refund, paymentId }, reason, null));
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
        ? cancellationEmails(
            { order: facts, refundCents: newCents, refundId: newIds, offlineCents: 0, reason, by: "agency" },
            env().CONTACT_TO,
          )
        : refundEmails(facts, { cents: newCents, refundIds: newIds }, env().CONTACT_TO),
  });
  await deliverOutbox().catch(() => 0);
  return outcome;
}

/**
 * A refund the agency paid back itself (bKash, Nagad, bank transfer, cash) of what the booking was
 * paid offline: recorded by an admin with its reference, at most what was paid offline and not
 * refunded (checked again with the order's row locked), with a reason when it is less than that;
 * its credit note numbered in the same transaction. The same reference again changes nothing.
 */
export async function recordOfflineRefund(
  orderId: string,
  actor: Actor,
  input: { amountCents: number; method: keyof typeof OFFLINE_REFUND_METHODS; reference: string; reason?: string },
): Promise<{ status: "recorded"; creditNoteNumber: string } | { status: "duplicate" }> {
  if (!actor.isAdmin) throw new CancellationError("forbidden", "Only the agency records the refunds it paid back.");
  const order = await loadBooking(orderId, actor);
  const method = input.method.toUpperCase() as "BKASH" | "NAGAD" | "BANK" | "CASH";
  // A second submit of the same form: recorded already, nothing to check.
  const same = await findOfflineRefund(method, input.reference);
  if (same?.orderId === order.id) return { status: "duplicate" };
  if (same) throw new CancellationError("amount", "This reference is already recorded for another booking's refund.");
  const reason = input.reason?.trim() || null;
  const due = offlineRefundableCents(order);
  if (due === 0) throw new CancellationError("amount", "Nothing paid offline is left to refund.");
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > due) {
    throw new CancellationError(
      "amount",
      `The refund can be at most ${formatDollars(due)} (what was paid offline, less what was refunded).`,
    );
  }
  if (input.amountCents < due && !reason) throw new CancellationError("reason", "Please give the reason for a partial refund.");
  const facts = bookingFacts(order);
  const outcome = await applyOfflineRefund(
    order.id,
    { amountCents: input.amountCents, method, reference: input.reference, reason, byUserId: actor.id },
    offlineRefundableCents,
    (creditNoteNumber) => [
      offlineRefundEmail(facts, {
        cents: input.amountCents,
        method: OFFLINE_REFUND_METHODS[input.method],
        reference: input.reference,
        creditNoteNumber,
      }),
    ],
  );
  if (outcome.status === "over") {
    throw new CancellationError(
      "amount",
      `The refund can be at most ${formatDollars(outcome.maxCents)} (what was paid offline, less what was refunded).`,
    );
  }
  if (outcome.status === "recorded") await deliverOutbox().catch(() => 0);
  return outcome;
}
