// Seats of a departure change only here, each time in one conditional UPDATE, so that concurrent
// orders can never take more seats than the departure has (the CHECK constraint of the
// departures migration is the last guard).
// A departure's date or status shows in the catalogue's lists (its next departure): changing one
// forgets them on every instance (forgetCachedLists); seats taken by orders do not (their TTL).
import { type DeparturePricing, parseStoredPrices } from "~/booking/core/departure-prices";
import { Prisma } from "~/generated/prisma/client";
import { forgetCachedLists } from "~/platform/cache.server";
import { db, type Db, type Tx } from "~/platform/db.server";

type Client = Db | Tx;

/** Why seats could not be taken, with the seats that are left when that is the reason. */
export type SeatsRefusal = { reason: "not-found" | "not-open" | "past" } | { reason: "not-enough"; seatsLeft: number };

/**
 * Takes `quantity` seats of an open departure starting after `today` (YYYY-MM-DD). Returns the
 * seats left afterwards, or why it could not.
 */
export async function takeSeats(
  client: Client,
  departureId: string,
  quantity: number,
  today: string,
): Promise<{ ok: true; seatsLeft: number } | ({ ok: false } & SeatsRefusal)> {
  const taken = await client.$queryRaw<{ seatsLeft: number }[]>`
    UPDATE "Departure" SET "seatsTaken" = "seatsTaken" + ${quantity}, "updatedAt" = now()
    WHERE "id" = ${departureId} AND "status" = 'OPEN' AND "startDate" > ${today}::date
      AND "seatsTaken" + ${quantity} <= "seats"
    RETURNING "seats" - "seatsTaken" AS "seatsLeft"`;
  if (taken.length === 1) return { ok: true, seatsLeft: Number(taken[0].seatsLeft) };
  const departure = await client.departure.findUnique({
    where: { id: departureId },
    select: { status: true, startDate: true, seats: true, seatsTaken: true },
  });
  if (!departure) return { ok: false, reason: "not-found" };
  if (departure.status !== "OPEN") return { ok: false, reason: "not-open" };
  if (departure.startDate.toISOString().slice(0, 10) <= today) return { ok: false, reason: "past" };
  return { ok: false, reason: "not-enough", seatsLeft: departure.seats - departure.seatsTaken };
}

/** Gives `quantity` seats back (a booking cancelled, expired or deleted). */
export async function releaseSeats(client: Client, departureId: string, quantity: number): Promise<void> {
  await client.$executeRaw`
    UPDATE "Departure" SET "seatsTaken" = "seatsTaken" - ${quantity}, "updatedAt" = now()
    WHERE "id" = ${departureId} AND "seatsTaken" >= ${quantity}`;
}

const departureSelect = {
  id: true,
  serviceId: true,
  startDate: true,
  seats: true,
  seatsTaken: true,
  status: true,
  prices: true,
  pricePercent: true,
} as const;

export type DepartureRow = {
  id: string;
  serviceId: string;
  startDate: Date;
  seats: number;
  seatsTaken: number;
  status: "OPEN" | "CLOSED" | "CANCELLED";
} & DeparturePricing;

/** A row as the rest of the code reads it: its stored prices checked (JSON in the table). */
function departureRow<R extends { prices: unknown }>(row: R): Omit<R, "prices"> & Pick<DeparturePricing, "prices"> {
  return { ...row, prices: parseStoredPrices(row.prices) };
}

/** The package's open departures after `today` (YYYY-MM-DD), sold out ones included, by date. */
export async function listOpenDepartures(serviceId: string, today: string): Promise<DepartureRow[]> {
  const prisma = await db();
  const rows = await prisma.departure.findMany({
    where: { serviceId, status: "OPEN", startDate: { gt: new Date(`${today}T00:00:00Z`) } },
    orderBy: { startDate: "asc" },
    select: departureSelect,
  });
  return rows.map(departureRow);
}

/** Every departure of the package, past and cancelled ones too (administrators), by date. */
export async function listDepartures(serviceId: string): Promise<DepartureRow[]> {
  const prisma = await db();
  const rows = await prisma.departure.findMany({ where: { serviceId }, orderBy: { startDate: "asc" }, select: departureSelect });
  return rows.map(departureRow);
}

export async function findDeparture(id: string): Promise<DepartureRow | null> {
  const prisma = await db();
  const row = await prisma.departure.findUnique({ where: { id }, select: departureSelect });
  return row && departureRow(row);
}

/** Whether the package has any departure at all (then every order of it needs one). */
export async function hasDepartures(serviceId: string): Promise<boolean> {
  const prisma = await db();
  return (await prisma.departure.count({ where: { serviceId } })) > 0;
}

/** A new open departure; null when the package already has one on that date. */
export async function createDeparture(input: { serviceId: string; date: string; seats: number }): Promise<{ id: string } | null> {
  const prisma = await db();
  const created = await prisma.departure.createManyAndReturn({
    data: [{ serviceId: input.serviceId, startDate: new Date(`${input.date}T00:00:00Z`), seats: input.seats }],
    skipDuplicates: true,
    select: { id: true },
  });
  forgetCachedLists();
  return created[0] ?? null;
}

/** New seats, only when they are no fewer than the seats taken (in the same statement) and it is not cancelled. */
export async function setDepartureSeats(id: string, seats: number, client?: Client): Promise<number> {
  const prisma = client ?? (await db());
  const count = await prisma.$executeRaw`
    UPDATE "Departure" SET "seats" = ${seats}, "updatedAt" = now()
    WHERE "id" = ${id} AND "seatsTaken" <= ${seats} AND "status" <> 'CANCELLED'`;
  forgetCachedLists();
  return count;
}

/** Open to closed or back; a cancelled departure stays cancelled. Returns the modified count. */
export async function setDepartureOpen(id: string, open: boolean, client?: Client): Promise<number> {
  const prisma = client ?? (await db());
  const { count } = await prisma.departure.updateMany({
    where: { id, status: open ? "CLOSED" : "OPEN" },
    data: { status: open ? "OPEN" : "CLOSED" },
  });
  forgetCachedLists();
  return count;
}

/**
 * New prices for departures of one package, each change recorded with who made it and each
 * category's price before and after (`table`), in one transaction that locks the rows so that
 * two admins' changes are recorded in the order they happened. A cancelled departure keeps its
 * prices. Returns how many departures changed.
 */
export async function setDeparturePricing(
  departureIds: readonly string[],
  pricing: DeparturePricing,
  table: (pricing: DeparturePricing) => Record<string, number>,
  userId: string,
): Promise<number> {
  if (departureIds.length === 0) return 0;
  const prisma = await db();
  const changed = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; prices: unknown; pricePercent: number | null }[]>`
      SELECT "id", "prices", "pricePercent" FROM "Departure"
      WHERE "id" IN (${Prisma.join(departureIds)}) AND "status" <> 'CANCELLED'
      ORDER BY "id" FOR UPDATE`;
    const to = table(pricing);
    let count = 0;
    for (const row of rows) {
      const before = { prices: parseStoredPrices(row.prices), pricePercent: row.pricePercent };
      const same =
        JSON.stringify(before.prices) === JSON.stringify(pricing.prices) &&
        (before.pricePercent ?? null) === pricing.pricePercent;
      if (same) continue;
      const from = table(before);
      await tx.departure.update({
        where: { id: row.id },
        data: { prices: pricing.prices ?? Prisma.DbNull, pricePercent: pricing.pricePercent },
      });
      await tx.departurePriceChange.create({ data: { departureId: row.id, userId, fromPrices: from, toPrices: to } });
      count++;
    }
    return count;
  });
  if (changed > 0) forgetCachedLists();
  return changed;
}

/** The departures of a package whose dates fall from `from` to `to` (YYYY-MM-DD, inclusive). */
export async function departureIdsBetween(serviceId: string, from: string, to: string): Promise<string[]> {
  const prisma = await db();
  const rows = await prisma.departure.findMany({
    where: { serviceId, startDate: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** A departure's price changes, newest first (administrators). */
export async function listDeparturePriceChanges(departureId: string) {
  const prisma = await db();
  return prisma.departurePriceChange.findMany({
    where: { departureId },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: { id: true, createdAt: true, fromPrices: true, toPrices: true, userId: true },
  });
}
