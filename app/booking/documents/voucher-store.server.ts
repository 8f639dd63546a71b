// What a voucher prints: the booking, its package's meeting point and its travellers in order.
import { db } from "~/platform/db.server";

/** A live order (of this owner, when one is given) with what its voucher shows; null when there is none. */
export async function findVoucherBooking(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: {
      id: true,
      reference: true,
      userId: true,
      serviceTitle: true,
      quantity: true,
      travelDate: true,
      bookingStatus: true,
      holdExpiresAt: true,
      paymentStatus: true,
      // what is still owed, and by which day (the voucher prints it)
      channel: true,
      priceCents: true,
      paidCents: true,
      depositCents: true,
      balanceDueDate: true,
      firstName: true,
      lastName: true,
      service: { select: { meetingPoint: true } },
      travellers: {
        orderBy: { position: "asc" },
        select: { id: true, name: true, categoryName: true, idNumber: true },
      },
    },
  });
}
