import type { HeadersFunction } from "@remix-run/node";

/** Personal pages (a session, a one-time banner) are never stored by any cache. */
export const PERSONAL = "private, no-store";

/**
 * Public pages: browsers and shared caches may keep them a minute for visitors without a
 * session; the root marks anything personal, and `Vary: Cookie` keeps the two apart. A visitor's
 * first page is in the language their browser prefers (app/platform/i18n.server.ts), hence Accept-Language.
 */
export const publicPageHeaders: HeadersFunction = ({ parentHeaders }) => ({
  "Cache-Control": parentHeaders.get("Cache-Control") ?? "public, max-age=60, stale-while-revalidate=600",
  Vary: "Cookie, Accept-Language",
});
