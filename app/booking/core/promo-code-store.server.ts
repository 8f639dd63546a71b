// Promo codes (the Prisma model PromoCode) and their redemptions: an order holds one of its code's
// `redemptions` from its transaction on (redeemPromoCode, one conditional UPDATE) until it expires
// or is cancelled unpaid (releasePromoCode, in that status change's transaction).
import type { PromoCodeInput, PromoCodeRule } from "~/booking/core/promo-code-rules";
import type { Prisma } from "~/generated/prisma/client";
import { isoDate } from "~/platform/dates";
import { db, type Tx } from "~/platform/db.server";

const promoSelect = {
  id: true,
  code: true,
  percentOff: true,
  amountOffCents: true,
  validFrom: true,
  validUntil: true,
  travelFrom: true,
  travelUntil: true,
  maxRedemptions: true,
  maxPerCustomer: true,
  packageIds: true,
  minTravellers: true,
  active: true,
  redemptions: true,
  createdAt: true,
} as const;

type PromoRow = Prisma.PromoCodeGetPayload<{ select: typeof promoSelect }>;

export type StoredPromoCode = PromoCodeRule & { id: string; createdAt: Date };

function toRule(row: PromoRow): StoredPromoCode {
  return {
    ...row,
    validFrom: isoDate(row.validFrom),
    validUntil: isoDate(row.validUntil),
    travelFrom: row.travelFrom ? isoDate(row.travelFrom) : null,
    travelUntil: row.travelUntil ? isoDate(row.travelUntil) : null,
  };
}

const day = (value: string) => new Date(`${value}T00:00:00Z`);

function columns(input: PromoCodeInput) {
  return {
    code: input.code,
    percentOff: input.percentOff ?? null,
    amountOffCents: input.amountOff !== undefined ? input.amountOff * 100 : null,
    validFrom: day(input.validFrom),
    validUntil: day(input.validUntil),
    travelFrom: input.travelFrom ? day(input.travelFrom) : null,
    travelUntil: input.travelUntil ? day(input.travelUntil) : null,
    maxRedemptions: input.maxRedemptions ?? null,
    maxPerCustomer: input.maxPerCustomer ?? null,
    packageIds: [...new Set(input.packages ?? [])],
    minTravellers: input.minTravellers ?? null,
    active: input.active,
  };
}

/** Every code, newest first (an agency runs a handful of campaigns: no paging). */
export async function listPromoCodeRows(): Promise<StoredPromoCode[]> {
  const prisma = await db();
  const rows = await prisma.promoCode.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: promoSelect });
  return rows.map(toRule);
}

/** The code (already normalised), or null. */
export async function findPromoCodeRow(code: string): Promise<StoredPromoCode | null> {
  const prisma = await db();
  const row = await prisma.promoCode.findUnique({ where: { code }, select: promoSelect });
  return row ? toRule(row) : null;
}

/** The ids among these that are live packages. */
export async function existingPackageIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const prisma = await db();
  const rows = await prisma.service.findMany({ where: { id: { in: [...ids] }, deletedAt: null }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

const isCodeTaken = (error: unknown) => (error as { code?: string }).code === "P2002";

/** "taken" when another code has this text. */
export async function insertPromoCode(input: PromoCodeInput): Promise<{ id: string } | "taken"> {
  const prisma = await db();
  try {
    return await prisma.promoCode.create({ data: columns(input), select: { id: true } });
  } catch (error) {
    if (isCodeTaken(error)) return "taken";
    throw error;
  }
}

/** Replaces the code's settings (its redemptions stay): "not-found", or "taken" when renamed to another code's text. */
export async function updatePromoCodeRow(code: string, input: PromoCodeInput): Promise<"updated" | "not-found" | "taken"> {
  const prisma = await db();
  try {
    const { count } = await prisma.promoCode.updateMany({ where: { code }, data: columns(input) });
    return count === 1 ? "updated" : "not-found";
  } catch (error) {
    if (isCodeTaken(error)) return "taken";
    throw error;
  }
}

/** Orders of this customer holding a redemption of the code (inside `tx` when given). */
export async function countCustomerUses(promoCodeId: string, userId: string, tx?: Tx) {
  const client = tx ?? (await db());
  return client.order.count({ where: { promoCodeId, userId, promoReleasedAt: null } });
}

/**
 * Takes one redemption of the code for an order of `userId`, in the order's transaction: the
 * customer's own uses first (counted with the account's row locked by the caller, so that their
 * orders come one at a time), then one conditional UPDATE (concurrent orders queue on the code's
 * row and each sees the count the one before left). The caller rolls back on a refusal.
 */
export async function redeemPromoCode(
  tx: Tx,
  promo: { id: string; maxPerCustomer: number | null },
  userId: string,
): Promise<"redeemed" | "used-up" | "used-by-customer" | "inactive"> {
  if (promo.maxPerCustomer !== null && (await countCustomerUses(promo.id, userId, tx)) >= promo.maxPerCustomer) {
    return "used-by-customer";
  }
  const taken = await tx.$executeRaw`
    UPDATE "PromoCode" SET "redemptions" = "redemptions" + 1
    WHERE "id" = ${promo.id} AND "active" AND ("maxRedemptions" IS NULL OR "redemptions" < "maxRedemptions")`;
  if (taken === 1) return "redeemed";
  const row = await tx.promoCode.findUnique({ where: { id: promo.id }, select: { active: true } });
  return row?.active ? "used-up" : "inactive";
}

/**
 * Gives back the order's redemption (its booking expired or was cancelled unpaid), once: the order
 * is marked released with a conditional UPDATE, and only that call takes one off the counter.
 */
export async function releasePromoCode(tx: Tx, orderId: string, now = new Date()): Promise<boolean> {
  const released = await tx.$queryRaw<{ promoCodeId: string }[]>`
    UPDATE "Order" SET "promoReleasedAt" = ${now}
    WHERE "id" = ${orderId} AND "promoCodeId" IS NOT NULL AND "promoReleasedAt" IS NULL
    RETURNING "promoCodeId"`;
  if (released.length === 0) return false;
  await tx.$executeRaw`
    UPDATE "PromoCode" SET "redemptions" = "redemptions" - 1 WHERE "id" = ${released[0].promoCodeId} AND "redemptions" > 0`;
  return true;
}

/** An expired booking paid after all (its seats taken again) holds its redemption again, whatever the cap: it is paid. */
export async function retakePromoCode(tx: Tx, orderId: string): Promise<void> {
  const retaken = await tx.$queryRaw<{ promoCodeId: string }[]>`
    UPDATE "Order" SET "promoReleasedAt" = NULL
    WHERE "id" = ${orderId} AND "promoCodeId" IS NOT NULL AND "promoReleasedAt" IS NOT NULL
    RETURNING "promoCodeId"`;
  if (retaken.length === 0) return;
  await tx.$executeRaw`UPDATE "PromoCode" SET "redemptions" = "redemptions" + 1 WHERE "id" = ${retaken[0].promoCodeId}`;
}
