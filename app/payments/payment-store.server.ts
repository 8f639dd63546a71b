// The payment records: one per order (the unique orderId makes a second recording fail with P2002),
// written in the transaction of the booking that it pays (app/booking/order-status-store.server.ts).
import type { CardPayment } from "~/payments/payments.server";
import type { Tx } from "~/platform/db.server";

/** The spec's payment object of an order (amount, created, last4, transaction), as stored. */
export const paymentRecordSelect = { amountCents: true, created: true, last4: true, transaction: true } as const;

/** Stores the payment of an order, inside the caller's transaction. */
export async function insertPaymentRecord(tx: Tx, orderId: string, payment: CardPayment): Promise<void> {
  await tx.payment.create({ data: { orderId, ...payment } });
}
