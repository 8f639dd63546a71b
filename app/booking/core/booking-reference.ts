// A booking's reference: short enough to read out on the phone ("TB-7K3P9Q"), over an alphabet
// without the look-alikes 0/O, 1/I/L. 6 symbols of 31 are about 887 million references; a new one
// that is taken already is drawn again (app/booking/core/booking-store.server.ts). The migration
// booking_reference writes the existing orders' and the database's default with the same alphabet.
import { randomInt } from "node:crypto";

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE_PREFIX = "TB-";
const REFERENCE_LENGTH = 6;

/** A new random reference, "TB-" and 6 symbols; `pick(n)` draws an index below n. */
export function newReference(pick: (n: number) => number = randomInt): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[pick(REFERENCE_ALPHABET.length)];
  return `${REFERENCE_PREFIX}${code}`;
}

/**
 * The reference prefix a search means, as stored ("tb-7k3" or "7K3" → "TB-7K3"), or null when the
 * text cannot be the start of a reference.
 */
export function referenceSearchPrefix(q: string): string | null {
  const code = q.trim().toUpperCase().replace(/^TB-?/, "");
  if (code.length === 0 || code.length > REFERENCE_LENGTH) return null;
  return [...code].every((char) => REFERENCE_ALPHABET.includes(char)) ? `${REFERENCE_PREFIX}${code}` : null;
}
