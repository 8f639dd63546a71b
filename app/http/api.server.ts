// Shared pieces of the JSON API under /api (docs/spec.md §7): one wrapper that gives every route the
// same methods, errors and CORS answers; authentication by cookie or bearer token; bodies. The JSON
// shapes of the records are each capability's (app/<capability>/*-api.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { getApiTokenUser, getUser, type SessionUser } from "~/accounts/index.server";
import { logError } from "~/http/log.server";
import { retryAfter } from "~/http/retry-after";
import { env } from "~/platform/env.server";
import { apiLanguage, translateText } from "~/platform/i18n.server";
import { readTextWithin } from "~/platform/request-body.server";
import { MAX_BODY_DEPTH, nulMessage, scanForNul } from "~/platform/text";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiHandler = (args: LoaderFunctionArgs) => Promise<Response>;

export function jsonError(status: number, error: string, details?: Record<string, string[]>, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("Cache-Control", "no-store");
  return Response.json({ error, ...(details ? { details } : {}) }, { status, headers: merged });
}

/**
 * A field's path in a 400's details: "itinerary.0.text" as before, but a traveller's as its own
 * errors (validateTravellers) and the checkout's fields name it, "travellers[2].dateOfBirth", and
 * a package's price category as the product form does, "priceCategories[1].maxAge".
 */
const BRACKETED_LISTS = new Set(["travellers", "priceCategories"]);

function fieldPath(path: (string | number)[]): string {
  if (typeof path[0] !== "string" || !BRACKETED_LISTS.has(path[0])) return path.join(".");
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

/** Field errors ({ path, message }) as a 400's details: { "travellers[2].name": ["…"] }; none without any. */
export function fieldDetails(errors: readonly { path: string; message: string }[]): Record<string, string[]> | undefined {
  if (errors.length === 0) return undefined;
  const details: Record<string, string[]> = {};
  for (const { path, message } of errors) (details[path] ??= []).push(message);
  return details;
}

/** A call refused by a rate limit (app/platform/rate-limit.server.ts): 429 with its message and Retry-After. */
export function tooManyRequests(refused: { message: string; retryAfterSeconds: number }): Response {
  return jsonError(429, refused.message, undefined, retryAfter(refused));
}

/**
 * The loader and action of one /api route module: each method goes to its handler, any other gets
 * 405 with Allow, OPTIONS answers CORS preflights, and every failure is a JSON answer.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const allowed = Object.keys(handlers) as ApiMethod[];
  const handle = async (args: LoaderFunctionArgs): Promise<Response> => {
    // Remix sends HEAD to the loader and strips the body.
    const method = args.request.method === "HEAD" ? "GET" : args.request.method;
    const handler = handlers[method as ApiMethod];
    let response: Response;
    if (method === "OPTIONS") response = preflight(args.request, allowed);
    else if (!handler) response = methodNotAllowed(allowed);
    else response = await settle(handler, args);
    return withApiHeaders(args.request, await inRequestLanguage(args.request, response));
  };
  return { loader: handle, action: handle };
}

async function settle(handler: ApiHandler, args: LoaderFunctionArgs): Promise<Response> {
  try {
    return await handler(args);
  } catch (error) {
    if (error instanceof Response) return error;
    // A fault of ours, not of the input: logged with its stack, answered without it.
    logError(error, args.request);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

function methodNotAllowed(allowed: string[]): Response {
  return jsonError(405, `Method not allowed. Use ${allowed.join(", ")}.`, undefined, {
    Allow: [...allowed, "OPTIONS"].join(", "),
  });
}

function isCorsOrigin(origin: string | null): origin is string {
  return origin !== null && env().API_CORS_ORIGINS.includes(origin);
}

function preflight(request: Request, allowed: ApiMethod[]): Response {
  const headers = new Headers({ Allow: [...allowed, "OPTIONS"].join(", ") });
  if (isCorsOrigin(request.headers.get("Origin"))) {
    headers.set("Access-Control-Allow-Methods", allowed.join(", "));
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key");
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}

/**
 * An error answer's texts (`error`, and each field's in `details`) in the language the request's
 * Accept-Language asks for: English (the specification's texts) unless it prefers Bengali.
 */
async function inRequestLanguage(request: Request, response: Response): Promise<Response> {
  const language = apiLanguage(request);
  if (language === "en" || response.status < 400 || !response.headers.get("Content-Type")?.startsWith("application/json")) {
    return response;
  }
  const body = (await response.json()) as { error?: unknown; details?: Record<string, unknown> };
  if (typeof body.error === "string") body.error = translateText(language, body.error);
  if (body.details) {
    for (const [field, messages] of Object.entries(body.details)) {
      if (Array.isArray(messages))
        body.details[field] = messages.map((message) =>
          typeof message === "string" ? translateText(language, message) : message,
        );
    }
  }
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Language");
  return Response.json(body, { status: response.status, statusText: response.statusText, headers });
}

/** No caching unless a route says so; CORS only for the configured origins (no credentials: bearer tokens only). */
function withApiHeaders(request: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  if (env().API_CORS_ORIGINS.length > 0) {
    headers.append("Vary", "Origin");
    const origin = request.headers.get("Origin");
    if (isCorsOrigin(origin)) headers.set("Access-Control-Allow-Origin", origin);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The token of an `Authorization: Bearer` header, or null when the request has none (tokens in URLs are never read). */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The caller: the bearer token's user when the request carries one (no fallback to the cookie), else the cookie's. */
export async function getApiUser(request: Request): Promise<SessionUser | null> {
  const token = bearerToken(request);
  return token === null ? getUser(request) : getApiTokenUser(token);
}

/** The signed-in caller (session cookie or `Authorization: Bearer <token>`), or 401. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const token = bearerToken(request);
  // A cookie rides along on cross-site requests, so cookie writes must come from this site's pages;
  // a bearer token is never sent by the browser on its own.
  const origin = request.headers.get("Origin");
  const cookieWrite = token === null && request.headers.has("Cookie") && request.method !== "GET" && request.method !== "HEAD";
  if (cookieWrite && origin && origin !== new URL(request.url).origin) {
    throw jsonError(403, "Cross-site requests are not allowed.");
  }
  const user = await getApiUser(request);
  if (!user) {
    throw token === null
      ? jsonError(401, "Please log in.", undefined, { "WWW-Authenticate": 'Bearer realm="api"' })
      : jsonError(401, "The token is invalid, expired or revoked.", undefined, {
          "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"',
        });
  }
  return user;
}

export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError(403, "Administrators only.");
  return user;
}

/** A guide or an administrator (departures' manifests and check-in), or 403. */
export async function requireApiStaff(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin && !user.isGuide) throw jsonError(403, "Guides and administrators only.");
  return user;
}

const MAX_BODY_BYTES = 64 * 1024;

function tooLarge(): Response {
  return jsonError(413, `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`);
}

/** The body as text, refused with 413 as soon as it passes the limit (whatever Content-Length claims). */
async function readLimitedText(request: Request): Promise<string> {
  const text = await readTextWithin(request, MAX_BODY_BYTES);
  if (text === null) throw tooLarge();
  return text;
}

/** A JSON (or form) body validated by the schema: 413, 415 or a 400 naming each invalid field. */
export async function readBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const text = await readLimitedText(request);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  let body: unknown = {};
  if (type === "application/x-www-form-urlencoded") {
    body = Object.fromEntries(new URLSearchParams(text));
  } else if (type === "application/json" || type.endsWith("+json")) {
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw jsonError(400, "The request body is not valid JSON.");
    }
  } else if (text) {
    throw jsonError(
      415,
      "Send the body as JSON (Content-Type: application/json) or as a form (application/x-www-form-urlencoded).",
    );
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw jsonError(400, "The request body must be a JSON object.");
  // Every field of every body, at any depth, in one iterative walk (app/platform/text.ts): no U+0000, which
  // PostgreSQL text cannot hold, and no nesting deeper than any call of this API needs.
  const scan = scanForNul(body);
  if (scan.tooDeep) throw jsonError(400, `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  if (scan.nul.length > 0) {
    const fields = scan.nul.map((path) => path.join("."));
    throw jsonError(400, nulMessage(fields[0]), Object.fromEntries(fields.map((field) => [field, [nulMessage(field)]])));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (details[fieldPath(issue.path) || "body"] ??= []).push(issue.message);
    throw jsonError(400, parsed.error.issues[0].message, details);
  }
  return parsed.data;
}
