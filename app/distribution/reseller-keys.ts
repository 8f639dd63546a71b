// Reseller API keys: what a key looks like and what is kept of it. A key is shown once; the database
// keeps its SHA-256 (a key is 256 random bits, so a fast hash is enough: nothing to guess) and its
// first characters, which tell keys apart on the page.
export const KEY_PREFIX = "tbr_";
/** The characters of a key shown on the page (the fixed prefix and 8 of the random part). */
export const VISIBLE_KEY_LENGTH = KEY_PREFIX.length + 8;

/** Whether the text has the shape of one of our reseller keys (anything else is refused without a lookup). */
export function looksLikeResellerKey(key: string): boolean {
  return /^tbr_[A-Za-z0-9_-]{43}$/.test(key);
}
