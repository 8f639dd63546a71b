// The bKash/Nagad claims of bookings (app/booking/paying/offline-payments.server.ts). A claim is filed and
// decided with its order's row locked, like every payment (booking-payments-store.server.ts): the
// balance, the claims already pending and the hold are read and changed one request at a time.
import { mobileTrxKey, recordPayment, type RecordedPayment } from "~/booking/core/booking-payments-store.server";
import type { EmailMessage } from "~/booking/core/lifecycle-emails";
import type { PaymentMethod } from "~/generated/prisma/client";
import { db, type Tx } from "~/platform/db.server";
import { queueEmail } from "~/platform/outbox-store.server";

interface LockedClaimOrder {
  priceCents: number;
  depositCents: number | null;
  paidCents: number;
  bookingStatus: string;
  holdExpiresAt: Date | null;
}

async function lockClaimOrder(tx: Tx, orderId: string): Promise<LockedClaimOrder | null> {
  const [order] = await tx.$queryRaw<LockedClaimOrder[]>`
    SELECT "priceCents", "depositCents", "paidCents", "bookingStatus"::text AS "bookingStatus", "holdExpiresAt"
    FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return order ?? null;
}

async function pendingCentsOf(tx: Tx, orderId: string): Promise<number> {
  const sum = await tx.paymentClaim.aggregate({ where: { orderId, status: "PENDING" }, _sum: { amountCents: true } });
  return sum._sum.amountCents ?? 0;
}

export type FiledClaim =
  { status: "filed"; id: string } | { status: "over"; balanceCents: number } | { status: "covered"; pendingCents: number };

/**
 * Files a claim: the same transaction id again for this order gives its claim (a rejected one is
 * opened again with the amount sent); refused beyond the balance, or while the pending claims
 * already cover it. A claim that makes the pending ones cover what secures a pending booking
 * keeps its seats until `holdUntil` (the hold is never shortened).
 */
export async function fileClaim(
  claim: { orderId: string; userId: string; method: PaymentMethod; amountCents: number; reference: string },
  now: Date,
  holdUntil: Date,
): Promise<FiledClaim> {
  const prisma = await db();
  const trxKey = mobileTrxKey(claim.reference);
  return prisma.$transaction(async (tx) => {
    const order = await lockClaimOrder(tx, claim.orderId);
    if (!order) throw new Error(`fileClaim: no order ${claim.orderId}`);
    const same = await tx.paymentClaim.findFirst({
      where: { orderId: claim.orderId, trxKey },
      orderBy: { createdAt: "desc" },
      select: { id: true, status: true },
    });
    if (same && same.status !== "REJECTED") return { status: "filed", id: same.id };
    const balance = order.priceCents - order.paidCents;
    if (claim.amountCents > balance) return { status: "over", balanceCents: Math.max(0, balance) };
    const pending = await pendingCentsOf(tx, claim.orderId);
    if (pending >= balance) return { status: "covered", pendingCents: pending };
    let id: string;
    if (same) {
      await tx.paymentClaim.update({
        where: { id: same.id },
        data: {
          status: "PENDING",
          method: claim.method,
          amountCents: claim.amountCents,
          reason: null,
          decidedAt: null,
          decidedById: null,
        },
      });
      id = same.id;
    } else {
      id = (await tx.paymentClaim.create({ data: { ...claim, trxKey }, select: { id: true } })).id;
    }
    const toSecure = Math.min(order.depositCents ?? order.priceCents, order.priceCents) - order.paidCents;
    const holding = order.bookingStatus === "PENDING" && order.holdExpiresAt !== null && order.holdExpiresAt > now;
    if (holding && pending + claim.amountCents >= toSecure && order.holdExpiresAt! < holdUntil)
      await tx.order.update({ where: { id: claim.orderId }, data: { holdExpiresAt: holdUntil } });
    return { status: "filed", id };
  });
}

export type DecidedClaim =
  | { status: "decided" }
  | { status: "rejected" }
  | { status: "accepted"; recorded: RecordedPayment }
  | { status: "over"; balanceCents: number }
  | { status: "duplicate" };

/**
 * Decides a pending claim once. Accepted, it becomes a payment in the same transaction; a payment
 * beyond the balance or of a transaction id recorded already changes nothing. Accepted for a
 * booking that had ended (cancelled, or expired with its seats gone), the money did arrive: it is
 * owed back (the payment-claims page's Refunds owed).
 */
export async function decideClaim(
  claimId: string,
  adminId: string,
  decision: { status: "accepted" } | { status: "rejected"; reason: string },
  today: string,
  /** the customer's email for the payment an accepted claim records (queued in its transaction), if any */
  receipt: (
    recorded: Extract<RecordedPayment, { status: "recorded" }>,
  ) => { to: string; subject: string; text: string } | null = () => null,
): Promise<DecidedClaim> {
  const prisma = await db();
  return prisma
    .$transaction(async (tx): Promise<DecidedClaim> => {
      const claim = await tx.paymentClaim.findUniqueOrThrow({ where: { id: claimId } });
      // the order first, as every payment locks it: then the claim's row
      await lockClaimOrder(tx, claim.orderId);
      const { count } = await tx.paymentClaim.updateMany({
        where: { id: claim.id, status: "PENDING" },
        data: {
          status: decision.status === "accepted" ? "ACCEPTED" : "REJECTED",
          reason: decision.status === "rejected" ? decision.reason : null,
          decidedAt: new Date(),
          decidedById: adminId,
        },
      });
      if (count !== 1) return { status: "decided" };
      if (decision.status === "rejected") return { status: "rejected" };
      const recorded = await recordPayment(
        tx,
        {
          orderId: claim.orderId,
          amountCents: claim.amountCents,
          currency: "usd",
          method: claim.method,
          created: new Date(),
          reference: claim.reference,
          recordedById: adminId,
          claimId: claim.id,
        },
        today,
      );
      // nothing of this decision stays: the claim waits for a rejection
      if (recorded.status === "over" || recorded.status === "duplicate") throw new ClaimRollback(recorded);
      const email = receipt(recorded);
      if (email) await queueEmail(email, tx);
      if (recorded.outcome === "refund-due")
        await tx.order.update({
          where: { id: claim.orderId },
          data: { offlineRefundOwedCents: { increment: claim.amountCents } },
        });
      return { status: "accepted", recorded };
    })
    .catch((error: unknown): DecidedClaim => {
      if (!(error instanceof ClaimRollback)) throw error;
      return error.outcome.status === "over"
        ? { status: "over", balanceCents: error.outcome.balanceCents }
        : { status: "duplicate" };
    });
}

class ClaimRollback extends Error {
  constructor(readonly outcome: Extract<RecordedPayment, { status: "over" | "duplicate" }>) {
    super(outcome.status);
  }
}

/**
 * Inside a cancellation's transaction: the booking's pending claims are rejected ("booking
 * cancelled") and the email `tell` gives for each is queued. Returns how many were closed.
 */
export async function closePendingClaims(
  tx: Tx,
  orderId: string,
  tell: (claim: { method: PaymentMethod; amountCents: number; reference: string }) => EmailMessage,
): Promise<number> {
  const pending = await tx.paymentClaim.findMany({
    where: { orderId, status: "PENDING" },
    select: { id: true, method: true, amountCents: true, reference: true },
  });
  let closed = 0;
  for (const claim of pending) {
    const { count } = await tx.paymentClaim.updateMany({
      where: { id: claim.id, status: "PENDING" },
      data: { status: "REJECTED", reason: "booking cancelled", decidedAt: new Date(), decidedById: null },
    });
    if (count !== 1) continue;
    closed += 1;
    await queueEmail(tell(claim), tx);
  }
  return closed;
}

const claimSelect = {
  id: true,
  orderId: true,
  method: true,
  amountCents: true,
  reference: true,
  trxKey: true,
  status: true,
  reason: true,
  createdAt: true,
  decidedAt: true,
  order: {
    select: {
      reference: true,
      firstName: true,
      lastName: true,
      email: true,
      mobileNumber: true,
      serviceTitle: true,
      priceCents: true,
      paidCents: true,
      bookingStatus: true,
      holdExpiresAt: true,
    },
  },
} as const;

/**
 * Claims in this status, oldest first (what waits longest is decided first), each with the other
 * bookings whose live claims or payments carry the same transaction id (flagged to the admin).
 */
export async function listClaims(status: "PENDING" | "ACCEPTED" | "REJECTED") {
  const prisma = await db();
  const claims = await prisma.paymentClaim.findMany({
    where: { status },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: claimSelect,
  });
  const keys = [...new Set(claims.map((claim) => claim.trxKey))];
  const [others, payments] = await Promise.all([
    prisma.paymentClaim.findMany({
      where: { trxKey: { in: keys }, status: { not: "REJECTED" } },
      select: { id: true, trxKey: true, orderId: true, order: { select: { reference: true } } },
    }),
    prisma.payment.findMany({
      where: { mobileTrxKey: { in: keys } },
      select: { mobileTrxKey: true, orderId: true, claimId: true, order: { select: { reference: true } } },
    }),
  ]);
  return claims.map((claim) => {
    const elsewhere = new Set<string>();
    for (const other of others)
      if (other.trxKey === claim.trxKey && other.id !== claim.id && other.orderId !== claim.orderId)
        elsewhere.add(other.order.reference);
    for (const payment of payments)
      if (payment.mobileTrxKey === claim.trxKey && payment.claimId !== claim.id) elsewhere.add(payment.order.reference);
    return { ...claim, sameTransactionIn: [...elsewhere] };
  });
}

/** How many claims wait for an administrator. */
export async function countPending(): Promise<number> {
  const prisma = await db();
  return prisma.paymentClaim.count({ where: { status: "PENDING" } });
}

/** An order's claims, newest first. */
export async function claimsOf(orderId: string) {
  const prisma = await db();
  return prisma.paymentClaim.findMany({ where: { orderId }, orderBy: { createdAt: "desc" }, select: claimSelect });
}

/** A claim's order, when the claim exists. */
export async function findClaim(claimId: string) {
  const prisma = await db();
  return prisma.paymentClaim.findUnique({
    where: { id: claimId },
    select: { id: true, orderId: true, amountCents: true, method: true, reference: true },
  });
}

/**
 * Pending claims filed at or before `filedBy` whose administrators were not reminded yet: each
 * marked reminded once (two instances at once remind once) with the email `remind` gives queued.
 */
export async function remindWaitingClaims(
  filedBy: Date,
  now: Date,
  remind: (claim: {
    method: PaymentMethod;
    amountCents: number;
    reference: string;
    createdAt: Date;
    bookingReference: string;
  }) => EmailMessage,
): Promise<number> {
  const prisma = await db();
  const waiting = await prisma.paymentClaim.findMany({
    where: { status: "PENDING", remindedAt: null, createdAt: { lte: filedBy } },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: {
      id: true,
      method: true,
      amountCents: true,
      reference: true,
      createdAt: true,
      order: { select: { reference: true } },
    },
  });
  let reminded = 0;
  for (const claim of waiting) {
    const done = await prisma.$transaction(async (tx) => {
      const { count } = await tx.paymentClaim.updateMany({
        where: { id: claim.id, status: "PENDING", remindedAt: null },
        data: { remindedAt: now },
      });
      if (count === 1) await queueEmail(remind({ ...claim, bookingReference: claim.order.reference }), tx);
      return count === 1;
    });
    if (done) reminded += 1;
  }
  return reminded;
}
