// Rendering is most of a public page's cost (docs/performance.md). A page renders the same HTML
// for the same URL and loader data, so public pages (those we already tell caches are `public`)
// keep their HTML here, keyed by exactly that; only the per-response CSP nonce is swapped in.
// Stale content is impossible: new data makes a new key.
import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";

const MAX_ENTRIES = 200;
const pages = new Map<string, { html: string; nonce: string }>();

/** The cache key of this render, or null when the page must be rendered for this request only. */
export function renderCacheKey(request: Request, status: number, headers: Headers, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200) return null;
  if (!/(^|,)\s*public\b/.test(headers.get("Cache-Control") ?? "")) return null;
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (errors || actionData) return null;
  return createHash("sha256")
    .update(JSON.stringify([request.url, loaderData]))
    .digest("base64url");
}

export function cachedPage(key: string, nonce: string): string | null {
  const entry = pages.get(key);
  if (!entry) return null;
  // Most recently used last: the first key is the one to evict.
  pages.delete(key);
  pages.set(key, entry);
  return entry.nonce ? entry.html.split(entry.nonce).join(nonce) : entry.html;
}

export function rememberPage(key: string, html: string, nonce: string): void {
  pages.set(key, { html, nonce });
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
}
