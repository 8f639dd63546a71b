// The card money recorded here in a period, for reconciling it with the card provider: each
// payment and refund with the provider's id, amount, the provider's time and its booking.
import type { LedgerEntry } from "~/payments";
import { db } from "~/platform/db.server";

/** The card payments and refunds recorded here that the provider made in [from, to). */
export async function recordedCardMoney(from: Date, to: Date): Promise<{ payments: LedgerEntry[]; refunds: LedgerEntry[] }> {
  const prisma = await db();
  const [payments, refunds] = await Promise.all([
    prisma.payment.findMany({
      // card payments only: offline ones never reach the provider
      where: { created: { gte: from, lt: to }, method: "CARD", transaction: { not: null } },
      select: { transaction: true, amountCents: true, created: true, orderId: true },
    }),
    prisma.refund.findMany({
      // card refunds only: the agency pays offline ones back itself
      where: { createdAt: { gte: from, lt: to }, method: "CARD", stripeRefundId: { not: null } },
      select: { stripeRefundId: true, amountCents: true, createdAt: true, orderId: true },
    }),
  ]);
  return {
    payments: payments.map((payment) => ({
      id: payment.transaction!,
      amountCents: payment.amountCents,
      created: payment.created.toISOString(),
      orderId: payment.orderId,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.stripeRefundId!,
      amountCents: refund.amountCents,
      created: refund.createdAt.toISOString(),
      orderId: refund.orderId,
    })),
  };
}

/** The bookings these card payments (payment intent ids) were recorded for or opened from. */
export async function ordersOfPaymentIntents(paymentIntentIds: string[]): Promise<Map<string, string>> {
  if (paymentIntentIds.length === 0) return new Map();
  const prisma = await db();
  const [payments, orders] = await Promise.all([
    prisma.payment.findMany({ where: { transaction: { in: paymentIntentIds } }, select: { transaction: true, orderId: true } }),
    prisma.order.findMany({
      where: { stripePaymentIntentId: { in: paymentIntentIds } },
      select: { stripePaymentIntentId: true, id: true },
    }),
  ]);
  return new Map([
    ...orders.map((order) => [order.stripePaymentIntentId!, order.id] as const),
    ...payments.map((payment) => [payment.transaction!, payment.orderId] as const),
  ]);
}

/** The references of these bookings (deleted ones included: their money stays on the books). */
export async function bookingReferences(orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const prisma = await db();
  const orders = await prisma.order.findMany({ where: { id: { in: orderIds } }, select: { id: true, reference: true } });
  return new Map(orders.map((order) => [order.id, order.reference]));
}
