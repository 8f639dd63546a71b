// Seats of a departure change only here, each time in one conditional UPDATE, so that concurrent
// orders can never take more seats than the departure has (the CHECK constraint of the
// departures migration is the last guard).
import type { Db, Tx } from "~/data/db.server";

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
