// Seats of a departure change only here, each time in one conditional UPDATE, so that concurrent
// orders can never take more seats than the departure has (the CHECK constraint of the
// departures migration is the last guard).
// A departure's date or status shows in the catalogue's lists (its next departure): changing one
// forgets them on every instance (forgetCachedLists); seats taken by orders do not (their TTL).
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

const departureSelect = { id: true, serviceId: true, startDate: true, seats: true, seatsTaken: true, status: true } as const;

export type DepartureRow = {
  id: string;
  serviceId: string;
  startDate: Date;
  seats: number;
  seatsTaken: number;
  status: "OPEN" | "CLOSED" | "CANCELLED";
};

/** The package's open departures after `today` (YYYY-MM-DD), sold out ones included, by date. */
export async function listOpenDepartures(serviceId: string, today: string): Promise<DepartureRow[]> {
  const prisma = await db();
  return prisma.departure.findMany({
    where: { serviceId, status: "OPEN", startDate: { gt: new Date(`${today}T00:00:00Z`) } },
    orderBy: { startDate: "asc" },
    select: departureSelect,
  });
}

/** Every departure of the package, past and cancelled ones too (administrators), by date. */
export async function listDepartures(serviceId: string): Promise<DepartureRow[]> {
  const prisma = await db();
  return prisma.departure.findMany({ where: { serviceId }, orderBy: { startDate: "asc" }, select: departureSelect });
}

export async function findDeparture(id: string): Promise<DepartureRow | null> {
  const prisma = await db();
  return prisma.departure.findUnique({ where: { id }, select: departureSelect });
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
