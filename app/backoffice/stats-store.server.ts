// The dashboard's figures: a few grouped queries, each backed by an index on its date column.
import { cached } from "~/platform/cache.server";
import { db } from "~/platform/db.server";
import { cachedRead } from "~/platform/read-cache.server";

// Monthly figures over the whole order book (100,000 orders: tens of milliseconds) need not be
// to the second: each instance keeps them for a minute.
const MONTHLY_TTL_MS = 60_000;

type MonthSum = { month: string; value: number };

/** Bookings made per month (UTC months, YYYY-MM) since `since`. */
export function bookingsByMonth(since: Date): Promise<MonthSum[]> {
  return cached(`bookings-by-month:${since.toISOString()}`, () => countBookingsByMonth(since), MONTHLY_TTL_MS);
}

async function countBookingsByMonth(since: Date): Promise<MonthSum[]> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ month: string; value: bigint }[]>`
    SELECT to_char(date_trunc('month', "createdAt"), 'YYYY-MM') AS "month", count(*) AS "value"
    FROM "Order" WHERE "deletedAt" IS NULL AND "createdAt" >= ${since}
    GROUP BY 1`;
  return rows.map((row) => ({ month: row.month, value: Number(row.value) }));
}

/** Money received per month, in cents: payments less the refunds made that month. */
export function revenueByMonth(since: Date): Promise<MonthSum[]> {
  return cached(`revenue-by-month:${since.toISOString()}`, () => sumRevenueByMonth(since), MONTHLY_TTL_MS);
}

async function sumRevenueByMonth(since: Date): Promise<MonthSum[]> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ month: string; value: bigint }[]>`
    SELECT "month", sum("cents") AS "value" FROM (
      SELECT to_char(date_trunc('month', "created"), 'YYYY-MM') AS "month", "amountCents"::bigint AS "cents"
      FROM "Payment" WHERE "created" >= ${since}
      UNION ALL
      SELECT to_char(date_trunc('month', "createdAt"), 'YYYY-MM'), -"amountCents"::bigint
      FROM "Refund" WHERE "createdAt" >= ${since}
    ) AS "moves" GROUP BY 1`;
  return rows.map((row) => ({ month: row.month, value: Number(row.value) }));
}

/**
 * The next open departures (from `today`, YYYY-MM-DD) with their seats. This and the customer's
 * figures are read on every dashboard view: kept until the next write (app/platform/read-cache.server.ts).
 */
export function upcomingDepartures(today: string, limit: number) {
  return cachedRead(`upcoming-departures:${today}:${limit}`, async () => {
    const prisma = await db();
    return prisma.departure.findMany({
      where: { status: "OPEN", startDate: { gte: new Date(`${today}T00:00:00Z`) }, service: { deletedAt: null } },
      orderBy: [{ startDate: "asc" }, { id: "asc" }],
      take: limit,
      select: { id: true, startDate: true, seats: true, seatsTaken: true, service: { select: { title: true } } },
    });
  });
}

/** A customer's own figures: their orders, how many are paid, and their trips to come. */
export function customerFigures(userId: string, today: string) {
  return cachedRead(`customer-figures:${userId}:${today}`, () => loadCustomerFigures(userId, today));
}

async function loadCustomerFigures(userId: string, today: string) {
  const prisma = await db();
  const upcoming = {
    userId,
    deletedAt: null,
    bookingStatus: "CONFIRMED" as const,
    travelDate: { gte: new Date(`${today}T00:00:00Z`) },
  };
  const [orders, paid, upcomingTrips, nextTrips] = await Promise.all([
    prisma.order.count({ where: { userId, deletedAt: null } }),
    prisma.order.count({ where: { userId, deletedAt: null, paymentStatus: "PAID" } }),
    prisma.order.count({ where: upcoming }),
    prisma.order.findMany({
      where: upcoming,
      orderBy: [{ travelDate: "asc" }, { id: "asc" }],
      take: 3,
      select: { id: true, serviceTitle: true, travelDate: true, quantity: true },
    }),
  ]);
  return { orders, paid, upcomingTrips, nextTrips };
}
