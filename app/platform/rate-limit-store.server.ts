// Rate-limit counters: one row per key, a fixed window each (the policy is app/platform/rate-limit.server.ts).
import { db } from "~/platform/db.server";

/**
 * Counts one event for the key (atomically) and returns the count in the current window.
 *
 * Committed without waiting for the write-ahead log's flush (synchronous_commit off for this one
 * statement's transaction): the counter's row is locked until its commit, so every request of one
 * key (a reseller polling with 20 clients) queued behind each other's disk flush, about 5 ms each
 * (docs/performance.md, OCTO). A database crash may forget the last fraction of a second of counts,
 * never corrupt them: for a rate limit, that is harmless.
 */
export async function hit(key: string, windowMs: number, now = new Date()): Promise<{ count: number; windowStart: Date }> {
  const prisma = await db();
  const windowOpen = new Date(now.getTime() - windowMs);
  const rows = await prisma.$queryRaw<{ count: number; windowStart: Date }[]>`
    WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
    INSERT INTO "RateLimit" ("key", "count", "windowStart") SELECT ${key}, 1, ${now} FROM async_commit
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

/** Sets the key's row to one event at `now` (a fact remembered until then, not a counter). */
export async function mark(key: string, now = new Date()): Promise<void> {
  const prisma = await db();
  await prisma.rateLimit.upsert({
    where: { key },
    create: { key, count: 1, windowStart: now },
    update: { count: 1, windowStart: now },
  });
}

/** Whether the key was marked after `since`. */
export async function markedSince(key: string, since: Date): Promise<boolean> {
  const prisma = await db();
  return (await prisma.rateLimit.count({ where: { key, windowStart: { gt: since } } })) > 0;
}

/** Deletes the rows of keys starting with `prefix` whose window began at or before `windowOpen` (housekeeping). */
export async function deleteRowsBefore(prefix: string, windowOpen: Date): Promise<number> {
  const prisma = await db();
  return (await prisma.rateLimit.deleteMany({ where: { key: { startsWith: prefix }, windowStart: { lte: windowOpen } } })).count;
}
