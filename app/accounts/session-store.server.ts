// Session rows: browser sessions and API tokens, keyed by the SHA-256 of their secret id.
import { Prisma } from "~/generated/prisma/client";
import { db } from "~/platform/db.server";
import { cachedReadFreshAcrossInstances, FRESH_ACROSS_INSTANCES } from "~/platform/read-cache.server";

interface SessionRow {
  expiresAt: Date | string;
  userId: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
  role: "CUSTOMER" | "GUIDE" | "ADMIN";
  disabled: boolean;
  language: string;
}

/**
 * The row's expiry and the user it belongs to (with the role and the disabled flag). Every
 * signed-in request asks this: one statement with a join, by the primary key (Prisma's nested
 * select sends two), kept until the next write on the embedded database, read each time on PostgreSQL
 * (a sign-out or a disabled account on another instance ends it at once: app/platform/read-cache.server.ts).
 */
export function findSession(id: string) {
  return cachedReadFreshAcrossInstances(`session:${id}`, () => loadSession(id));
}

async function loadSession(id: string) {
  const prisma = await db();
  const rows = await prisma.$queryRaw<SessionRow[]>`
    SELECT s."expiresAt", u."id" AS "userId", u."email", u."displayName", u."photoUrl", u."role"::text AS "role", u."disabled", u."language"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${id} AND NOT u."systemAccount" ${Prisma.raw(FRESH_ACROSS_INSTANCES)}`;
  const row = rows[0];
  if (!row) return null;
  return {
    expiresAt: new Date(row.expiresAt),
    user: {
      id: row.userId,
      email: row.email,
      displayName: row.displayName,
      photoUrl: row.photoUrl,
      role: row.role,
      disabled: row.disabled,
      language: row.language,
    },
  };
}

export async function createSession(id: string, userId: string, expiresAt: Date): Promise<void> {
  const prisma = await db();
  await prisma.session.create({ data: { id, userId, expiresAt } });
}

export async function extendSession(id: string, expiresAt: Date): Promise<void> {
  const prisma = await db();
  await prisma.session.updateMany({ where: { id }, data: { expiresAt } });
}

/** Returns how many rows went (0 or 1). */
export async function deleteSession(id: string): Promise<number> {
  const prisma = await db();
  return (await prisma.session.deleteMany({ where: { id } })).count;
}

export async function deleteExpiredSessionsOf(userId: string, now = new Date()): Promise<void> {
  const prisma = await db();
  await prisma.session.deleteMany({ where: { userId, expiresAt: { lt: now } } });
}

/** Deletes every expired session and API token (housekeeping). */
export async function deleteExpiredSessions(now = new Date()): Promise<number> {
  const prisma = await db();
  return (await prisma.session.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}
