// A departure's manifest and its check-in: every traveller of the departure's live bookings, what
// a guide or an administrator reads and marks on departure day. ID numbers leave this file whole
// only through revealIdNumbers, which records each reveal (IdNumberReveal); check-in is one
// conditional UPDATE that changes a traveller of this departure's live bookings or nothing.
import { db } from "~/platform/db.server";

/** Departures a guide works on: not cancelled, from `from` (YYYY-MM-DD) on, by date. */
export async function listStaffDepartures(from: string, limit: number) {
  const prisma = await db();
  return prisma.departure.findMany({
    where: { status: { not: "CANCELLED" }, startDate: { gte: new Date(`${from}T00:00:00Z`) } },
    orderBy: [{ startDate: "asc" }, { id: "asc" }],
    take: limit,
    select: {
      id: true,
      startDate: true,
      seats: true,
      seatsTaken: true,
      status: true,
      service: { select: { id: true, title: true } },
    },
  });
}
