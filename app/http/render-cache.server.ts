// Rendering is most of a page's cost (docs/performance.md). A page renders the same HTML for the
// same URL and loader data, so pages keep their HTML here, keyed by exactly that; only the
// per-response CSP nonce is swapped in. The HTML is kept as bytes cut at the nonce, so a hit is
// one copy of bytes (no search, no UTF-8 encoding of the whole page). Stale content is impossible: new data makes a new key.
// Loaders still run on every request, so sign-in, roles and logout are checked as before; a
// personal page's key holds the loader data of its user (the root's user), so no other request
// can reach it. Public pages and personal ones have separate bounds, so signed-in traffic cannot
// push the public pages out.
//
// A visitor's page (no cookie, `Cache-Control: public`) is also answered before Remix runs
// (`visitorPages`, mounted by server/start.mjs): for one second, and only while no write was made
// since its loaders read (readsGeneration, app/platform/read-cache.server.ts: on PostgreSQL that
// includes every other instance's writes). The page says `public, max-age=60` to browsers and
// proxies anyway; this only keeps the server from running the same loaders for the same answer
// hundreds of times a second.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { acceptedLanguage } from "~/platform/i18n.server";
import { readsGeneration } from "~/platform/read-cache.server";

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
  return entry ? withNonce(entry, nonce) : null;
}

function withNonce(entry: Page, nonce: string): Buffer {
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

/** How long a visitor's page is answered before Remix runs, at most. */
export const VISITOR_PAGE_MS = 1_000;

interface VisitorPage {
  page: Page;
  headers: [string, string][];
  generation: number;
  at: number;
}

/**
 * By the language the browser prefers (a visitor without a cookie gets the page in it), then the
 * request's path and query, as sent; bounded like the public pages.
 */
const visitorPageCache = new Map<string, VisitorPage>();
let visitorPageBytes = 0;

function forgetVisitorPage(url: string) {
  const kept = visitorPageCache.get(url);
  if (!kept) return;
  visitorPageCache.delete(url);
  visitorPageBytes -= kept.page.bytes;
}

/** What `visitorPages` gives the load context of a request that may be kept (server/start.mjs). */
interface VisitorRequest {
  url: string;
  generation: number;
}

function visitorRequestOf(loadContext: AppLoadContext): VisitorRequest | undefined {
  return (loadContext as { visitorRequest?: VisitorRequest }).visitorRequest;
}

/**
 * Keeps the public page of `key` (once in the render cache), answered to a visitor with these
 * headers, for `visitorPages`. Pages that set a cookie are never kept.
 */
export function rememberVisitorPage(key: string, headers: Headers, loadContext: AppLoadContext): void {
  const request = visitorRequestOf(loadContext);
  const page = request && !headers.has("Set-Cookie") && key.startsWith("public:") ? caches.public.get(key) : undefined;
  if (!request || !page) return;
  forgetVisitorPage(request.url);
  visitorPageCache.set(request.url, { page, headers: [...headers], generation: request.generation, at: Date.now() });
  visitorPageBytes += page.bytes;
  while (visitorPageCache.size > PUBLIC_BOUND.entries || visitorPageBytes > PUBLIC_BOUND.bytes)
    forgetVisitorPage(visitorPageCache.keys().next().value!);
}

/**
 * Express middleware, before Remix: a visitor's GET (no cookie at all, so no session and no
 * one-time banner) of a page kept by `rememberVisitorPage` less than VISITOR_PAGE_MS ago, with no
 * write since. Other requests go on, those that may be kept marked in `res.locals`.
 */
export function visitorPages() {
  return (
    req: IncomingMessage & { originalUrl?: string },
    res: ServerResponse & { locals: Record<string, unknown> },
    next: () => void,
  ) => {
    const generation = readsGeneration();
    if (req.method !== "GET" || req.headers.cookie !== undefined || generation === null) return next();
    const acceptLanguage = req.headers["accept-language"];
    const url = `${acceptedLanguage(typeof acceptLanguage === "string" ? acceptLanguage : null) ?? ""} ${req.originalUrl ?? req.url ?? "/"}`;
    const kept = visitorPageCache.get(url);
    if (kept && kept.generation === generation && Date.now() - kept.at < VISITOR_PAGE_MS) {
      const body = withNonce(kept.page, String(res.locals.cspNonce ?? ""));
      res.statusCode = 200;
      for (const [name, value] of kept.headers) res.setHeader(name, value);
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    res.locals.visitorRequest = { url, generation } satisfies VisitorRequest;
    next();
  };
}

/** Entries and bytes held, per cache (tests and the memory figures of docs/performance.md). */
export function renderCacheSize() {
  return {
    public: caches.public.size(),
    personal: caches.personal.size(),
    visitor: { entries: visitorPageCache.size, bytes: visitorPageBytes },
  };
}
