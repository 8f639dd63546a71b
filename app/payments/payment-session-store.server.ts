// Payment sessions: a customer sent to a local gateway, found again by the gateway's own ids (its
// return and IPN carry no session cookie). A session becomes PAID only in the transaction that
// records its payment (markSessionPaid, called inside booking's recordPayment transaction).
import type { PaymentSessionStatus } from "~/generated/prisma/client";
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
  createdAt: true,
} as const;

export type PaymentSessionRow = {
  id: string;
  orderId: string;
  provider: LocalGateway;
  part: string;
  amountCents: number;
  amountBdt: number;
  rate: number;
  gatewayId: string | null;
  status: PaymentSessionStatus;
  note: string | null;
  paymentId: string | null;
  createdAt: Date;
};

type Row = { rate: { toString(): string }; provider: string } & Omit<PaymentSessionRow, "rate" | "provider">;
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

/** Marks the session paid with its payment, inside the transaction that recorded it. */
export async function markSessionPaid(tx: Tx, id: string, paymentId: string, providerReference: string): Promise<void> {
  await tx.paymentSession.updateMany({
    where: { id, paymentId: null },
    data: { status: "PAID", paymentId, providerReference, note: null },
  });
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
