// Making, checking and revoking reseller keys (app/distribution/reseller-keys.ts says what one is).
import { createHash, randomBytes } from "node:crypto";
import { KEY_PREFIX, looksLikeResellerKey, VISIBLE_KEY_LENGTH } from "~/distribution/reseller-keys";
import { findActiveKey, insertKey, markKeyUsed } from "~/distribution/reseller-store.server";

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key for the reseller: returns the key itself, the only time it exists outside the caller. Null when there is no such reseller. */
export async function createResellerKey(resellerId: string): Promise<{ id: string; key: string } | null> {
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const created = await insertKey({ resellerId, hash: hashKey(key), prefix: key.slice(0, VISIBLE_KEY_LENGTH) });
  return created && { id: created.id, key };
}

export interface ResellerCaller {
  keyId: string;
  resellerId: string;
  name: string;
  commissionBasisPoints: number;
  /** seats its holds may keep unconfirmed on one departure, and on all (maxHeldSeatsPerDeparture, maxHeldSeats) */
  holdLimits: { perDeparture: number; perAccount: number };
}

/**
 * The reseller a key belongs to, when the key is known, not revoked and its reseller active; null
 * otherwise (every such key is refused alike). Records the key's last use.
 */
export async function authenticateResellerKey(key: string, now = new Date()): Promise<ResellerCaller | null> {
  if (!looksLikeResellerKey(key)) return null;
  const found = await findActiveKey(hashKey(key));
  if (!found) return null;
  await markKeyUsed(found.keyId, now);
  return found;
}
