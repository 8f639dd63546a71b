// patches/@remix-run+router+*.patch: the installed @remix-run/router, with the memos, matches
// exactly as the router without them (the shipped source: the patch taken back out), the first
// time and again.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { frameworkPatch, missingHunks, patchedFile, unpatched } from "../support/framework-patches";

const require = createRequire(import.meta.url);
// The router Remix's server runtime loads (the app does not depend on it by name).
const fromRemix = createRequire(require.resolve("@remix-run/server-runtime"));
const ROUTER_PATH = fromRemix.resolve("@remix-run/router");
const file = patchedFile(frameworkPatch("@remix-run/router"), "/dist/router.cjs.js");

/** What the test uses of @remix-run/router (a dependency of Remix's, not of this app's). */
interface Match {
  route: { id: string };
  pathname: string;
  pathnameBase: string;
  params: Record<string, string | undefined>;
}
interface Router {
  matchRoutes(routes: unknown, location: string | { pathname: string; search: string; hash: string }): Match[] | null;
}

function evaluate(code: string): Router {
  const module = { exports: {} };
  new Function("exports", "require", "module", code)(module.exports, require, module);
  return module.exports as Router;
}

// The shapes of the app's routes: index, static, params, optional segments, splats, nesting.
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "services", path: "services" },
      { id: "order", path: "order/:id" },
      { id: "api-splat", path: "api/*" },
      { id: "api-services", path: "api/services" },
      { id: "api-service", path: "api/services/:id" },
      { id: "api-departures", path: "api/services/:id/departures" },
      { id: "lang", path: ":lang?/about" },
      { id: "exact", path: "CaseSensitive", caseSensitive: true },
      {
        id: "dashboard",
        path: "dashboard",
        children: [
          { id: "dashboard-index", index: true },
          { id: "my-order", path: "myOrder" },
          { id: "booking", path: "orders/:id" },
          { id: "voucher", path: "orders/:id/voucher" },
        ],
      },
      { id: "splat", path: "*" },
    ],
  },
];

const PATHS = [
  "/",
  "/services",
  "/services/",
  "/order/abc",
  "/order/a%20b",
  "/api/services",
  "/api/services/7",
  "/api/services/7/departures",
  "/api/unknown/deep",
  "/about",
  "/bn/about",
  "/CaseSensitive",
  "/casesensitive",
  "/dashboard",
  "/dashboard/myOrder",
  "/dashboard/orders/9",
  "/dashboard/orders/9/voucher",
  "/nothing/here",
];

describe("route match memos", () => {
  it("are in the router Remix loads", () => {
    expect(ROUTER_PATH).toBe(file.path);
    expect(missingHunks(file)).toEqual([]);
  });

  it("match every path as the router without them does, again and again", () => {
    const plain = evaluate(unpatched(file));
    const memoized = require(ROUTER_PATH) as Router;
    const shape = (router: Router, path: string) =>
      router.matchRoutes(routes, path)?.map((match) => [match.route.id, match.pathname, match.pathnameBase, match.params]) ??
      null;
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(shape(memoized, path), path).toEqual(shape(plain, path));
    }
    expect(shape(memoized, "/dashboard/orders/9/voucher")?.[2]?.[0]).toBe("voucher");
    // Locations as objects (the static handler's), with a query string.
    for (const path of PATHS) {
      const location = { pathname: path, search: "?q=1", hash: "" };
      expect(memoized.matchRoutes(routes, location)?.map((match) => match.route.id)).toEqual(
        plain.matchRoutes(routes, location)?.map((match) => match.route.id),
      );
    }
    // A caller changing its params does not change the next caller's.
    memoized.matchRoutes(routes, "/order/abc")![1].params.id = "changed";
    expect(memoized.matchRoutes(routes, "/order/abc")![1].params.id).toBe("abc");
    // A new routes array (another build) is ranked afresh.
    const other = [{ id: "only", path: "only" }];
    expect(memoized.matchRoutes(other, "/only")?.[0]?.route.id).toBe("only");
    expect(memoized.matchRoutes(other, "/services")).toBeNull();
  });
});
