// Rendering is most of a page's cost (docs/performance.md). A page renders the same HTML for the
// same URL and loader data, so pages keep their HTML here, keyed by exactly that; only the
// per-response CSP nonce is swapped in. Stale content is impossible: new data makes a new key.
// Loaders still run on every request, so sign-in, roles and logout are checked as before; a
// personal page's key holds the loader data of its user (the root's user), so no other request
// can reach it. Public pages and personal ones have separate bounds, so signed-in traffic cannot
// push the public pages out.
import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";

interface Bound {
  entries: number;
  /** characters of HTML kept, all entries together */
  chars: number;
}

/** Public pages (`Cache-Control: public`): the same for every visitor without a session. */
export const PUBLIC_BOUND: Bound = { entries: 200, chars: 8 * 1024 * 1024 };
/** Personal pages (`private`): one user's page, re-used when that user reloads it unchanged. */
export const PERSONAL_BOUND: Bound = { entries: 100, chars: 8 * 1024 * 1024 };

class PageCache {
  private readonly pages = new Map<string, { html: string; nonce: string }>();
  private chars = 0;

  constructor(private readonly bound: Bound) {}

  get(key: string) {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    // Most recently used last: the first key is the one to evict.
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry;
  }

  set(key: string, html: string, nonce: string) {
    if (html.length > this.bound.chars) return;
    this.delete(key);
    this.pages.set(key, { html, nonce });
    this.chars += html.length;
    while (this.pages.size > this.bound.entries || this.chars > this.bound.chars) this.delete(this.pages.keys().next().value!);
  }

  private delete(key: string) {
    const entry = this.pages.get(key);
    if (!entry) return;
    this.pages.delete(key);
    this.chars -= entry.html.length;
  }

  size() {
    return { entries: this.pages.size, chars: this.chars };
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

export function cachedPage(key: string, nonce: string): string | null {
  const entry = cacheOf(key).get(key);
  if (!entry) return null;
  return entry.nonce ? entry.html.split(entry.nonce).join(nonce) : entry.html;
}

export function rememberPage(key: string, html: string, nonce: string): void {
  cacheOf(key).set(key, html, nonce);
}

/** Entries and characters held, per cache (tests and the memory figures of docs/performance.md). */
export function renderCacheSize() {
  return { public: caches.public.size(), personal: caches.personal.size() };
}
