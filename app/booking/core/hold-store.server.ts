// Seats held unpaid (pending bookings on a departure whose hold has not run out), per account: an
// order's limit is checked in its own transaction with the account's row locked, so two orders
// of one account at once are counted one after the other (app/booking/core/booking-store.server.ts).
import type { HoldRefusal } from "~/booking/core/holds";
import { db, sqlTimestamp, type Tx } from "~/platform/db.server";

/**
 * Locks the ordering account's row until the transaction ends (FOR NO KEY UPDATE: rows pointing
 * to it can still be written by others) and reads its address and whether it is an administrator.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<{ email: string; isAdmin: boolean }> {
  const [account] = await tx.$queryRaw<{ email: string; role: string }[]>`
    SELECT "email", "role"::text AS "role" FROM "User" WHERE "id" = ${userId} FOR NO KEY UPDATE`;
  if (!account) throw new Error("The ordering account does not exist.");
  return { email: account.email, isAdmin: account.role === "ADMIN" };
}

export interface HoldLimits {
  perDeparture: number;
  perAccount: number;
  /** percent of a departure's seats all website accounts together may hold unpaid */
  sharePerDeparture: number;
}

/**
 * Whether the account may hold `quantity` more seats unpaid on the departure (besides its hold
 * `exceptOrderId`, when that one is being changed); null when it may.
 */
export async function holdLimitRefusal(
  tx: Tx,
  {
    userId,
    departureId,
    quantity,
    now,
    exceptOrderId,
  }: { userId: string; departureId: string; quantity: number; now: Date; exceptOrderId?: string },
  limits: HoldLimits,
): Promise<HoldRefusal | null> {
  const holds = await tx.order.findMany({
    where: {
      userId,
      bookingStatus: "PENDING",
      departureId: { not: null },
      holdExpiresAt: { gt: now },
      ...(exceptOrderId ? { id: { not: exceptOrderId } } : {}),
    },
    select: { departureId: true, quantity: true },
  });
  const held = { onDeparture: 0, inAll: 0 };
  for (const hold of holds) {
    held.inAll += hold.quantity;
    if (hold.departureId === departureId) held.onDeparture += hold.quantity;
  }
  if (held.onDeparture + quantity > limits.perDeparture) {
    return { reason: "hold-limit", scope: "departure", max: limits.perDeparture, held: held.onDeparture };
  }
  if (held.inAll + quantity > limits.perAccount) {
    return { reason: "hold-limit", scope: "account", max: limits.perAccount, held: held.inAll };
  }
  return null;
}

/** Seats held unpaid now on every departure, per sales channel (GET /metrics). */
export async function seatsHeldNow(now = new Date()): Promise<{ channel: string; seats: number }[]> {
  const prisma = await db();
  const rows = await prisma.order.groupBy({
    by: ["channel"],
    where: { bookingStatus: "PENDING", departureId: { not: null }, holdExpiresAt: { gt: now } },
    _sum: { quantity: true },
  });
  const held = new Map(rows.map((row) => [row.channel as string, row._sum.quantity ?? 0]));
  return ["WEBSITE", "RESELLER"].map((channel) => ({ channel: channel.toLowerCase(), seats: held.get(channel) ?? 0 }));
}

/**
 * Whether all website accounts together may hold `quantity` more seats unpaid on the departure (a
 * share of its seats); null when they may. An account alone on the date is held back only by its
 * own limits (a family or an office group larger than the share can still book an empty date);
 * the share stops a second account joining in, so several accounts cannot sell the date out.
 * Called after takeSeats in the same transaction: its UPDATE locks the departure's row, so a
 * concurrent order of the date waits for this one to end and then counts it (each statement reads
 * what was committed before it began).
 */
export async function sharedHoldRefusal(
  tx: Tx,
  { userId, departureId, quantity, now }: { userId: string; departureId: string; quantity: number; now: Date },
  sharePercent: number,
): Promise<HoldRefusal | null> {
  const [row] = await tx.$queryRaw<{ seats: number; held: number; heldByOthers: number }[]>`
    SELECT d."seats", COALESCE(SUM(o."quantity"), 0)::int AS "held",
      COALESCE(SUM(o."quantity") FILTER (WHERE o."userId" <> ${userId}), 0)::int AS "heldByOthers"
    FROM "Departure" d
    LEFT JOIN "Order" o ON o."departureId" = d."id" AND o."bookingStatus" = 'PENDING' AND o."channel" = 'WEBSITE'
      AND o."holdExpiresAt" > ${sqlTimestamp(now)}
    WHERE d."id" = ${departureId}
    GROUP BY d."seats"`;
  if (!row || row.heldByOthers === 0) return null;
  const max = Math.max(1, Math.floor((row.seats * sharePercent) / 100));
  return row.held + quantity > max ? { reason: "hold-limit", scope: "shared", max, held: row.held } : null;
}

/** Who holds seats of the package's departures unpaid on the website, and until when (the admin's departures page). */
export async function listHolds(serviceId: string, now: Date, limit = 100) {
  const prisma = await db();
  return prisma.order.findMany({
    where: { serviceId, channel: "WEBSITE", bookingStatus: "PENDING", departureId: { not: null }, holdExpiresAt: { gt: now } },
    orderBy: [{ travelDate: "asc" }, { holdExpiresAt: "asc" }],
    take: limit,
    select: {
      id: true,
      departureId: true,
      quantity: true,
      holdExpiresAt: true,
      paymentStatus: true,
      user: { select: { displayName: true, email: true } },
    },
  });
}

/**
 * The customer started paying (a payment intent): a pending booking whose first hold still runs
 * (not past `firstHoldEnd`, when it was placed plus BOOKING_HOLD_MINUTES) keeps its seats until
 * `until` (PAYMENT_HOLD_MINUTES from now), never less than it had. Once past its first hold it is
 * never extended again: a payment opened and abandoned gives the seats back minutes later.
 */
export async function extendHold(orderId: string, { until, firstHoldEnd, now }: { until: Date; firstHoldEnd: Date; now: Date }) {
  const prisma = await db();
  await prisma.order.updateMany({
    where: { id: orderId, bookingStatus: "PENDING", holdExpiresAt: { gt: now, lt: until, lte: firstHoldEnd } },
    data: { holdExpiresAt: until },
  });
}

/** A payment awaiting an administrator's review keeps the booking's seats until `until` (never shortens a hold). */
export async function holdForReview(orderId: string, until: Date) {
  const prisma = await db();
  await prisma.order.updateMany({
    where: { id: orderId, bookingStatus: "PENDING", OR: [{ holdExpiresAt: null }, { holdExpiresAt: { lt: until } }] },
    data: { holdExpiresAt: until },
  });
}

/**
 * The seats each reseller's holds (OCTO bookings ON_HOLD) keep on the package's departures, with its
 * cap per departure and when the first of them runs out: one row per reseller and departure.
 */
export async function listResellerHolds(serviceId: string, now: Date) {
  const prisma = await db();
  const groups = await prisma.order.groupBy({
    by: ["departureId", "resellerId"],
    where: { serviceId, channel: "RESELLER", bookingStatus: "PENDING", departureId: { not: null }, holdExpiresAt: { gt: now } },
    _sum: { quantity: true },
    _count: { _all: true },
    _min: { holdExpiresAt: true },
    orderBy: [{ departureId: "asc" }, { resellerId: "asc" }],
  });
  const resellerIds = [...new Set(groups.map((group) => group.resellerId).filter((id): id is string => id !== null))];
  const resellers = await prisma.reseller.findMany({
    where: { id: { in: resellerIds } },
    select: { id: true, name: true, maxHeldSeatsPerDeparture: true },
  });
  const byId = new Map(resellers.map((reseller) => [reseller.id, reseller]));
  return groups.map((group) => ({
    departureId: group.departureId!,
    reseller: byId.get(group.resellerId ?? "")?.name ?? "",
    cap: byId.get(group.resellerId ?? "")?.maxHeldSeatsPerDeparture ?? null,
    seats: group._sum.quantity ?? 0,
    holds: group._count._all,
    firstExpiresAt: group._min.holdExpiresAt!,
  }));
}
