// Promo codes as the dashboard, the API and the checkout use them: saved after their packages are
// checked, and a code tried on a booking (the checkout's preview and placeBooking alike).
import {
  discountCents,
  normalisePromoCode,
  type PromoCodeInput,
  type PromoRefusal,
  promoRefusal,
} from "~/booking/core/promo-code-rules";
import {
  countCustomerUses,
  existingPackageIds,
  findPromoCodeRow,
  insertPromoCode,
  listPromoCodeRows,
  type StoredPromoCode,
  updatePromoCodeRow,
} from "~/booking/core/promo-code-store.server";
import { take } from "~/platform/rate-limit.server";

export class PromoCodeError extends Error {
  constructor(
    readonly code: "invalid" | "taken" | "not-found",
    /** the field at fault (code, packages) */
    readonly field: string | null,
    message: string,
  ) {
    super(message);
  }
}

export const listPromoCodes = listPromoCodeRows;

/** The code typed in any case, or null. */
export async function findPromoCode(text: string): Promise<StoredPromoCode | null> {
  return findPromoCodeRow(normalisePromoCode(text));
}

async function checkPackages(input: PromoCodeInput): Promise<void> {
  const wanted = input.packages ?? [];
  const found = await existingPackageIds(wanted);
  const missing = wanted.find((id) => !found.has(id));
  if (missing !== undefined) throw new PromoCodeError("invalid", "packages", `Package ${missing} does not exist.`);
}

const TAKEN = "A promo code with this text exists already.";

/** Throws PromoCodeError (a package unknown, the code taken). */
export async function createPromoCode(input: PromoCodeInput): Promise<{ id: string }> {
  await checkPackages(input);
  const created = await insertPromoCode(input);
  if (created === "taken") throw new PromoCodeError("taken", "code", TAKEN);
  return created;
}

/** Replaces the settings of the code `code` (any case); its redemptions stay. Throws PromoCodeError. */
export async function updatePromoCode(code: string, input: PromoCodeInput): Promise<void> {
  await checkPackages(input);
  const outcome = await updatePromoCodeRow(normalisePromoCode(code), input);
  if (outcome === "not-found") throw new PromoCodeError("not-found", null, "No such promo code.");
  if (outcome === "taken") throw new PromoCodeError("taken", "code", TAKEN);
}

/** A stored code as its form and the API's body write it (PATCH merges a body over it). */
export function promoCodeInputOf(code: StoredPromoCode): PromoCodeInput {
  return {
    code: code.code,
    percentOff: code.percentOff ?? undefined,
    amountOff: code.amountOffCents !== null ? code.amountOffCents / 100 : undefined,
    validFrom: code.validFrom,
    validUntil: code.validUntil,
    travelFrom: code.travelFrom ?? undefined,
    travelUntil: code.travelUntil ?? undefined,
    maxRedemptions: code.maxRedemptions ?? undefined,
    maxPerCustomer: code.maxPerCustomer ?? undefined,
    packages: [...code.packageIds],
    minTravellers: code.minTravellers ?? undefined,
    active: code.active,
  };
}

export type PromoCheck =
  { ok: true; promo: StoredPromoCode; discountCents: number } | ({ ok: false; promo: StoredPromoCode | null } & PromoRefusal);

/**
 * Whether the code (any case) gives this booking a discount, and how much, or exactly why not. The
 * order's transaction decides again on the uses (redeemPromoCode): this is what a person is told first.
 */
export async function checkPromoCode(
  text: string,
  booking: { userId: string; packageId: string; persons: number; travelDate: string | null; today: string; totalCents: number },
): Promise<PromoCheck> {
  const promo = await findPromoCode(text);
  const customerUses = promo?.maxPerCustomer ? await countCustomerUses(promo.id, booking.userId) : 0;
  const refusal = promoRefusal(promo, { ...booking, customerUses });
  if (refusal) return { ok: false, promo, ...refusal };
  return { ok: true, promo: promo!, discountCents: discountCents(promo!, booking.totalCents) };
}

/**
 * The checkout's Apply box: checkPromoCode, counted per account and per address first
 * (RATE_LIMIT_PROMO_MAX an hour), so that no one finds a live code by trying many.
 */
export async function tryPromoCode(
  text: string,
  booking: Parameters<typeof checkPromoCode>[1],
  address: string | null,
): Promise<PromoCheck | { ok: false; promo: null; reason: "rate-limited"; message: string }> {
  const counted = await take("promo-code", { account: booking.userId, address });
  if (counted.refused) return { ok: false, promo: null, reason: "rate-limited", message: counted.refused.message };
  return checkPromoCode(text, booking);
}
