// Rendering is most of a page's cost (docs/performance.md). A page renders the same HTML for the
// same URL and loader data, so pages keep their HTML here, keyed by exactly that; only the
// per-response CSP nonce is swapped in. The HTML is kept as bytes cut at the nonce, so a hit is
// one copy of bytes (no search, no UTF-8 encoding of the whole page). Stale content is impossible: new data makes a new key.
// Loaders still run on every request, so sign-in, roles and logout are checked as before; a
// personal page's key holds the loader data of its user (the root's user), so no other request
// can reach it. Public pages and personal ones have separate bounds, so signed-in traffic cannot
// push the public pages out.
import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";

interface Bound {
  entries: number;
  /** bytes of HTML kept, all entries together */
  bytes: number;
}

/** Public pages (`Cache-Control: public`): the same for every visitor without a session. */
export const PUBLIC_BOUND: Bound = { entries: 200, bytes: 8 * 1024 * 1024 };
/** Personal pages (`private`): one user's page, re-used when that user reloads it unchanged. */
export const PERSONAL_BOUND: Bound = { entries: 100, bytes: 8 * 1024 * 1024 };

/** A page's bytes, without its nonce: the nonce goes between each two parts. */
interface Page {
  parts: Buffer[];
  bytes: number;
}

class PageCache {
  private readonly pages = new Map<string, Page>();
  private bytes = 0;

  constructor(private readonly bound: Bound) {}

  get(key: string) {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    // Most recently used last: the first key is the one to evict.
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry;
  }

  set(key: string, page: Page) {
    if (page.bytes > this.bound.bytes) return;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += page.bytes;
    while (this.pages.size > this.bound.entries || this.bytes > this.bound.bytes) this.delete(this.pages.keys().next().value!);
  }

  private delete(key: string) {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.bytes -= entry.bytes;
  }

  size() {
    return { entries: this.pages.size, bytes: this.bytes };
  }
}

const caches = { public: new PageCache(PUBLIC_BOUND), personal: new PageCache(PERSONAL_BOUND) };

/** The cache key of this render, or null when the page must be rendered for this request only. */
export function renderCacheKey(request: Request, status: number, headers: Headers, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  const kind = cacheKind(headers);
  if (!kind) return null;
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (errors || actionData) return null;
  const hash = createHash("sha256")
    .update(JSON.stringify([request.url, loaderData]))
    .digest("base64url");
  return `${kind}:${hash}`;
}

/** Public pages, and the personal ones the root marks `private` (a session or a one-time banner). */
function cacheKind(headers: Headers): keyof typeof caches | null {
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (/(^|,)\s*public\b/.test(cacheControl)) return "public";
  if (/(^|,)\s*private\b/.test(cacheControl)) return "personal";
  return null;
}

function cacheOf(key: string) {
  return key.startsWith("personal:") ? caches.personal : caches.public;
}

/** The page's HTML with this response's nonce, or null. */
export function cachedPage(key: string, nonce: string): Buffer | null {
  const entry = cacheOf(key).get(key);
  if (!entry) return null;
  if (entry.parts.length === 1) return entry.parts[0];
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  entry.parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

export function rememberPage(key: string, html: Buffer, nonce: string): void {
  const parts: Buffer[] = [];
  if (nonce) {
    const nonceBytes = Buffer.from(nonce);
    let from = 0;
    for (let at = html.indexOf(nonceBytes); at >= 0; at = html.indexOf(nonceBytes, from)) {
      parts.push(html.subarray(from, at));
      from = at + nonceBytes.length;
    }
    parts.push(html.subarray(from));
  } else parts.push(html);
  cacheOf(key).set(key, { parts, bytes: html.length });
}

/** Entries and bytes held, per cache (tests and the memory figures of docs/performance.md). */
export function renderCacheSize() {
  return { public: caches.public.size(), personal: caches.personal.size() };
}
