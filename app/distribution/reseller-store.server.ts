// Resellers and their keys (the Prisma models Reseller and ResellerKey).
import { randomUUID } from "node:crypto";
import { resellerAccountEmail } from "~/accounts";
import { systemAccountWith } from "~/accounts/index.server";
import { db } from "~/platform/db.server";
import { isPlausibleId } from "~/platform/ids";
import { cachedRead } from "~/platform/read-cache.server";

const keySelect = { id: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;
const resellerSelect = {
  id: true,
  name: true,
  email: true,
  commissionBasisPoints: true,
  active: true,
  maxHeldSeatsPerDeparture: true,
  maxHeldSeats: true,
  createdAt: true,
  keys: { orderBy: { createdAt: "asc" }, select: keySelect },
} as const;

/** Every reseller, newest first, with its keys (there are a handful: no paging). */
/** Every reseller; read on every view of Manage All Orders, so kept until the next write (app/platform/read-cache.server.ts). */
export function listResellers() {
  return cachedRead("resellers", async () => {
    const prisma = await db();
    return prisma.reseller.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: resellerSelect });
  });
}

export async function insertReseller(input: { name: string; email: string; commissionBasisPoints: number; active: boolean }) {
  const prisma = await db();
  return prisma.reseller.create({ data: input, select: { id: true } });
}

/** Returns false when there is no such reseller. */
export async function setResellerActive(id: string, active: boolean): Promise<boolean> {
  if (!isPlausibleId(id)) return false;
  const prisma = await db();
  const { count } = await prisma.reseller.updateMany({ where: { id }, data: { active } });
  return count > 0;
}

/** The reseller's caps on seats held unconfirmed (a field left out stays); false when there is no such reseller. */
export async function setResellerHoldCaps(
  id: string,
  caps: { maxHeldSeatsPerDeparture?: number; maxHeldSeats?: number },
): Promise<boolean> {
  if (!isPlausibleId(id)) return false;
  const prisma = await db();
  const { count } = await prisma.reseller.updateMany({ where: { id }, data: caps });
  return count > 0;
}

/** Null when there is no such reseller. */
export async function insertKey(input: { resellerId: string; hash: string; prefix: string }) {
  if (!isPlausibleId(input.resellerId)) return null;
  const prisma = await db();
  const created = await prisma.$transaction(async (tx) => {
    const reseller = await tx.reseller.findUnique({ where: { id: input.resellerId }, select: { id: true } });
    return reseller ? tx.resellerKey.create({ data: input, select: { id: true } }) : null;
  });
  return created;
}

/**
 * Revokes the reseller's key: "revoked", "already" (revoked before: the first revocation's time
 * stays), or "not-found" (no such key of this reseller).
 */
export async function revokeKey(
  resellerId: string,
  keyId: string,
  now = new Date(),
): Promise<"revoked" | "already" | "not-found"> {
  if (!isPlausibleId(resellerId) || !isPlausibleId(keyId)) return "not-found";
  const prisma = await db();
  const { count } = await prisma.resellerKey.updateMany({
    where: { id: keyId, resellerId, revokedAt: null },
    data: { revokedAt: now },
  });
  if (count > 0) return "revoked";
  const exists = await prisma.resellerKey.count({ where: { id: keyId, resellerId } });
  return exists > 0 ? "already" : "not-found";
}

/** The key with this hash when it is not revoked and its reseller is active. */
export async function findActiveKey(hash: string) {
  const prisma = await db();
  // One statement (Prisma reads a relation with a second one): every OCTO call asks it first.
  const [key] = await prisma.$queryRaw<
    {
      keyId: string;
      resellerId: string;
      name: string;
      commissionBasisPoints: number;
      maxHeldSeatsPerDeparture: number;
      maxHeldSeats: number;
    }[]
  >`
    SELECT k."id" AS "keyId", r."id" AS "resellerId", r."name", r."commissionBasisPoints",
      r."maxHeldSeatsPerDeparture", r."maxHeldSeats"
    FROM "ResellerKey" k JOIN "Reseller" r ON r."id" = k."resellerId"
    WHERE k."hash" = ${hash} AND k."revokedAt" IS NULL AND r."active"`;
  return key
    ? {
        keyId: key.keyId,
        resellerId: key.resellerId,
        name: key.name,
        commissionBasisPoints: Number(key.commissionBasisPoints),
        holdLimits: { perDeparture: Number(key.maxHeldSeatsPerDeparture), perAccount: Number(key.maxHeldSeats) },
      }
    : null;
}

/** A key's last use, written at most once a minute (resellers poll: not a write per request). */
const LAST_USE_STEP_MS = 60_000;

/** When this process last wrote each key's use: a reseller polling with 20 clients writes it once a minute, not per call. */
const markedAt = new Map<string, number>();

export async function markKeyUsed(keyId: string, now: Date): Promise<void> {
  const last = markedAt.get(keyId);
  if (last !== undefined && now.getTime() >= last && now.getTime() - last < LAST_USE_STEP_MS) return;
  markedAt.set(keyId, now.getTime());
  const prisma = await db();
  await prisma.resellerKey.updateMany({
    where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - LAST_USE_STEP_MS) } }] },
    data: { lastUsedAt: now },
  });
}

/**
 * The reseller's account, made on its first booking (the same user for every booking after): a
 * system account (app/accounts/system-accounts.ts) that never signs in. An ordinary account that
 * somehow holds the address (registered before it was reserved) is never adopted: the reseller's
 * account then gets an address of its own.
 */
export async function resellerAccount(resellerId: string): Promise<string> {
  const prisma = await db();
  const found = await prisma.reseller.findUnique({ where: { id: resellerId }, select: { userId: true, name: true } });
  if (!found) throw new Error("No such reseller.");
  if (found.userId) return found.userId;
  return prisma.$transaction(async (tx) => {
    const displayName = `${found.name} (reseller)`;
    const userId =
      (await systemAccountWith(tx, resellerAccountEmail(resellerId), displayName)) ??
      (await systemAccountWith(tx, resellerAccountEmail(resellerId, randomUUID().slice(0, 8)), displayName));
    if (!userId) throw new Error("The reseller's account could not be made.");
    await tx.reseller.updateMany({ where: { id: resellerId, userId: null }, data: { userId } });
    const linked = await tx.reseller.findUniqueOrThrow({ where: { id: resellerId }, select: { userId: true } });
    return linked.userId ?? userId;
  });
}
