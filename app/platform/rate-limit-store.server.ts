// Rate-limit counters: one row per key, a fixed window each (the policy is app/platform/rate-limit.server.ts).
import { db } from "~/platform/db.server";

/** Counts one event for the key (atomically) and returns the count in the current window. */
export async function hit(key: string, windowMs: number, now = new Date()): Promise<{ count: number; windowStart: Date }> {
  const prisma = await db();
  const windowOpen = new Date(now.getTime() - windowMs);
  const rows = await prisma.$queryRaw<{ count: number; windowStart: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${windowOpen} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${windowOpen} THEN ${now} ELSE "RateLimit"."windowStart" END
    RETURNING "count", "windowStart"`;
  return { count: Number(rows[0]?.count ?? 0), windowStart: new Date(rows[0]?.windowStart ?? now) };
}

/** Takes one event back, if the key is still in the window it was counted in. */
export async function unhit(key: string, windowStart: Date): Promise<void> {
  const prisma = await db();
  await prisma.rateLimit.updateMany({
    where: { key, windowStart, count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}
