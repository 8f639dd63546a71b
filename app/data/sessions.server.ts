// Session rows: browser sessions and API tokens, keyed by the SHA-256 of their secret id.
import { db } from "~/data/db.server";

const sessionUserSelect = { id: true, email: true, displayName: true, photoUrl: true, role: true, disabled: true } as const;

/** The row's expiry and the user it belongs to (with the role and the disabled flag). */
export async function findSession(id: string) {
  const prisma = await db();
  return prisma.session.findUnique({ where: { id }, select: { expiresAt: true, user: { select: sessionUserSelect } } });
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
