// Where to send a person after signing in: only a path on this site, never another origin.
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * Returns `to` when it is a same-site path ("/dashboard?x=1"), else `fallback`.
 * Refuses absolute URLs, protocol-relative "//evil", backslash tricks ("/\evil"),
 * control characters and the auth pages themselves (no loops).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  if (/^\/(login|register|logout|auth)(\/|$)/.test(url.pathname)) return fallback;
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
