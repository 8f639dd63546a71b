// A departure's manifest and its check-in: every traveller of the departure's live bookings, what
// a guide or an administrator reads and marks on departure day. ID numbers leave this file whole
// only through revealIdNumbers, which records each reveal (IdNumberReveal); check-in is one
// conditional UPDATE that changes a traveller of this departure's live bookings or nothing.
import { db } from "~/platform/db.server";

/** The bookings a manifest lists: placed and not cancelled, expired or deleted. */
const LIVE = ["PENDING", "CONFIRMED", "COMPLETED"] as const;

export type CheckInValue = "YES" | "NO_SHOW" | null;

const staffDepartureSelect = {
  id: true,
  startDate: true,
  seats: true,
  seatsTaken: true,
  status: true,
  guideId: true,
  service: { select: { id: true, title: true } },
  guide: { select: { displayName: true } },
} as const;

/**
 * Departures staff work on: not cancelled, from `from` (YYYY-MM-DD) on, by date; with `guideId`,
 * that guide's own departures first, then the others.
 */
export async function listStaffDepartures(from: string, limit: number, guideId?: string) {
  const prisma = await db();
  const where = { status: { not: "CANCELLED" as const }, startDate: { gte: new Date(`${from}T00:00:00Z`) } };
  const orderBy = [{ startDate: "asc" as const }, { id: "asc" as const }];
  if (!guideId) return prisma.departure.findMany({ where, orderBy, take: limit, select: staffDepartureSelect });
  const own = await prisma.departure.findMany({
    where: { ...where, guideId },
    orderBy,
    take: limit,
    select: staffDepartureSelect,
  });
  const others = await prisma.departure.findMany({
    where: { ...where, OR: [{ guideId: null }, { guideId: { not: guideId } }] },
    orderBy,
    take: limit - own.length,
    select: staffDepartureSelect,
  });
  return [...own, ...others];
}

/** The departure of a manifest with its package's title, or null. */
export async function findManifestDeparture(id: string) {
  const prisma = await db();
  return prisma.departure.findUnique({
    where: { id },
    select: {
      id: true,
      serviceId: true,
      startDate: true,
      seats: true,
      seatsTaken: true,
      status: true,
      guideId: true,
      service: { select: { title: true, idRequired: true } },
      guide: { select: { displayName: true, email: true, phone: true } },
    },
  });
}

/** Every traveller of the departure's live bookings, by booking then position; idNumber whole: callers mask it. */
export async function listManifestTravellers(departureId: string) {
  const prisma = await db();
  return prisma.traveller.findMany({
    where: { order: { departureId, deletedAt: null, bookingStatus: { in: [...LIVE] } } },
    orderBy: [{ order: { reference: "asc" } }, { position: "asc" }],
    select: {
      id: true,
      position: true,
      categoryId: true,
      categoryName: true,
      name: true,
      dateOfBirth: true,
      idNumber: true,
      idErasedAt: true,
      checkIn: true,
      checkInAt: true,
      order: {
        select: {
          id: true,
          reference: true,
          firstName: true,
          lastName: true,
          mobileNumber: true,
          paymentStatus: true,
          priceCents: true,
          paidCents: true,
          bookingStatus: true,
          holdExpiresAt: true,
          resellerReference: true,
          reseller: { select: { name: true } },
        },
      },
    },
  });
}

/**
 * The whole ID numbers of these travellers of the departure (live bookings only), each read
 * recorded as an IdNumberReveal of `byUserId` in the same transaction; a traveller not on the
 * departure, or without a number, is left out and records nothing.
 */
export async function revealIdNumbers(
  departureId: string,
  travellerIds: string[],
  byUserId: string,
): Promise<Map<string, string>> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const rows = await tx.traveller.findMany({
      where: {
        id: { in: travellerIds },
        idNumber: { not: null },
        order: { departureId, deletedAt: null, bookingStatus: { in: [...LIVE] } },
      },
      select: { id: true, idNumber: true },
    });
    if (rows.length > 0) await tx.idNumberReveal.createMany({ data: rows.map((row) => ({ travellerId: row.id, byUserId })) });
    return new Map(rows.map((row) => [row.id, row.idNumber!]));
  });
}

/**
 * Marks a traveller of the departure's live bookings checked in, a no-show, or neither (undo), who
 * and when, in one conditional statement. 0 when no such traveller is on this departure.
 */
export async function setCheckIn(
  departureId: string,
  travellerId: string,
  value: CheckInValue,
  byUserId: string,
): Promise<number> {
  const prisma = await db();
  return prisma.$executeRaw`
    UPDATE "Traveller" AS t
    SET "checkIn" = ${value}::"CheckIn",
        "checkInAt" = CASE WHEN ${value}::text IS NULL THEN NULL ELSE now() END,
        "checkInById" = CASE WHEN ${value}::text IS NULL THEN NULL ELSE ${byUserId} END
    FROM "Order" AS o
    WHERE t."id" = ${travellerId} AND t."orderId" = o."id" AND o."departureId" = ${departureId}
      AND o."deletedAt" IS NULL AND o."bookingStatus" IN ('PENDING', 'CONFIRMED', 'COMPLETED')`;
}

/** Who read which traveller's whole ID number on this booking, and when, newest first (the admin's order page). */
export async function listIdNumberReveals(orderId: string, limit = 100) {
  const prisma = await db();
  return prisma.idNumberReveal.findMany({
    where: { traveller: { orderId } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      createdAt: true,
      traveller: { select: { position: true, name: true } },
      by: { select: { displayName: true, email: true } },
    },
  });
}
