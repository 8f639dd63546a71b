// Accounts: users and their password hashes, and what administrators change on them (with its audit log).
import {
  AUDIT_ACTION,
  decideAccessChange,
  decideRoleChange,
  type AccessAction,
  type AccessDecision,
  type AccountRole,
} from "~/accounts/user-access";
import { db } from "~/platform/db.server";
import { keysetAfter, type KeysetPage, numberedPage } from "~/platform/paging";

/** What a password check needs: the id, the disabled flag and the hash (none for Google-only accounts). */
export async function findLoginUser(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({
    where: { email },
    select: { id: true, disabled: true, systemAccount: true, password: { select: { hash: true } } },
  });
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
  return prisma.user.findUnique({ where: { googleId }, select: { id: true, disabled: true, systemAccount: true } });
}

/** The display names of these accounts, by id (a deleted account is left out). */
export async function userNames(ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const prisma = await db();
  const users = await prisma.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, displayName: true } });
  return new Map(users.map((user) => [user.id, user.displayName]));
}

export async function findUserByEmail(email: string) {
  const prisma = await db();
  return prisma.user.findUnique({ where: { email }, select: { id: true, disabled: true, systemAccount: true } });
}

export async function linkGoogleAccount(userId: string, googleId: string, photoUrl: string | undefined): Promise<void> {
  const prisma = await db();
  await prisma.user.update({ where: { id: userId }, data: { googleId, ...(photoUrl ? { photoUrl } : {}) } });
}

export async function createGoogleUser(input: {
  email: string;
  displayName: string;
  photoUrl: string | undefined;
  googleId: string;
}) {
  const prisma = await db();
  return prisma.user.create({ data: input, select: { id: true } });
}

/**
 * Makes the account with this email an administrator, recording who did (the audit log). `found`
 * is false for an unknown email (nothing changes); `modified` is 0 when the account already was one.
 */
export async function promoteToAdmin(email: string, actorId: string): Promise<{ found: boolean; modified: number }> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) return { found: false, modified: 0 };
    const { count } = await tx.user.updateMany({ where: { id: user.id, role: { not: "ADMIN" } }, data: { role: "ADMIN" } });
    if (count > 0) await tx.userAuditEntry.create({ data: { actorId, targetUserId: user.id, action: "MAKE_ADMIN" } });
    return { found: true, modified: count };
  });
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof db>>["$transaction"]>[0]>[0];

/**
 * The ids of the enabled administrators, their rows locked until the transaction ends (in id
 * order, so two transactions queue rather than deadlock). Every change that can take away an
 * administrator (revoking, disabling, deleting an account) takes this lock first, so two of them
 * racing each other see the other's result and the last administrator always stays.
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User" WHERE "role" = 'ADMIN' AND NOT "disabled" ORDER BY "id" FOR UPDATE`;
  return rows.map((row) => row.id);
}

/**
 * The system account (never signs in: app/accounts/system-accounts.ts) with this address, made in
 * `tx` unless it exists (two made at once: one row). Null when an ordinary account holds the
 * address: it is never adopted.
 */
export async function systemAccountWith(tx: Tx, email: string, displayName: string): Promise<string | null> {
  await tx.user.createMany({ data: [{ email, displayName, role: "CUSTOMER", systemAccount: true }], skipDuplicates: true });
  const user = await tx.user.findUniqueOrThrow({ where: { email }, select: { id: true, systemAccount: true } });
  return user.systemAccount ? user.id : null;
}

/** A deleted account's address (app/accounts/account-store.server.ts): such an account is never re-enabled. */
export const DELETED_EMAIL_DOMAIN = "@deleted.invalid";

/**
 * An administrator's change to another account, in one transaction holding the administrators'
 * rows (lockActiveAdmins): the rule of app/accounts/user-access.ts decides on what is true now; a
 * change is recorded in the audit log, and disabling deletes every session and API token of the
 * account at once.
 */
export async function changeUserAccess(actorId: string, targetId: string, action: AccessAction): Promise<AccessDecision> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    const target = await tx.user.findFirst({
      where: { id: targetId, email: { not: { endsWith: DELETED_EMAIL_DOMAIN } } },
      select: { id: true, role: true, disabled: true },
    });
    const decision = decideAccessChange({ action, actorId, target, activeAdminIds });
    if (!("change" in decision)) return decision;
    await tx.user.update({ where: { id: targetId }, data: decision.change });
    if (decision.endSessions) await tx.session.deleteMany({ where: { userId: targetId } });
    await tx.userAuditEntry.create({ data: { actorId, targetUserId: targetId, action: AUDIT_ACTION[action] } });
    return decision;
  });
}

/**
 * PUT /api/users/role: gives the account with this email the role, in one transaction holding the
 * administrators' rows like changeUserAccess, with the audit entries of the change.
 */
export async function changeUserRole(actorId: string, email: string, role: AccountRole) {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    const target = await tx.user.findFirst({
      where: { email, NOT: { email: { endsWith: DELETED_EMAIL_DOMAIN } } },
      select: { id: true, role: true, disabled: true },
    });
    const decision = decideRoleChange({ role, actorId, target, activeAdminIds });
    if (!("audit" in decision)) return decision;
    await tx.user.update({ where: { id: target!.id }, data: { role } });
    for (const action of decision.audit) await tx.userAuditEntry.create({ data: { actorId, targetUserId: target!.id, action } });
    return decision;
  });
}

/**
 * One page of the users page, newest first: name or email containing `query` (any case), each
 * with its number of orders (a count in the same query) and the latest audit entry.
 */
export async function listUsersPage({ query, page, pageSize }: { query: string; page: number; pageSize: number }) {
  const prisma = await db();
  // Prisma's contains is LIKE '%…%': the search's own % and _ are literal characters.
  const contains = query.replace(/[\\%_]/g, "\\$&");
  const where = query
    ? {
        OR: [{ displayName: { contains, mode: "insensitive" as const } }, { email: { contains, mode: "insensitive" as const } }],
      }
    : {};
  const { rows: users, total } = await numberedPage(page, pageSize, {
    count: () => prisma.user.count({ where }),
    rows: (window) =>
      prisma.user.findMany({
        where,
        ...window,
        select: {
          id: true,
          email: true,
          displayName: true,
          role: true,
          disabled: true,
          createdAt: true,
          auditEntries: {
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            take: 1,
            select: { action: true, createdAt: true, actor: { select: { displayName: true } } },
          },
        },
      }),
  });
  // The page's users only (Prisma's _count would group every order of the site: 70 ms at 100,000).
  const counts = await prisma.order.groupBy({
    by: ["userId"],
    where: { userId: { in: users.map((user) => user.id) }, deletedAt: null },
    _count: { _all: true },
  });
  const ordersOf = new Map(counts.map((row) => [row.userId, row._count._all]));
  return { total, users: users.map((user) => ({ ...user, _count: { orders: ordersOf.get(user.id) ?? 0 } })) };
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

/** The language the person chose (the navbar's switch, the profile): their pages and emails. */
export async function saveLanguage(userId: string, language: string): Promise<void> {
  const prisma = await db();
  await prisma.user.update({ where: { id: userId }, data: { language }, select: { id: true } });
}
