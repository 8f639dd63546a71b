// The bookings a trip's messages go to: confirmed bookings (and, after the trip, completed ones) on
// departures of the given dates, with what the messages say (meeting point, guide, duration) and
// who reads them (the contact's phone and address, the account's language).
import { db } from "~/platform/db.server";

export async function bookingsTravellingOn(dates: string[], statuses: ("CONFIRMED" | "COMPLETED")[]) {
  if (dates.length === 0) return [];
  const prisma = await db();
  return prisma.order.findMany({
    where: {
      deletedAt: null,
      bookingStatus: { in: statuses },
      departure: { startDate: { in: dates.map((date) => new Date(`${date}T00:00:00Z`)) }, status: { not: "CANCELLED" } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      serviceTitle: true,
      mobileNumber: true,
      email: true,
      user: { select: { language: true, messagesOptOut: true } },
      service: { select: { meetingPoint: true, durationDays: true } },
      departure: { select: { startDate: true, guide: { select: { displayName: true, phone: true } } } },
    },
  });
}
