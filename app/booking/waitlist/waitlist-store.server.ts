// The waitlist's rows (app/booking/waitlist/waitlist.server.ts). Every write that touches seats
// locks the departure's row first, then the place (the order of app/booking/core/waitlist-offer-store.server.ts).
import { lockDeparture, offerFreedSeats, releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import type { Prisma } from "~/generated/prisma/client";
import { isoDate } from "~/platform/dates";
import { db, sqlTimestamp } from "~/platform/db.server";

export type JoinRefusal = "not-found" | "closed" | "seats-left" | "already";

/**
 * A new place at the end of the departure's line, unless the date is not open, has enough seats
 * left for the party, or the account already waits on it (the live place's unique index decides
 * between two joins at once).
 */
export async function insertEntry(
  entry: {
    departureId: string;
    userId: string;
    counts: Record<string, number>;
    seats: number;
    persons: number;
    checkoutPath: string;
  },
  today: string,
): Promise<{ ok: true; id: string } | { ok: false; reason: JoinRefusal }> {
  const prisma = await db();
  try {
    return await prisma.$transaction(async (tx) => {
      const departure = await lockDeparture(tx, entry.departureId);
      if (!departure) return { ok: false as const, reason: "not-found" as const };
      if (departure.status !== "OPEN" || isoDate(departure.startDate) <= today)
        return { ok: false as const, reason: "closed" as const };
      if (departure.seats - departure.seatsTaken >= entry.seats) return { ok: false as const, reason: "seats-left" as const };
      const live = await tx.waitlistEntry.findFirst({
        where: { departureId: entry.departureId, userId: entry.userId, status: { in: ["WAITING", "OFFERED"] } },
        select: { id: true },
      });
      if (live) return { ok: false as const, reason: "already" as const };
      const created = await tx.waitlistEntry.create({ data: entry, select: { id: true } });
      return { ok: true as const, id: created.id };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return { ok: false, reason: "already" };
    throw error;
  }
}

/** The account leaves the departure's line: an offer it held gives its seats to the next party. False when it was not on it. */
export async function leaveEntry(userId: string, departureId: string, now: Date): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockDeparture(tx, departureId);
    const [left] = await tx.$queryRaw<{ seats: number; offered: boolean }[]>`
      UPDATE "WaitlistEntry" AS w SET "status" = 'LEFT', "updatedAt" = now()
      FROM (SELECT "id", "status" FROM "WaitlistEntry"
            WHERE "userId" = ${userId} AND "departureId" = ${departureId} AND "status" IN ('WAITING', 'OFFERED')) AS before
      WHERE w."id" = before."id"
      RETURNING w."seats", before."status" = 'OFFERED' AS "offered"`;
    if (!left) return false;
    if (left.offered) await releaseSeatsToWaitlist(tx, departureId, left.seats, now);
    return true;
  });
}

const entrySelect = {
  id: true,
  departureId: true,
  counts: true,
  seats: true,
  persons: true,
  status: true,
  offeredAt: true,
  offerExpiresAt: true,
  checkoutPath: true,
  createdAt: true,
} satisfies Prisma.WaitlistEntrySelect;

/** The account's live places (waiting or offered), by date, with their departure and package. */
export async function listOwnEntries(userId: string) {
  const prisma = await db();
  return prisma.waitlistEntry.findMany({
    where: { userId, status: { in: ["WAITING", "OFFERED"] } },
    orderBy: [{ departure: { startDate: "asc" } }, { createdAt: "asc" }],
    select: {
      ...entrySelect,
      departure: { select: { startDate: true, status: true, service: { select: { id: true, title: true } } } },
    },
  });
}

/** How many parties wait ahead of each of these places on their departures (first come first). */
export async function placesAhead(entries: readonly { id: string; departureId: string; createdAt: Date }[]) {
  if (entries.length === 0) return new Map<string, number>();
  const prisma = await db();
  const counts = await Promise.all(
    entries.map((entry) =>
      prisma.waitlistEntry.count({
        where: {
          departureId: entry.departureId,
          status: "WAITING",
          OR: [{ createdAt: { lt: entry.createdAt } }, { createdAt: entry.createdAt, id: { lt: entry.id } }],
        },
      }),
    ),
  );
  return new Map(entries.map((entry, index) => [entry.id, counts[index]]));
}

/** Every place of the departure (the administrators' list), first come first, live or not. */
export async function listDepartureEntries(departureId: string, limit = 500) {
  const prisma = await db();
  return prisma.waitlistEntry.findMany({
    where: { departureId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { ...entrySelect, user: { select: { email: true, displayName: true } } },
  });
}

/** The live places (waiting or offered) of the package's departures, by date, first come first. */
export async function listPackageEntries(serviceId: string, limit = 500) {
  const prisma = await db();
  return prisma.waitlistEntry.findMany({
    where: { departure: { serviceId }, status: { in: ["WAITING", "OFFERED"] } },
    orderBy: [{ departure: { startDate: "asc" } }, { createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { ...entrySelect, departure: { select: { startDate: true } }, user: { select: { email: true, displayName: true } } },
  });
}

/** Offers whose time ran out at or before `now`, oldest first. */
export async function dueOffers(now: Date, limit: number) {
  const prisma = await db();
  return prisma.waitlistEntry.findMany({
    where: { status: "OFFERED", offerExpiresAt: { lte: now } },
    orderBy: { offerExpiresAt: "asc" },
    take: limit,
    select: { id: true, departureId: true },
  });
}

/** OFFERED → EXPIRED with its seats offered to the next party; false when it was taken, left or expired meanwhile. */
export async function expireOffer(entry: { id: string; departureId: string }, now: Date): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await lockDeparture(tx, entry.departureId);
    const [expired] = await tx.$queryRaw<{ seats: number }[]>`
      UPDATE "WaitlistEntry" SET "status" = 'EXPIRED', "updatedAt" = now()
      WHERE "id" = ${entry.id} AND "status" = 'OFFERED' AND "offerExpiresAt" <= ${sqlTimestamp(now)}
      RETURNING "seats"`;
    if (!expired) return false;
    await releaseSeatsToWaitlist(tx, entry.departureId, expired.seats, now);
    return true;
  });
}

/** Open departures after `today` with free seats and a waiting party that fits in them (what no release offered yet). */
export async function departuresToOffer(today: string, limit: number): Promise<string[]> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT d."id" FROM "Departure" d
    WHERE d."status" = 'OPEN' AND d."startDate" > ${today}::date AND d."seatsTaken" < d."seats"
      AND EXISTS (SELECT 1 FROM "WaitlistEntry" w
                  WHERE w."departureId" = d."id" AND w."status" = 'WAITING' AND w."seats" <= d."seats" - d."seatsTaken")
    LIMIT ${limit}`;
  return rows.map((row) => row.id);
}

/** Offers the departure's free seats to its line now (the job's second pass). */
export async function offerNow(departureId: string, now: Date): Promise<number> {
  const prisma = await db();
  return prisma.$transaction((tx) => offerFreedSeats(tx, departureId, now));
}
