// The payment records (decision 0012: payments owns them): a booking's payment is written here,
// inside the booking's transaction (app/booking/core/booking-payments-store.server.ts decides what
// it does to the booking).
import type { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/platform/db.server";

/** Writes the payment's row in `tx`; returns its id. */
export async function insertPaymentRecord(tx: Tx, data: Prisma.PaymentUncheckedCreateInput): Promise<string> {
  return (await tx.payment.create({ data, select: { id: true } })).id;
}
