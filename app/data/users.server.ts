// Accounts: users and their password hashes.
import { db } from "~/data/db.server";
import { keysetAfter, type KeysetPage } from "~/data/keyset.server";

/** What a password check needs: the id, the disabled flag and the hash (none for Google-only accounts). */
export async function findLoginUser(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({ where: { email }, select: { id: true, disabled: true, password: { select: { hash: true } } } });
}

export async function findUserIdByEmail(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({ where: { email }, select: { id: true } });
}

/** A new account with a password. Throws Prisma's P2002 when the email is taken meanwhile. */
export async function createPasswordUser(input: { email: string; displayName: string; passwordHash: string }) {
  const prisma = await db();
  return prisma.user.create({
    data: { email: input.email, displayName: input.displayName, password: { create: { hash: input.passwordHash } } },
    select: { id: true },
  });
}

export async function findUserByGoogleId(googleId: string) {
  const prisma = await db();
  return prisma.user.findUnique({ where: { googleId }, select: { id: true, disabled: true } });
}

export async function findUserByEmail(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({ where: { email }, select: { id: true, disabled: true } });
}

export async function linkGoogleAccount(userId: string, googleId: string, photoUrl: string | undefined): Promise<void> {
  const prisma = await db();
  await prisma.user.update({ where: { id: userId }, data: { googleId, ...(photoUrl ? { photoUrl } : {}) } });
}

export async function createGoogleUser(input: { email: string; displayName: string; photoUrl: string | undefined; googleId: string }) {
  const prisma = await db();
  return prisma.user.create({ data: input, select: { id: true } });
}

/**
 * Makes the account with this email an administrator. `found` is false for an unknown email
 * (nothing changes); `modified` is 0 when the account already was one.
 */
export async function promoteToAdmin(email: string): Promise<{ found: boolean; modified: number }> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { found: false, modified: 0 };
  const { count } = await prisma.user.updateMany({ where: { id: user.id, role: { not: "ADMIN" } }, data: { role: "ADMIN" } });
  return { found: true, modified: count };
}

/** Whether the email belongs to an enabled administrator (false for unknown emails). */
export async function isActiveAdmin(email: string): Promise<boolean> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { role: true, disabled: true } });
  return user?.role === "ADMIN" && !user.disabled;
}

/** A page of accounts, oldest first, with only what an administrator's list needs. */
export async function listUsers(page: KeysetPage) {
  const prisma = await db();
  return prisma.user.findMany({
    where: keysetAfter(page.after, true),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: page.limit,
    select: { id: true, email: true, displayName: true, role: true, disabled: true, createdAt: true },
  });
}

/** The user's own display name (unchanged when none is given). */
export async function saveDisplayName(userId: string, displayName: string | undefined) {
  const prisma = await db();
  return prisma.user.update({
    where: { id: userId },
    data: displayName ? { displayName } : {},
    select: { id: true, email: true, displayName: true },
  });
}

export async function countUsers(): Promise<number> {
  const prisma = await db();
  return prisma.user.count();
}
