// Fixed-window counters in the RateLimit table, shared by every app instance.
import { db } from "~/db.server";
import { env } from "~/env.server";

export interface Limit {
  max: number;
  windowMs: number;
}

export function loginLimit(): Limit {
  const config = env();
  return { max: config.RATE_LIMIT_LOGIN_MAX, windowMs: config.RATE_LIMIT_LOGIN_WINDOW_MINUTES * 60_000 };
}

export function formLimit(): Limit {
  const config = env();
  return { max: config.RATE_LIMIT_FORM_MAX, windowMs: config.RATE_LIMIT_FORM_WINDOW_MINUTES * 60_000 };
}

/** Counts one event for the key (atomically) and returns the count in the current window. */
export async function hit(key: string, limit: Limit, now = new Date()): Promise<number> {
  const prisma = await db();
  const windowOpen = new Date(now.getTime() - limit.windowMs);
  const rows = await prisma.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= ${windowOpen} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= ${windowOpen} THEN ${now} ELSE "RateLimit"."windowStart" END
    RETURNING "count"`;
  return Number(rows[0]?.count ?? 0);
}

/** True when the key has used up its limit in the current window (does not count an event). */
export async function isLimited(key: string, limit: Limit, now = new Date()): Promise<boolean> {
  const prisma = await db();
  const row = await prisma.rateLimit.findUnique({ where: { key } });
  if (!row) return false;
  if (row.windowStart.getTime() <= now.getTime() - limit.windowMs) return false;
  return row.count >= limit.max;
}

export async function reset(key: string): Promise<void> {
  const prisma = await db();
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/**
 * The client's address: the server's load context when it passes one (`clientAddress`), else the
 * X-Forwarded-For entry added by the last trusted proxy when TRUST_PROXY > 0, else unknown.
 */
export function clientAddress(request: Request, context?: unknown): string | null {
  const fromContext = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  if (typeof fromContext === "string" && fromContext) return fromContext;
  const trusted = env().TRUST_PROXY;
  if (trusted > 0) {
    const chain = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const address = chain[chain.length - trusted];
    if (address) return address.slice(0, 100);
  }
  return null;
}
