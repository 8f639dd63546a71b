// Guides on departures: which guide runs a departure, set in one conditional statement that checks
// the guide's role in the same statement, so a demoted or disabled account is never assigned.
import { db } from "~/platform/db.server";

/**
 * The departure's guide: the enabled guide account of this email, or none (null). 1 when changed;
 * 0 when it already was so, the departure does not exist or the email is not an enabled guide's.
 */
export async function setDepartureGuide(departureId: string, email: string | null): Promise<number> {
  const prisma = await db();
  if (email === null) {
    return prisma.$executeRaw`UPDATE "Departure" SET "guideId" = NULL, "updatedAt" = now() WHERE "id" = ${departureId} AND "guideId" IS NOT NULL`;
  }
  return prisma.$executeRaw`
    UPDATE "Departure" AS d SET "guideId" = u."id", "updatedAt" = now()
    FROM "User" AS u
    WHERE d."id" = ${departureId} AND u."email" = ${email} AND u."role" = 'GUIDE' AND u."disabled" = false
      AND d."guideId" IS DISTINCT FROM u."id"`;
}

/** The email of the departure's guide (null: none), or null when no departure has this id. */
export async function findGuideEmail(departureId: string): Promise<{ email: string | null } | null> {
  const prisma = await db();
  const row = await prisma.departure.findUnique({ where: { id: departureId }, select: { guide: { select: { email: true } } } });
  return row ? { email: row.guide?.email ?? null } : null;
}

/** The enabled guides an administrator can choose from, by name. */
export async function listGuides() {
  const prisma = await db();
  return prisma.user.findMany({
    where: { role: "GUIDE", disabled: false },
    orderBy: [{ displayName: "asc" }, { email: "asc" }],
    select: { id: true, email: true, displayName: true },
  });
}

/** The guide (name and phone) of each of these departures that has one. */
export async function findDepartureGuides(departureIds: string[]): Promise<Map<string, { name: string; phone: string | null }>> {
  if (departureIds.length === 0) return new Map();
  const prisma = await db();
  const rows = await prisma.departure.findMany({
    where: { id: { in: departureIds }, guideId: { not: null } },
    select: { id: true, guide: { select: { displayName: true, phone: true } } },
  });
  return new Map(rows.flatMap((row) => (row.guide ? [[row.id, { name: row.guide.displayName, phone: row.guide.phone }]] : [])));
}
