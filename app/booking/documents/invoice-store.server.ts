// What a booking's invoice prints: the order with its customer, travellers, discount, payments and
// refunds (each with its credit note), for its owner or an admin.
import { contactSelect } from "~/booking/core/booking-row.server";
import { db } from "~/platform/db.server";

/** A live order (of this owner, when one is given) with its invoice's facts; null when there is none. */
export async function findInvoiceBooking(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: {
      id: true,
      userId: true,
      reference: true,
      invoiceNumber: true,
      invoicedAt: true,
      bookingStatus: true,
      paymentStatus: true,
      serviceTitle: true,
      travelDate: true,
      quantity: true,
      unitPriceCents: true,
      priceCents: true,
      discountCents: true,
      promoCode: { select: { code: true } },
      ...contactSelect,
      country: true,
      email: true,
      paidCents: true,
      depositCents: true,
      travellers: { orderBy: { position: "asc" }, select: { categoryName: true, priceCents: true } },
      payments: {
        orderBy: { created: "asc" },
        select: {
          id: true,
          amountCents: true,
          created: true,
          kind: true,
          method: true,
          transaction: true,
          reference: true,
          provider: true,
          providerReference: true,
          amountBdt: true,
          rate: true,
        },
      },
      refunds: {
        orderBy: { createdAt: "asc" },
        select: {
          amountCents: true,
          createdAt: true,
          reason: true,
          creditNoteNumber: true,
          method: true,
          stripeRefundId: true,
          reference: true,
          paymentId: true,
        },
      },
    },
  });
}

export type InvoiceBooking = NonNullable<Awaited<ReturnType<typeof findInvoiceBooking>>>;
