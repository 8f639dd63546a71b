// The bookings whose balance asks for something (app/booking/paying/balance-dues.server.ts). Each change
// happens in one transaction with the order's row locked, like recordPayment's, and is conditional
// on what the job read: two instances (or a payment arriving meanwhile) never send a reminder twice
// nor cancel a booking whose balance was just paid.
import { bookingFactsSelect } from "~/booking/core/booking-row.server";
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import type { EmailMessage } from "~/booking/core/lifecycle-emails";
import { closePendingClaims } from "~/booking/core/payment-claim-store.server";
import { releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import { type PaymentMethod, type Prisma } from "~/generated/prisma/client";
import { db, type Tx } from "~/platform/db.server";
import { queueEmail, queueEmails } from "~/platform/outbox-store.server";

/** A confirmed website booking with a balance left (resellers pay the agency themselves). */
const owesBalance = {
  bookingStatus: "CONFIRMED",
  channel: "WEBSITE",
  deletedAt: null,
  balanceDueDate: { not: null },
} satisfies Prisma.OrderWhereInput;

const dueSelect = {
  ...bookingFactsSelect,
  paidCents: true,
  balanceDueDate: true,
  balanceReminder7SentAt: true,
  balanceReminder1SentAt: true,
} as const;

export type BalanceDueBooking = Prisma.OrderGetPayload<{ select: typeof dueSelect }>;

/** The bookings whose balance day is from `from` to `until` (YYYY-MM-DD), after `afterId`, by id. */
export async function bookingsWithBalanceDue(range: { from?: string; until: string }, limit: number, afterId?: string) {
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where: {
      ...owesBalance,
      balanceDueDate: {
        not: null,
        ...(range.from ? { gte: new Date(`${range.from}T00:00:00Z`) } : {}),
        lte: new Date(`${range.until}T00:00:00Z`),
      },
      ...(afterId ? { id: { gt: afterId } } : {}),
    },
    orderBy: { id: "asc" },
    take: limit,
    select: dueSelect,
  });
  // paidCents < priceCents compares two columns, which Prisma's filters cannot: checked here (and again under the lock).
  return {
    rows: rows.filter((row) => row.paidCents < row.priceCents),
    last: rows.at(-1)?.id ?? null,
    full: rows.length === limit,
  };
}

/** Locks the order and reads it again: still a confirmed website booking with a balance left? */
async function lockOwing(tx: Tx, orderId: string): Promise<BalanceDueBooking | null> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  const order = await tx.order.findFirst({ where: { id: orderId, ...owesBalance }, select: dueSelect });
  return order && order.paidCents < order.priceCents ? order : null;
}

/** A balance under one dollar (rounding of a percentage, say) never cancels a booking. */
const LEAST_OVERDUE_CENTS = 100;

/** Marks the reminder sent and queues its email, once; false when it went already or the balance was paid. */
export async function sendBalanceReminder(
  orderId: string,
  which: "7-days" | "1-day",
  email: (order: BalanceDueBooking) => EmailMessage,
  now: Date,
): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const order = await lockOwing(tx, orderId);
    if (!order) return false;
    const field = which === "7-days" ? "balanceReminder7SentAt" : "balanceReminder1SentAt";
    const { count } = await tx.order.updateMany({ where: { id: orderId, [field]: null }, data: { [field]: now } });
    if (count !== 1) return false;
    await queueEmail(email(order), tx);
    return true;
  });
}

/** CONFIRMED → CANCELLED for a balance not paid in time: seats freed, history and emails, once. */
export async function cancelOverdue(
  orderId: string,
  lastOverdueDueDate: string,
  emails: (order: BalanceDueBooking) => EmailMessage[],
  claimClosed: (
    order: BalanceDueBooking,
  ) => (claim: { method: PaymentMethod; amountCents: number; reference: string }) => EmailMessage,
  /** claims filed since then and still pending keep the booking while they cover the balance */
  claimsFiledSince: Date,
): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const order = await lockOwing(tx, orderId);
    if (!order?.balanceDueDate || order.balanceDueDate > new Date(`${lastOverdueDueDate}T00:00:00Z`)) return false;
    if (order.priceCents - order.paidCents < LEAST_OVERDUE_CENTS) return false;
    const claimed = await tx.paymentClaim.aggregate({
      where: { orderId, status: "PENDING", createdAt: { gte: claimsFiledSince } },
      _sum: { amountCents: true },
    });
    if ((claimed._sum.amountCents ?? 0) >= order.priceCents - order.paidCents) return false;
    const { departureId } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { departureId: true } });
    const cancelled = await changeBookingStatus(tx, orderId, {
      from: ["CONFIRMED"],
      to: "CANCELLED",
      byUserId: null,
      reason: "balance overdue",
    });
    if (!cancelled) return false;
    if (departureId) await releaseSeatsToWaitlist(tx, departureId, order.quantity);
    await closePendingClaims(tx, orderId, claimClosed(order));
    await queueEmails(emails(order), tx);
    return true;
  });
}
