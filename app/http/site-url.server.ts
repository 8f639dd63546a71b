// The site's public origin as the visitor reached it, for absolute URLs (canonical links, Open
// Graph, the sitemap). Behind TRUST_PROXY proxies the request URL already holds their
// X-Forwarded-Proto and X-Forwarded-Host (server/start.mjs, Express's "trust proxy"); without
// them only the Host header counts, so a client cannot put another host or port into the page.
import { env } from "~/config/env.server";

/** A host name or IP address with an optional port, and nothing else. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function siteOrigin(request: Request): string {
  const url = new URL(request.url);
  if (env().TRUST_PROXY > 0) return url.origin;
  const host = request.headers.get("Host");
  return host && HOST.test(host) ? new URL(`${url.protocol}//${host}`).origin : url.origin;
}

/** An absolute URL on this site: absoluteUrl(request, "/services") → "https://example.com/services". */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, siteOrigin(request)).href;
}
