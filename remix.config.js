/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // Bundled into the server build: packages Node cannot import as the compiler leaves them (Stripe.js's
  // loader is imported by its "pure" entry, a directory without an exports map).
  serverDependenciesToBundle: [/^@stripe\/stripe-js(\/|$)/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
