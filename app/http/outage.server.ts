// A database outage answers 503 instead of 500: every route's loader and action is wrapped so
// that a failure caused by an unreachable database becomes the databaseUnavailable() response,
// which Remix returns as-is from resource routes (/api: JSON) and renders with the root
// ErrorBoundary on pages. Handlers that turn errors into answers of their own (the API's JSON
// 500, sign-in through remix-auth) are covered too: the pool knows the database is unreachable.
import type { ServerBuild } from "@remix-run/node";
import { errorMessage, requestFields } from "~/http/log.server";
import { databaseUnreachable, isDatabaseUnavailable } from "~/platform/db.server";
import { apiLanguage, translator } from "~/platform/i18n.server";
import { logger } from "~/platform/logger.server";

/** The answer while the database is unreachable: JSON for /api, the root ErrorBoundary's page otherwise. */
function databaseUnavailable(request: Request): Response {
  return Response.json(
    { error: translator(apiLanguage(request)).t("api.error.unavailable") },
    { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } },
  );
}

type RouteFunction = (args: { request: Request }) => unknown;

/** A thrown error or a 500 answer; a handler's own 503 (as /readyz's) already says "unavailable". */
function isServerFailure(value: unknown): boolean {
  return !(value instanceof Response) || value.status === 500;
}

function outage(request: Request, error: unknown): Response {
  logger.error({ error: error === null ? undefined : errorMessage(error), ...requestFields(request) }, "database unavailable");
  return databaseUnavailable(request);
}

function guard(fn: RouteFunction | undefined): RouteFunction | undefined {
  if (!fn) return undefined;
  return async (args) => {
    let result: unknown;
    try {
      result = await fn(args);
    } catch (error) {
      if (isDatabaseUnavailable(error) || (databaseUnreachable() && isServerFailure(error))) throw outage(args.request, error);
      throw error;
    }
    if (result instanceof Response && isServerFailure(result) && databaseUnreachable()) throw outage(args.request, null);
    return result;
  };
}

/** The build with every loader and action answering 503 while the database is unreachable. */
export function answerDatabaseOutages(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      {
        ...route,
        module: {
          ...route.module,
          loader: guard(route.module.loader as RouteFunction),
          action: guard(route.module.action as RouteFunction),
        },
      },
    ]),
  );
  return { ...build, routes } as ServerBuild;
}
