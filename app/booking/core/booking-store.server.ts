// Orders: owned by their customer (the owner goes in every `where`), soft-deleted, and priced by
// the server (unitPriceCents and priceCents are copied from the package when it is ordered).
import { newReference } from "~/booking/core/booking-reference";
import { bookingSelect, contactSelect } from "~/booking/core/booking-row.server";
import { recordNewBooking } from "~/booking/core/booking-status-store.server";
import { type SeatsRefusal, takeSeats } from "~/booking/core/departure-store.server";
import { holdLimitRefusal, type HoldLimits, lockAccount, sharedHoldRefusal } from "~/booking/core/hold-store.server";
import type { HoldRefusal } from "~/booking/core/holds";
import { redeemPromoCode } from "~/booking/core/promo-code-store.server";
import type { TravellerRow } from "~/booking/core/traveller-row";
import { claimOffer, hasOffer, lockDeparture, releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import type { Prisma } from "~/generated/prisma/client";
import { db, type Tx } from "~/platform/db.server";
import { queueEmails } from "~/platform/outbox-store.server";
import { keysetAfter, type KeysetPage } from "~/platform/paging";

/** The owner's filter: none for an administrator or the webhook (ownerId undefined). */
function owned(ownerId: string | undefined) {
  return ownerId ? { userId: ownerId } : {};
}

export async function findOrderIdByKey(idempotencyKey: string) {
  const prisma = await db();
  return prisma.order.findUnique({ where: { idempotencyKey }, select: { id: true } });
}

const TRANSACTION_WAIT = { maxWait: 5_000, timeout: 10_000 };

type NewEmail = { to: string; subject: string; text: string; replyTo?: string };

export type PromoCodeRefusal = { reason: "used-up" | "used-by-customer" | "inactive" };

/** A refusal found after something was written in the transaction: thrown to roll it back, returned. */
class Refused extends Error {
  constructor(readonly refusal: PromoCodeRefusal | HoldRefusal | SeatsRefusal) {
    super(refusal.reason);
  }
}

/**
 * Creates a booking in one transaction: the departure's seats (its travellers who take one) (when it has one, taken with one
 * conditional UPDATE, unless the account would hold more seats unpaid than `holdLimits` allow; an
 * administrator, booking for a customer on the phone, is not limited), the order with a new
 * reference and one row per traveller, the first row of its history and its emails (written with the order id and reference,
 * to the account's own address). Nothing is kept when the seats are refused. Throws Prisma's P2002
 * when an order with the same idempotency key exists (the seats taken are given back with the
 * rollback). A reference already taken fails the insert and aborts the transaction: it is run
 * again with another one.
 */
export async function createBooking(
  data: Omit<Prisma.OrderUncheckedCreateInput, "reference"> & { userId: string; quantity: number },
  {
    today,
    now,
    holdLimits,
    emails,
    travellers = [],
    reference = newReference,
    promo = null,
  }: {
    today: string;
    now: Date;
    /** null: not limited (an administrator's booking, a reseller's account) */
    holdLimits: HoldLimits | null;
    /** one per person; their seat-taking ones are data.quantity */
    travellers?: TravellerRow[];
    emails: (order: { id: string; reference: string }, accountEmail: string) => NewEmail[];
    reference?: () => string;
    /** the code data.promoCodeId names: one of its redemptions is taken with the order */
    promo?: { id: string; maxPerCustomer: number | null } | null;
  },
): Promise<{ ok: true; id: string; reference: string } | ({ ok: false } & (SeatsRefusal | HoldRefusal | PromoCodeRefusal))> {
  const prisma = await db();
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(async (tx) => {
        // One order of an account at a time: its unpaid seats are counted with no other order of its own under way.
        const account = await lockAccount(tx, data.userId);
        if (data.departureId && holdLimits && !account.isAdmin) {
          const order = { userId: data.userId, departureId: data.departureId, quantity: data.quantity, now };
          const refusal = await holdLimitRefusal(tx, order, holdLimits);
          if (refusal) return { ok: false as const, ...refusal };
        }
        if (data.departureId) {
          // The account's waitlist offer on the date (its seats held for it): the booking takes them
          // over, the seats it needs besides taken, those it leaves offered to the next party.
          let offered = 0;
          if (await hasOffer(tx, { userId: data.userId, departureId: data.departureId, now })) {
            await lockDeparture(tx, data.departureId);
            offered = await claimOffer(tx, { userId: data.userId, departureId: data.departureId, now });
          }
          const taken = await takeSeats(tx, data.departureId, Math.max(0, data.quantity - offered), today);
          if (!taken.ok) {
            // Thrown when an offer was claimed: the claim goes back with the transaction.
            if (offered > 0) throw new Refused(taken);
            return taken;
          }
          if (offered > data.quantity) await releaseSeatsToWaitlist(tx, data.departureId, offered - data.quantity, now);
          if (holdLimits && !account.isAdmin && offered === 0) {
            const order = { userId: data.userId, departureId: data.departureId, quantity: data.quantity, now };
            const shared = await sharedHoldRefusal(tx, order, holdLimits.sharePerDeparture);
            // Thrown: the seats just taken go back with the transaction.
            if (shared) throw new Refused(shared);
          }
        }
        if (promo) {
          const redeemed = await redeemPromoCode(tx, promo, data.userId);
          if (redeemed !== "redeemed") throw new Refused({ reason: redeemed });
        }
        const order = await tx.order.create({ data: { ...data, reference: reference() }, select: { id: true, reference: true } });
        await tx.traveller.createMany({
          data: travellers.map(({ dateOfBirth, ...traveller }) => ({
            ...traveller,
            orderId: order.id,
            dateOfBirth: dateOfBirth ? new Date(`${dateOfBirth}T00:00:00Z`) : null,
          })),
        });
        await recordNewBooking(tx, order.id, data.userId);
        await queueEmails(emails(order, account.email), tx);
        return { ok: true as const, ...order };
        // Orders of one date queue on its row: wait for a connection as long as the pool does (app/platform/db.server.ts).
      }, TRANSACTION_WAIT);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, ...error.refusal };
      if (attempt >= REFERENCE_ATTEMPTS || !isReferenceTaken(error)) throw error;
    }
  }
}

// With 100,000 orders a new draw is taken once in ~8,900: a fifth draw is never needed in practice.
const REFERENCE_ATTEMPTS = 5;

/** Prisma's P2002 on Order.reference: the embedded database names the column, PostgreSQL the index. */
function isReferenceTaken(error: unknown): boolean {
  const { code, meta } = error as { code?: string; meta?: { driverAdapterError?: { cause?: { constraint?: unknown } } } };
  const constraint = meta?.driverAdapterError?.cause?.constraint as { fields?: string[]; index?: string } | undefined;
  return code === "P2002" && (constraint?.fields?.includes("reference") === true || constraint?.index === "Order_reference_key");
}

/** A page of live orders, or of those of the account with this email, newest first. */
export async function listBookingRecords(email: string | undefined, page: KeysetPage) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { deletedAt: null, ...(email !== undefined ? { user: { email } } : {}), ...keysetAfter(page.after) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit,
    select: bookingSelect,
  });
}

export async function findBookingRecord(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({ where: { id: orderId, deletedAt: null, ...owned(ownerId) }, select: bookingSelect });
}

/** A live order (of this owner, when one is given): its payment status and what names it to its owner and the agency. */
export async function findOrderSummary(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({ where: { id: orderId, deletedAt: null, ...owned(ownerId) }, select: bookingSelect });
}

/** What paying needs. Confirmation also finds an order deleted while its payment was under way. */
export async function findPayableOrder(orderId: string, ownerId: string | undefined, { includeDeleted = false } = {}) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, ...(includeDeleted ? {} : { deletedAt: null }), ...owned(ownerId) },
    select: bookingSelect,
  });
}

/**
 * The order's current payment intent, over `replacing` (the one the caller read; false when another
 * took its place meanwhile); an order with nothing paid yet is then PROCESSING (a partly paid one stays so).
 */
export async function attachPaymentIntent(orderId: string, paymentIntentId: string, replacing: string | null): Promise<boolean> {
  const prisma = await db();
  // Only over the intent the caller read: of two tabs opening intents at once, one attaches its own.
  const { count } = await prisma.order.updateMany({
    where: {
      id: orderId,
      paymentStatus: { not: "PAID" },
      OR: [{ stripePaymentIntentId: replacing }, { stripePaymentIntentId: paymentIntentId }],
    },
    data: { stripePaymentIntentId: paymentIntentId },
  });
  if (count === 0) return false;
  await prisma.order.updateMany({
    where: { id: orderId, paidCents: 0, paymentStatus: { in: ["UNPAID", "FAILED"] } },
    data: { paymentStatus: "PROCESSING" },
  });
  return true;
}

/** The intent failed: an order with nothing paid yet shows it; a paid or partly paid one never changes. */
export async function markPaymentFailed(orderId: string, paymentIntentId: string): Promise<void> {
  const prisma = await db();
  await prisma.order.updateMany({
    where: { id: orderId, stripePaymentIntentId: paymentIntentId, paidCents: 0 },
    data: { paymentStatus: "FAILED" },
  });
}

/** What the payment page shows: the customer's own order, with its payment once recorded. */
export async function findPaymentPageOrder(orderId: string, ownerId: string) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, userId: ownerId, deletedAt: null },
    select: bookingSelect,
  });
}

/**
 * The contact of the customer's latest website booking: a returning customer's checkout starts from
 * it. Reseller bookings carry their own travellers' contact, not the account's.
 */
export async function findLastBillingContact(userId: string) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { userId, channel: "WEBSITE" },
    orderBy: { createdAt: "desc" },
    select: contactSelect,
  });
}

/**
 * A deleted account's bookings, in its deletion's transaction (app/accounts/account-store.server.ts):
 * unpaid ones without a payment go; the others (paid, or a card payment under way) stay for the
 * agency's records with the person's contact replaced by `anonymous`.
 */
export async function forgetCustomerBookings(tx: Tx, userId: string, anonymous: Prisma.OrderUpdateManyMutationInput) {
  await tx.order.deleteMany({ where: { userId, paymentStatus: { in: ["UNPAID", "FAILED"] }, payments: { none: {} } } });
  await tx.order.updateMany({ where: { userId }, data: anonymous });
}
