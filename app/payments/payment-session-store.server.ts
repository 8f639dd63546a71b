// Payment sessions: a customer sent to a local gateway, found again by the gateway's own ids (its
// return and IPN carry no session cookie). A session becomes PAID only in the transaction that
// records its payment (markSessionPaid, called inside booking's recordPayment transaction).
import type { PaymentSessionStatus, Prisma } from "~/generated/prisma/client";
import type { LocalGateway } from "~/payments/providers";
import { db, type Tx } from "~/platform/db.server";

const sessionSelect = {
  id: true,
  orderId: true,
  provider: true,
  part: true,
  amountCents: true,
  amountBdt: true,
  rate: true,
  gatewayId: true,
  status: true,
  note: true,
  paymentId: true,
  providerReference: true,
  refundIssue: true,
  createdAt: true,
} as const satisfies Prisma.PaymentSessionSelect;

type Row = Prisma.PaymentSessionGetPayload<{ select: typeof sessionSelect }>;

/** A session as read: its row, with the gateway's name typed and the rate a number. */
export type PaymentSessionRow = Omit<Row, "provider" | "rate"> & { provider: LocalGateway; rate: number };

const sessionOf = (row: Row): PaymentSessionRow => ({
  ...row,
  provider: row.provider as LocalGateway,
  rate: Number(row.rate.toString()),
});

export async function createPaymentSession(
  session: Pick<PaymentSessionRow, "orderId" | "provider" | "part" | "amountCents" | "amountBdt" | "rate">,
): Promise<PaymentSessionRow> {
  const prisma = await db();
  return sessionOf(await prisma.paymentSession.create({ data: session, select: sessionSelect }));
}

export async function setSessionGatewayId(id: string, gatewayId: string): Promise<void> {
  const prisma = await db();
  await prisma.paymentSession.update({ where: { id }, data: { gatewayId } });
}

/** The session a gateway's return names: SSLCommerz by our tran_id, bKash by its paymentID. */
export async function findPaymentSession(
  provider: LocalGateway,
  key: { id?: string; gatewayId?: string },
): Promise<PaymentSessionRow | null> {
  if (!key.id && !key.gatewayId) return null;
  const prisma = await db();
  const row = await prisma.paymentSession.findFirst({
    where: { provider, ...(key.id ? { id: key.id } : { gatewayId: key.gatewayId }) },
    select: sessionSelect,
  });
  return row ? sessionOf(row) : null;
}

/** The session a recorded payment came from. */
export async function findSessionOfPayment(paymentId: string): Promise<PaymentSessionRow | null> {
  const prisma = await db();
  const row = await prisma.paymentSession.findUnique({ where: { paymentId }, select: sessionSelect });
  return row ? sessionOf(row) : null;
}

/** A session that can no longer be marked paid (refunded meanwhile): the payment's transaction rolls back. */
export class SessionSettledError extends Error {}

/**
 * Marks the session paid with its payment, inside the transaction that recorded it, from one of
 * `from` (a held one only by an administrator's accept); any other state (refunded meanwhile)
 * throws SessionSettledError, so the payment is not recorded either.
 */
export async function markSessionPaid(
  tx: Tx,
  id: string,
  paymentId: string,
  providerReference: string,
  from: PaymentSessionStatus[] = ["OPEN", "FAILED", "CANCELLED"],
): Promise<void> {
  const changed = await tx.paymentSession.updateMany({
    where: { id, paymentId: null, status: { in: from } },
    data: { status: "PAID", paymentId, providerReference, note: null },
  });
  if (changed.count !== 1) throw new SessionSettledError(`payment session ${id} is settled already`);
}

/** A session by our own id (an administrator's decision names it). */
export async function findSessionById(id: string): Promise<PaymentSessionRow | null> {
  const prisma = await db();
  const row = await prisma.paymentSession.findUnique({ where: { id }, select: sessionSelect });
  return row ? sessionOf(row) : null;
}

/** The payments held for review, oldest first, with their booking: what an administrator accepts or refunds. */
export async function listSessionsInReview() {
  const prisma = await db();
  const rows = await prisma.paymentSession.findMany({
    where: { status: "REVIEW" },
    orderBy: { createdAt: "asc" },
    take: 200,
    select: {
      ...sessionSelect,
      updatedAt: true,
      order: {
        select: {
          reference: true,
          firstName: true,
          lastName: true,
          mobileNumber: true,
          serviceTitle: true,
          priceCents: true,
          paidCents: true,
          bookingStatus: true,
          holdExpiresAt: true,
        },
      },
    },
  });
  return rows.map(({ order, updatedAt, ...row }) => ({
    ...sessionOf(row),
    heldSince: updatedAt,
    order,
  }));
}

/**
 * An administrator refunds a held payment: the session leaves REVIEW for REFUNDED first (one
 * decision wins: an accept after this finds it refunded), before the gateway is asked.
 */
export async function claimReviewRefund(id: string, note: string): Promise<boolean> {
  const prisma = await db();
  const changed = await prisma.paymentSession.updateMany({ where: { id, status: "REVIEW" }, data: { status: "REFUNDED", note } });
  return changed.count === 1;
}

/** The gateway refused the refund: the payment is held for review again, with the gateway's reason. */
export async function reopenReview(id: string, note: string): Promise<void> {
  const prisma = await db();
  await prisma.paymentSession.updateMany({ where: { id, status: "REFUNDED" }, data: { status: "REVIEW", note } });
}

/** The refund the gateway made of a held payment, on its session. */
export async function noteSessionRefund(id: string, note: string): Promise<void> {
  const prisma = await db();
  await prisma.paymentSession.updateMany({ where: { id, status: "REFUNDED" }, data: { note } });
}

/** An open session's end as the gateway reports it (a paid one never changes). */
export async function closeSession(
  id: string,
  status: "FAILED" | "CANCELLED" | "REVIEW",
  note: string | null,
  providerReference?: string,
) {
  const prisma = await db();
  const changed = await prisma.paymentSession.updateMany({
    where: { id, status: { in: status === "REVIEW" ? ["OPEN", "FAILED", "CANCELLED"] : ["OPEN"] } },
    data: { status, note, ...(providerReference ? { providerReference } : {}) },
  });
  return changed.count === 1;
}

/** Sessions left open since before `olderThan` (and after `since`): the job asks their gateway. */
export async function listStaleSessions(olderThan: Date, since: Date, limit = 50): Promise<PaymentSessionRow[]> {
  const prisma = await db();
  const rows = await prisma.paymentSession.findMany({
    where: { status: "OPEN", gatewayId: { not: null }, createdAt: { lt: olderThan, gte: since } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: sessionSelect,
  });
  return rows.map(sessionOf);
}

/** Why its payment's automatic refund is not made yet (the gateway's reason), or null once it is. */
export async function setRefundIssue(id: string, issue: string | null): Promise<void> {
  const prisma = await db();
  await prisma.paymentSession.updateMany({ where: { id }, data: { refundIssue: issue } });
}

/** Paid sessions whose automatic refund is not made yet, oldest first, with their booking: the job's and the administrators' list. */
export async function listRefundIssues(limit = 100) {
  const prisma = await db();
  const rows = await prisma.paymentSession.findMany({
    where: { refundIssue: { not: null }, status: "PAID" },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { ...sessionSelect, order: { select: { reference: true, firstName: true, lastName: true } } },
  });
  return rows.map(({ order, ...row }) => ({ ...sessionOf(row), order }));
}
