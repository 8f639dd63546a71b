// A booking's life after ordering, each step in one transaction: its cancellation (with the
// refund Stripe made, the status and its history, the seats given back and the emails), refunds
// made in Stripe's dashboard, and what an order page shows. Refunds are unique by Stripe's id, so
// a refund reported twice (our own call and the webhook) is recorded once; refundedCents is
// always the sum of the order's refunds.
import { paymentRecordSelect } from "~/booking/core/booking-payments-store.server";
import { bookingSelect } from "~/booking/core/booking-row.server";
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import { closePendingClaims } from "~/booking/core/payment-claim-store.server";
import { releasePromoCode } from "~/booking/core/promo-code-store.server";
import { releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import { savePackageRefundPolicy } from "~/catalogue/index.server";
import { type Prisma, type BookingStatus, type PaymentMethod } from "~/generated/prisma/client";
import { takeCreditNoteNumber } from "~/invoicing/index.server";
import { forgetCachedLists } from "~/platform/cache.server";
import { db, type Tx } from "~/platform/db.server";
import { queueEmails } from "~/platform/outbox-store.server";

/**
 * The emails that can reach someone: never to an address of the reserved `.invalid` domain (a
 * reseller's account on the site, app/booking/channel/channel-bookings.server.ts, which is never verified).
 */
function reachable<Message extends { to: string }>(emails: Message[]): Message[] {
  return emails.filter((email) => !/\.invalid$/i.test(email.to.trim()));
}

/** Statuses that hold their departure's seats. */
const HOLDS_SEATS: BookingStatus[] = ["PENDING", "CONFIRMED"];

/** A booking with what cancelling it needs: its package's policy and the refunds recorded. */
const cancellableSelect = {
  ...bookingSelect,
  service: { select: { id: true, refundPolicy: true } },
  // each payment with its id, and each refund with the payment it refunded: a refund's split (refund-allocation.ts)
  payments: { orderBy: { created: "asc" }, select: { id: true, ...paymentRecordSelect } },
  refunds: { select: { stripeRefundId: true, paymentId: true, method: true, amountCents: true } },
} as const;

export type CancellableBooking = Prisma.OrderGetPayload<{ select: typeof cancellableSelect }>;

/** A live order (of this owner, when one is given) with what cancelling it needs. */
export async function findBooking(orderId: string, ownerId: string | undefined, { includeDeleted = false } = {}) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, ...(includeDeleted ? {} : { deletedAt: null }), ...(ownerId ? { userId: ownerId } : {}) },
    select: cancellableSelect,
  });
}

/** The order paid by this payment intent (the webhook's way in). */
export async function findBookingByPaymentIntent(paymentIntentId: string) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { OR: [{ payments: { some: { transaction: paymentIntentId } } }, { stripePaymentIntentId: paymentIntentId }] },
    select: cancellableSelect,
  });
}

/** The bookings of a departure that still hold seats (a departure's cancellation goes through them). */
export async function listLiveBookingsOf(departureId: string) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { departureId, bookingStatus: { in: HOLDS_SEATS } },
    orderBy: { createdAt: "asc" },
    select: cancellableSelect,
  });
}

/** Marks the departure cancelled (once); false when it does not exist. */
export async function markDepartureCancelled(departureId: string): Promise<boolean> {
  const prisma = await db();
  await prisma.departure.updateMany({ where: { id: departureId, status: { not: "CANCELLED" } }, data: { status: "CANCELLED" } });
  forgetCachedLists();
  return (await prisma.departure.count({ where: { id: departureId } })) === 1;
}

export interface RefundRecord {
  stripeRefundId: string;
  /** the card payment refunded */
  paymentId?: string | null;
  amountCents: number;
  reason: string | null;
  byUserId: string | null;
  createdAt?: Date;
}

interface Email {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/**
 * Records refunds (each Stripe id once), each new one with its credit note's number, and sets
 * refundedCents to their sum; returns how many were new. The order's row is locked first, so two
 * reports of one refund (our call and the webhook) wait for each other and number it once.
 */
async function recordRefunds(tx: Tx, orderId: string, refunds: RefundRecord[]): Promise<number> {
  if (refunds.length === 0) return 0;
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  const known = await tx.refund.findMany({
    where: { stripeRefundId: { in: refunds.map((refund) => refund.stripeRefundId) } },
    select: { stripeRefundId: true },
  });
  const recorded = new Set(known.map((refund) => refund.stripeRefundId));
  let count = 0;
  for (const refund of refunds) {
    if (recorded.has(refund.stripeRefundId)) continue;
    recorded.add(refund.stripeRefundId);
    const creditNoteNumber = await takeCreditNoteNumber(tx, refund.createdAt ?? new Date());
    await tx.refund.create({ data: { orderId, ...refund, creditNoteNumber } });
    count += 1;
  }
  const sum = await tx.refund.aggregate({ where: { orderId }, _sum: { amountCents: true } });
  await tx.order.update({ where: { id: orderId }, data: { refundedCents: sum._sum.amountCents ?? 0 } });
  return count;
}

/**
 * In one transaction: the refund Stripe made (if any), the booking cancelled from one of `from`
 * with a row of history, its seats given back when it held them (and its promo code's use when unpaid), and the emails, queued only when
 * this call changed something. Returns whether the status changed and whether the refund was new.
 */
export async function applyCancellation(
  orderId: string,
  change: {
    from: BookingStatus[];
    refunds: RefundRecord[];
    byUserId: string | null;
    reason: string;
    emails: Email[];
    /** soft-delete the order too (an unpaid order's delete) */
    softDelete?: boolean;
    /** what the agency owes back offline once it is cancelled (the policy's refund beyond the cards) */
    offlineOwedCents?: number;
    /** once cancelled, its pending claims close ("booking cancelled") with this email each */
    claimClosed?: (claim: { method: PaymentMethod; amountCents: number; reference: string }) => Email;
  },
): Promise<{ cancelled: boolean; refunded: boolean; deleted: boolean }> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    let deleted = false;
    const refunded = (await recordRefunds(tx, orderId, change.refunds)) > 0;
    const before = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { bookingStatus: true, departureId: true, quantity: true, paidCents: true },
    });
    const cancelled = await changeBookingStatus(tx, orderId, {
      from: change.from,
      to: "CANCELLED",
      byUserId: change.byUserId,
      reason: change.reason,
    });
    if (cancelled && before.departureId && HOLDS_SEATS.includes(before.bookingStatus)) {
      await releaseSeatsToWaitlist(tx, before.departureId, before.quantity);
    }
    if (cancelled && change.claimClosed) await closePendingClaims(tx, orderId, change.claimClosed);
    if (cancelled && change.offlineOwedCents)
      await tx.order.update({ where: { id: orderId }, data: { offlineRefundOwedCents: change.offlineOwedCents } });
    // Cancelled with nothing paid (not even a deposit): its promo code's use is given back (after
    // the seats: the order placement's lock order).
    if (cancelled && before.paidCents === 0) await releasePromoCode(tx, orderId);
    if (change.softDelete && (cancelled || before.bookingStatus === "CANCELLED" || before.bookingStatus === "EXPIRED")) {
      const { count } = await tx.order.updateMany({
        where: { id: orderId, deletedAt: null, paidCents: 0 },
        data: { deletedAt: new Date() },
      });
      deleted = count === 1;
    }
    if (cancelled || refunded) await queueEmails(reachable(change.emails), tx);
    return { cancelled, refunded, deleted };
  });
}

/** The order an offline refund of this method and reference was recorded for, if it was. */
export async function findOfflineRefund(method: "BKASH" | "NAGAD" | "BANK" | "CASH", reference: string) {
  const prisma = await db();
  return prisma.refund.findUnique({ where: { method_reference: { method, reference } }, select: { orderId: true } });
}

/** What a booking's refund limits are computed from: its payments and the refunds made of them. */
const refundBasisSelect = {
  payments: { orderBy: { created: "asc" }, select: { id: true, ...paymentRecordSelect } },
  refunds: { select: { stripeRefundId: true, paymentId: true, method: true, amountCents: true } },
} as const;

export type RefundBasis = Prisma.OrderGetPayload<{ select: typeof refundBasisSelect }>;

/**
 * An offline refund the agency paid back (bKash, Nagad, bank, cash), in one transaction with the
 * order's row locked: at most `limit` of what the booking's payments and refunds leave (read again
 * under the lock), numbered with its credit note, refundedCents summed again, the emails queued.
 * Its reference is recorded once per method: a second submit finds it ("duplicate").
 */
export async function applyOfflineRefund(
  orderId: string,
  refund: {
    amountCents: number;
    method: "BKASH" | "NAGAD" | "BANK" | "CASH";
    reference: string;
    reason: string | null;
    byUserId: string;
  },
  limit: (basis: RefundBasis) => number,
  emails: (creditNoteNumber: string) => Email[],
): Promise<{ status: "recorded"; creditNoteNumber: string } | { status: "duplicate" } | { status: "over"; maxCents: number }> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const [{ offlineRefundOwedCents: owed }] = await tx.$queryRaw<{ offlineRefundOwedCents: number }[]>`
      SELECT "offlineRefundOwedCents" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
    const same = await tx.refund.findUnique({
      where: { method_reference: { method: refund.method, reference: refund.reference } },
      select: { orderId: true },
    });
    if (same) return { status: "duplicate" as const };
    const basis = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: refundBasisSelect });
    const maxCents = limit(basis);
    if (refund.amountCents > maxCents) return { status: "over" as const, maxCents };
    const createdAt = new Date();
    const creditNoteNumber = await takeCreditNoteNumber(tx, createdAt);
    await tx.refund.create({ data: { orderId, ...refund, stripeRefundId: null, creditNoteNumber, createdAt } });
    const sum = await tx.refund.aggregate({ where: { orderId }, _sum: { amountCents: true } });
    await tx.order.update({
      where: { id: orderId },
      data: {
        refundedCents: sum._sum.amountCents ?? 0,
        // What is still owed after a cancellation (the row is locked: read and written in turn).
        offlineRefundOwedCents: Math.max(0, owed - refund.amountCents),
      },
    });
    await queueEmails(reachable(emails(creditNoteNumber)), tx);
    return { status: "recorded" as const, creditNoteNumber };
  });
}

/** Bookings whose offline refund is still owed, the longest waiting first (the payment claims page). */
export async function listOfflineRefundsOwed(limit = 200) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { offlineRefundOwedCents: { gt: 0 } },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, reference: true, firstName: true, lastName: true, offlineRefundOwedCents: true, updatedAt: true },
  });
}

/**
 * Refunds Stripe reports for the order (made in its dashboard or by us), each recorded once. When
 * they add up to the whole payment, a confirmed booking is cancelled and its seats given back.
 * Returns how many were new and whether the booking was cancelled.
 */
export async function recordReportedRefunds(
  orderId: string,
  refunds: RefundRecord[],
  cancellation: { reason: string; emails: (newCents: number, cancelled: boolean) => Email[] },
): Promise<{ recorded: number; cancelled: boolean }> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const { refundedCents: before } = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { refundedCents: true },
    });
    const recorded = await recordRefunds(tx, orderId, refunds);
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: {
        bookingStatus: true,
        departureId: true,
        quantity: true,
        refundedCents: true,
        paidCents: true,
      },
    });
    const whole = order.paidCents > 0 && order.refundedCents >= order.paidCents;
    let cancelled = false;
    if (recorded > 0 && whole && order.bookingStatus === "CONFIRMED") {
      cancelled = await changeBookingStatus(tx, orderId, {
        from: ["CONFIRMED"],
        to: "CANCELLED",
        byUserId: null,
        reason: cancellation.reason,
      });
      if (cancelled && order.departureId) await releaseSeatsToWaitlist(tx, order.departureId, order.quantity);
    }
    if (recorded > 0) {
      await queueEmails(reachable(cancellation.emails(order.refundedCents - before, cancelled)), tx);
    }
    return { recorded, cancelled };
  });
}

/** What the order page shows: the order, its payment, refunds and history (its owner's, or any for an admin). */
export async function findBookingPage(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: {
      ...cancellableSelect,
      refunds: {
        orderBy: { createdAt: "asc" },
        select: {
          amountCents: true,
          stripeRefundId: true,
          paymentId: true,
          method: true,
          reference: true,
          creditNoteNumber: true,
          reason: true,
          createdAt: true,
        },
      },
      statusChanges: {
        orderBy: { createdAt: "asc" },
        select: { fromStatus: true, toStatus: true, reason: true, createdAt: true },
      },
    },
  });
}

/** The package's stored refund policy (null: the default), for the admin form. */
export async function findRefundPolicy(packageId: string) {
  const prisma = await db();
  return prisma.service.findFirst({
    where: { id: packageId, deletedAt: null },
    select: { id: true, title: true, refundPolicy: true },
  });
}

/** The refund policy of every package on sale, in one query (a list of packages reads them at once). */
export async function listRefundPolicies() {
  const prisma = await db();
  return prisma.service.findMany({ where: { deletedAt: null }, select: { id: true, refundPolicy: true } });
}

/** Returns false when the package does not exist (or is deleted); the package's row is catalogue's. */
export async function saveRefundPolicy(
  packageId: string,
  tiers: { minDays: number; percent: number }[] | null,
): Promise<boolean> {
  return savePackageRefundPolicy(packageId, tiers);
}
