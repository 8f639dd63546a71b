// Account self-service: password-reset links, profile and password changes, account deletion.
import { DELETED_EMAIL_DOMAIN, lockActiveAdmins } from "~/accounts/user-store.server";
import { db, type Db, type Tx } from "~/platform/db.server";
import { queueEmail } from "~/platform/outbox-store.server";

export async function findResetAccount(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({
    where: { email },
    select: { id: true, disabled: true, systemAccount: true, displayName: true },
  });
}

/**
 * A new reset link and its email, together: a link is never stored without its email. The
 * account's earlier links end with it: only the newest one can be used.
 */
export async function createPasswordReset(
  reset: { tokenHash: string; userId: string; expiresAt: Date },
  email: { to: string; subject: string; text: string },
): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await outstandingResets(tx, reset.userId);
    await tx.passwordReset.create({ data: reset });
    await queueEmail(email, tx);
  });
}

/** Ends the account's unused reset links (its password changed, or its owner signed in with it). */
function outstandingResets(client: Db | Tx, userId: string) {
  return client.passwordReset.deleteMany({ where: { userId, usedAt: null } });
}

/** The owner signed in with the password: a link asked before (by them or anyone) is no longer needed. */
export async function endPasswordResets(userId: string): Promise<void> {
  await outstandingResets(await db(), userId);
}

/** Deletes the reset links that can no longer be used: used or expired (housekeeping). */
export async function deleteSpentPasswordResets(now = new Date()): Promise<number> {
  const prisma = await db();
  return (await prisma.passwordReset.deleteMany({ where: { OR: [{ usedAt: { not: null } }, { expiresAt: { lt: now } }] } }))
    .count;
}

/** Whether the link is unused and unexpired (the page only; the reset itself checks again). */
export async function isLivePasswordReset(tokenHash: string, now = new Date()): Promise<boolean> {
  const prisma = await db();
  const row = await prisma.passwordReset.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now }, user: { disabled: false, systemAccount: false } },
    select: { userId: true },
  });
  return row !== null;
}

/**
 * Uses the link, in one transaction: the link is consumed by one conditional update (so two
 * concurrent resets cannot both use it), then the password is set, and every session and API
 * token of the user and every other unused link of theirs go. Returns the user id, or null when the link
 * is unknown, used, expired or the account disabled.
 */
export async function consumePasswordReset(tokenHash: string, passwordHash: string, now = new Date()): Promise<string | null> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const row = await tx.passwordReset.findUnique({ where: { tokenHash }, select: { userId: true } });
    if (!row) return null;
    const { count } = await tx.passwordReset.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: now }, user: { disabled: false, systemAccount: false } },
      data: { usedAt: now },
    });
    if (count !== 1) return null;
    await setPasswordIn(tx, row.userId, passwordHash);
    return row.userId;
  });
}

/** Every path that sets a password comes here: its sessions, API tokens and unused reset links end. */
async function setPasswordIn(tx: Tx, userId: string, hash: string) {
  await tx.password.upsert({ where: { userId }, create: { userId, hash }, update: { hash } });
  await tx.session.deleteMany({ where: { userId } });
  await outstandingResets(tx, userId);
}

/** A new password; every session, API token and reset link of the user ends (the caller signs them in again). */
export async function setPassword(userId: string, hash: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction((tx) => setPasswordIn(tx, userId, hash));
}

/**
 * Makes the account with this address an administrator with this password, or a new one: for the
 * operator's command (administrators.server.ts). Its sessions, API tokens and reset links end; a
 * disabled account is enabled. Returns null for a system account, which never becomes one.
 */
export async function setAdministrator(email: string, hash: string): Promise<{ created: boolean } | null> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const found = await tx.user.findUnique({ where: { email }, select: { id: true, systemAccount: true } });
    if (found?.systemAccount) return null;
    if (!found) {
      await tx.user.create({ data: { email, displayName: "Administrator", role: "ADMIN", password: { create: { hash } } } });
      return { created: true };
    }
    await tx.user.update({ where: { id: found.id }, data: { role: "ADMIN", disabled: false } });
    await setPasswordIn(tx, found.id, hash);
    return { created: false };
  });
}

export async function findProfile(userId: string) {
  const prisma = await db();
  return prisma.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      displayName: true,
      photoUrl: true,
      phone: true,
      messagesOptOut: true,
      role: true,
      password: { select: { userId: true } },
    },
  });
}

export async function updateProfile(
  userId: string,
  profile: { displayName: string; photoUrl: string | null; phone: string | null; messagesOptOut: boolean },
): Promise<void> {
  const prisma = await db();
  await prisma.user.update({ where: { id: userId }, data: profile });
}

/** The anonymised values that replace a deleted person's data on the orders kept. */
const ANONYMOUS = {
  firstName: "Deleted",
  lastName: "user",
  streetAddress: "deleted",
  city: null,
  townName: "deleted",
  postcode: null,
  mobileNumber: "deleted",
} as const;

/**
 * What becomes of a deleted account's bookings, in its deletion's transaction: booking's
 * (forgetCustomerBookings; accounts imports no booking, so the caller passes it in).
 */
export type ForgetBookings = (tx: Tx, userId: string, anonymous: typeof ANONYMOUS & { email: string }) => Promise<void>;

/**
 * Deletes the account, in one transaction: unpaid orders go; paid ones (and those whose card
 * payment is under way) stay for the agency's records with the person's data replaced; sessions,
 * API tokens, reset links and the password go; the user row is kept (paid orders point to it) but
 * anonymised, so the email can register again. The administrators' rows are locked first, so two
 * last administrators deleting themselves at once cannot both succeed. Returns "last-admin" (and
 * changes nothing) when the user is the only enabled administrator.
 */
export async function deleteAccount(userId: string, forgetBookings: ForgetBookings): Promise<"deleted" | "last-admin"> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    if (admins.length === 1 && admins[0] === userId) return "last-admin";
    await forgetBookings(tx, userId, { ...ANONYMOUS, email: anonymousEmail(userId) });
    await tx.session.deleteMany({ where: { userId } });
    await tx.passwordReset.deleteMany({ where: { userId } });
    await tx.password.deleteMany({ where: { userId } });
    await tx.user.update({
      where: { id: userId },
      data: {
        email: anonymousEmail(userId),
        displayName: "Deleted user",
        photoUrl: null,
        phone: null,
        googleId: null,
        role: "CUSTOMER",
        disabled: true,
      },
    });
    return "deleted";
  });
}

/** A deleted account's address: unique, and no one's (the .invalid domain never resolves). */
function anonymousEmail(userId: string): string {
  return `deleted-${userId}${DELETED_EMAIL_DOMAIN}`;
}
