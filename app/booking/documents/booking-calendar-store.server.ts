// What a booking's calendar file says: its date, the package's days and meeting point.
import { db } from "~/platform/db.server";

/** The live booking (of this owner, when one is given) with what its calendar event needs. */
export async function findCalendarBooking(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: {
      id: true,
      reference: true,
      serviceTitle: true,
      bookingStatus: true,
      travelDate: true,
      updatedAt: true,
      service: { select: { meetingPoint: true, durationDays: true } },
    },
  });
}
