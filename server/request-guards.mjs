// Checks before Remix sees a request: forged cross-site writes, page form posts whose body is not
// a form (the actions read request.formData(), which throws on anything else), and U+0000 in the
// path (PostgreSQL cannot compare text holding it, so an id with it must not reach a query).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// The bodies a page on another site can send without asking first (no CORS preflight).
const CROSS_SITE_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"];
/** Larger than any form of the site can be (the longest fields are 5,000 characters). */
export const MAX_FORM_BYTES = 128 * 1024;

/** JSON on /api, a short page elsewhere; never cached. */
function refuse(req, res, status, message) {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (isApi(req)) return res.json({ error: message });
  if (isOcto(req)) return res.json({ error: "BAD_REQUEST", errorMessage: message });
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused — Tour Booking</title></head>` +
        `<body><main><h1>Request refused</h1><p>${message} Please go back to the site and try again.</p>` +
        `<p><a href="/">Tour Booking home page</a></p></main></body></html>`,
    );
}

function isApi(req) {
  return req.path === "/api" || req.path.startsWith("/api/");
}

/** The resellers' OCTO API (app/http/octo-transport.server.ts): JSON bodies, the specification's error body. */
function isOcto(req) {
  return req.path === "/octo" || req.path.startsWith("/octo/");
}

function contentType(req) {
  return (req.get("Content-Type") ?? "").toLowerCase();
}

/** This server's own origin as the browser sees it; X-Forwarded-Proto/Host only from trusted proxies (TRUST_PROXY). */
function ownOrigin(req) {
  const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0);
  const forwardedHost = trusted ? req.get("X-Forwarded-Host")?.split(",")[0].trim() : undefined;
  // req.protocol already honours X-Forwarded-Proto from a trusted proxy only.
  try {
    return new URL(`${req.protocol}://${forwardedHost || req.get("Host")}`).origin;
  } catch {
    return undefined;
  }
}

/** Where the browser says the request comes from: "null", an origin, or undefined when it does not say. */
function requestSource(req) {
  const origin = req.get("Origin");
  if (origin) return origin.toLowerCase();
  // The Referer's origin, when a browser sends no Origin.
  const referer = req.get("Referer");
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}

/**
 * A payment gateway's return and notification (SSLCommerz posts its form from its own page; docs/payments.md):
 * these routes read no session and act only on what the gateway confirms on the server.
 */
function isGatewayReturn(req) {
  return /^\/payments\/(sslcommerz|bkash)\/[a-z]+$/.test(req.path);
}

/**
 * Cross-site request forgery: a write from another site is refused when it carries cookies (it
 * would act as the signed-in person) or a body a plain cross-site form can send (a forged login
 * or contact message needs no cookie). Requests without either, such as Stripe's webhook or API
 * calls with a bearer token, are left alone; so are the gateways' returns (isGatewayReturn).
 * SameSite=Lax cookies are the second line of defence.
 */
export function crossSiteGuard() {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isGatewayReturn(req)) return next();
    const source = requestSource(req);
    if (source === undefined || source === ownOrigin(req)) return next();
    const type = contentType(req);
    if (!req.get("Cookie") && !CROSS_SITE_TYPES.some((formType) => type.startsWith(formType))) return next();
    refuse(req, res, 403, "Cross-site requests are not allowed.");
  };
}

/** A host name or IP address with an optional port, as Host and X-Forwarded-Host hold them. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const isHost = (value) => HOST.test(value) && URL.canParse(`http://${value}`);
const isProto = (value) => /^https?$/i.test(value);
const everyEntry = (header, check) => header.split(",").every((entry) => check(entry.trim()));

/**
 * Host, and a trusted proxy's X-Forwarded-Host and -Proto, make the URL of the request Remix
 * builds (Express's req.hostname and req.protocol): a malformed one would make that URL throw, a
 * 500 for any page. They never make a link (PUBLIC_URL does: docs/decisions/0013-public-origin.md).
 * Forwarded headers count only from a trusted proxy (TRUST_PROXY) and only when well-formed; any
 * others are dropped here (Remix's adapter reads a port from X-Forwarded-Host whoever sent it). A
 * malformed Host is refused.
 */
export function hostGuard() {
  return (req, res, next) => {
    const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0);
    const forwardedHost = req.get("X-Forwarded-Host");
    if (forwardedHost !== undefined && !(trusted && everyEntry(forwardedHost, isHost))) delete req.headers["x-forwarded-host"];
    const forwardedProto = req.get("X-Forwarded-Proto");
    if (forwardedProto !== undefined && !(trusted && everyEntry(forwardedProto, isProto)))
      delete req.headers["x-forwarded-proto"];
    const host = req.get("Host");
    if (host !== undefined && !isHost(host)) return refuse(req, res, 400, "This address is not valid.");
    next();
  };
}

/** No URL of the site holds an encoded U+0000. */
export function pathGuard() {
  return (req, res, next) => {
    if (/%00/.test(req.originalUrl.split("?")[0])) return refuse(req, res, 400, "This address is not valid.");
    next();
  };
}

/**
 * The pages whose forms may upload photos (packages, the profile's photo; multipart, read by
 * app/catalogue/photo-upload.server.ts), posted by the browser itself or, with JavaScript, by Remix to
 * the page's ".data" URL.
 */
const UPLOAD_PAGES = [
  /^\/dashboard\/addProduct(\.data)?\/?$/,
  /^\/dashboard\/editProduct\/[^/]+\/?$/,
  /^\/dashboard\/profile(\.data)?\/?$/,
];

/**
 * Writes to pages carry a URL-encoded form of a sane size; the pages that upload photos also take
 * a multipart form of at most maxUploadBytes (publicConfig() of app/entry.server.tsx). The API
 * (its own checks) and the Stripe webhook (JSON, signed) read their bodies themselves.
 */
export function formBodyGuard({ maxUploadBytes = MAX_FORM_BYTES } = {}) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isApi(req) || isOcto(req) || req.path.startsWith("/webhooks/")) return next();
    if (req.get("Transfer-Encoding")) return refuse(req, res, 411, "Please send the form with its length.");
    const multipart = contentType(req).startsWith("multipart/form-data") && UPLOAD_PAGES.some((page) => page.test(req.path));
    const maxBytes = multipart ? maxUploadBytes : MAX_FORM_BYTES;
    if (Number(req.get("Content-Length") ?? 0) > maxBytes) {
      const limit = multipart ? ` (at most ${Math.floor(maxBytes / (1024 * 1024))} MB with its photos)` : "";
      return refuse(req, res, 413, `The form is too large${limit}.`);
    }
    if (!multipart && !contentType(req).startsWith("application/x-www-form-urlencoded")) {
      return refuse(req, res, 415, "Please send the form from the site's page.");
    }
    next();
  };
}
