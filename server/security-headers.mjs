// Headers every response carries, pages, API answers, assets and error pages alike, including a
// Content-Security-Policy with a fresh nonce per response for Remix's own inline scripts.
import { randomBytes } from "node:crypto";

/**
 * Stripe.js and its frames run on the payment page only, and only when card payments are
 * configured; every other page loads nothing from elsewhere.
 */
const PAYMENT_PAGE = /^\/dashboard\/payment(\/|$)/;

/** The check-in page scans vouchers' QR codes with the phone's camera: the only page allowed it. */
const CHECK_IN_PAGE = /^\/dashboard\/departures\/[^/]+\/check-in\/?$/;

function contentSecurityPolicy({ nonce, path, cardPayments, gatewayOrigins }) {
  const payment = cardPayments && PAYMENT_PAGE.test(path);
  // The payment page's bKash and SSLCommerz forms are answered by a redirect to the gateway's page.
  const gateways = PAYMENT_PAGE.test(path) ? gatewayOrigins : [];
  const directives = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(payment ? ["https://js.stripe.com"] : [])],
    // Inline style attributes and the site's inlined stylesheet (app/http/site-styles.tsx); scripts stay nonce-only.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Local pictures, plus https: because the spec lets an admin give a package's picture as any
    // URL. People's photos are only local or Google's (app/accounts/avatars.ts): the pages never show
    // another site's, so a customer cannot make visitors' browsers call theirs.
    "img-src": ["'self'", "https:"],
    "connect-src": ["'self'", ...(payment ? ["https://api.stripe.com"] : [])],
    "frame-src": payment ? ["https://js.stripe.com", "https://hooks.stripe.com"] : ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    // 'Continue with Google' posts to /auth/google, which redirects to Google's consent page.
    "form-action": ["'self'", "https://accounts.google.com", ...gateways],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

export function securityHeaders({ production, cardPayments = false, gatewayOrigins = [] }) {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    // server/start.mjs passes it to the app (getLoadContext) for <Scripts nonce> and React's stream.
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, path: req.path, cardPayments, gatewayOrigins }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    const camera = CHECK_IN_PAGE.test(req.path) ? "camera=(self)" : "camera=()";
    res.setHeader("Permissions-Policy", `${camera}, microphone=(), geolocation=(), payment=(self)`);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
