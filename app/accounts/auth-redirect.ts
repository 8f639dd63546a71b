// Where to send a person after signing in: only a path on this site, never another origin.
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * Returns `to` when it is a same-site path ("/dashboard?x=1"), else `fallback`.
 * Refuses absolute URLs, protocol-relative "//evil", backslash tricks ("/\evil"),
 * control characters and the auth pages themselves (no loops).
 * Idempotent: safeRedirect(safeRedirect(x)) === safeRedirect(x) (tested with fast-check).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  const path = normalisedPath(to);
  // The normalised path must itself be a safe path that normalises to itself: "/.//evil.example"
  // normalises to "//evil.example", which a browser reads as another host.
  if (path === null || normalisedPath(path) !== path) return fallback;
  if (/^\/(login|register|logout|auth)(\/|$)/.test(new URL(path, PROBE_ORIGIN).pathname)) return fallback;
  return path;
}

/** `to` as the URL parser normalises it, when it is a same-site path; else null. */
function normalisedPath(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return null;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path (and query) a request was made for, as a redirectTo value. */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  // Remix data requests: remove the single-fetch suffix and parameters.
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}
