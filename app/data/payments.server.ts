// Payments: one per order (the unique orderId makes a second recording fail with P2002).
import { db } from "~/data/db.server";

/** The spec's payment object of an order (amount, created, last4, transaction), as stored. */
export const paymentRecordSelect = { amountCents: true, created: true, last4: true, transaction: true } as const;

/**
 * In one transaction: the payment, the order marked PAID (and undeleted), and the customer's
 * confirmation email in the outbox. Throws Prisma's P2002 when the order's payment exists.
 */
export async function recordPayment(
  orderId: string,
  payment: { amountCents: number; currency: string; created: Date; last4: string; transaction: string },
  email: { to: string; subject: string; text: string },
): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.payment.create({ data: { orderId, ...payment } });
    await tx.order.update({
      where: { id: orderId },
      data: { paymentStatus: "PAID", stripePaymentIntentId: payment.transaction, deletedAt: null },
    });
    await tx.outboxEmail.create({ data: email });
  });
}
