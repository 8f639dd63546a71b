// The bookings a broadcast reaches: every booking holding seats on the departure (confirmed, or
// pending and still on hold), with its contact and its account's language.
import { db } from "~/platform/db.server";

export async function findBroadcastRecipients(departureId: string, now: Date) {
  const prisma = await db();
  return prisma.order.findMany({
    where: {
      departureId,
      deletedAt: null,
      OR: [
        { bookingStatus: "CONFIRMED" },
        { bookingStatus: "PENDING", OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] },
      ],
    },
    orderBy: [{ reference: "asc" }],
    select: {
      id: true,
      serviceTitle: true,
      mobileNumber: true,
      email: true,
      user: { select: { language: true, messagesOptOut: true } },
    },
  });
}

/** Every booking ever made on the departure (a broadcast's recipient may have cancelled since), with its reference. */
export async function findDepartureOrderReferences(departureId: string) {
  const prisma = await db();
  return prisma.order.findMany({ where: { departureId }, select: { id: true, reference: true } });
}
