// Requests counted per route pattern for /metrics (app/platform/metrics.server.ts): the path of each
// answered request is matched against the Remix build's routes, so "/dashboard/orders/cm…/invoice.pdf"
// is counted as "/dashboard/orders/:id/invoice.pdf" and a reset link's token never becomes a label.
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";
import { recordRequest } from "~/platform/metrics.server";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

function tree(routes: ServerBuild["routes"], parentId: string | undefined): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: tree(routes, route.id),
    }));
}

// A request the server answers before Remix: fingerprinted assets and pictures.
const STATIC = /^\/(build|images)\//;
// Single fetch's data requests: "/dashboard.data" is the page "/dashboard", "/_root.data" the home page.
const DATA_REQUEST = /(?:\/_root)?\.data$/;
const KEPT = 1000;

/**
 * The recorder server/start.mjs calls as each response finishes. Patterns are kept per path (the
 * most recent KEPT): matching every request against ~120 routes again would cost CPU.
 */
export function requestRecorder(build: Pick<ServerBuild, "routes">) {
  // Index routes have no children: the tree is one the router accepts.
  const routes = tree(build.routes, undefined) as Parameters<typeof matchRoutes>[0];
  const patterns = new Map<string, string>();
  const patternOf = (path: string): string => {
    if (STATIC.test(path)) return "static";
    let pattern = patterns.get(path);
    if (pattern === undefined) {
      const page = path.replace(DATA_REQUEST, "") || "/";
      const matches = matchRoutes(routes, page);
      pattern = matches
        ? `/${matches
            .map((match) => match.route.path ?? "")
            .filter(Boolean)
            .join("/")}`.replace(/\/+/g, "/")
        : "unmatched";
      if (patterns.size >= KEPT) patterns.delete(patterns.keys().next().value!);
      patterns.set(path, pattern);
    }
    return pattern;
  };
  return (method: string, path: string, status: number, seconds: number) =>
    recordRequest(method, patternOf(path), status, seconds);
}
