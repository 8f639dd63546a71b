// The site's public origin for absolute URLs (canonical links, Open Graph, structured data). The app
// has no configured origin: it is the request's, where X-Forwarded-Host counts only from a trusted
// proxy (TRUST_PROXY) and the protocol is Express's req.protocol, which honours X-Forwarded-Proto
// the same way (server/start.mjs). Remix's adapter takes X-Forwarded-Host from anyone, so the URL's
// own host is not used when a Host header is there.
import { env } from "~/config/env.server";

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function publicOrigin(request: Request, trustedProxies = env().TRUST_PROXY): string {
  const url = new URL(request.url);
  const forwarded = trustedProxies > 0 ? request.headers.get("X-Forwarded-Host")?.split(",")[0].trim() : undefined;
  const host = [forwarded, request.headers.get("Host")].find((candidate) => candidate && HOST.test(candidate)) ?? url.host;
  return `${url.protocol}//${host.toLowerCase()}`;
}

/** An absolute URL on this site for a path ("/order/x"); an absolute URL (an image elsewhere) stays as it is. */
export function absoluteUrl(request: Request, pathOrUrl: string): string {
  return new URL(pathOrUrl, publicOrigin(request)).href;
}
