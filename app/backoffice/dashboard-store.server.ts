// What the dashboard's home page shows.
import { db } from "~/platform/db.server";
import { cachedRead } from "~/platform/read-cache.server";

/** The dashboard's counters in one statement (four counts would be four round trips per page view). */
export function dashboardCounts(): Promise<{ users: number; packages: number; reviews: number; orders: number }> {
  return cachedRead("dashboard-counts", countAll);
}

async function countAll() {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ users: bigint; packages: bigint; reviews: bigint; orders: bigint }[]>`
    SELECT (SELECT count(*) FROM "User") AS "users",
           (SELECT count(*) FROM "Service" WHERE "deletedAt" IS NULL) AS "packages",
           (SELECT count(*) FROM "Review") AS "reviews",
           (SELECT count(*) FROM "Order" WHERE "deletedAt" IS NULL) AS "orders"`;
  return { users: Number(row.users), packages: Number(row.packages), reviews: Number(row.reviews), orders: Number(row.orders) };
}
