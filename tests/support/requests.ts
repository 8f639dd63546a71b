// Real Request objects for calling loaders and actions directly, and their answers.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

type Params = Record<string, string>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the fields it expects
type Body = any;

export const ORIGIN = "http://localhost:3000";

export function getRequest(path: string, init: RequestInit = {}) {
  return new Request(new URL(path, ORIGIN), { method: "GET", ...init });
}

export function formRequest(path: string, fields: Record<string, string | string[]>, init: RequestInit = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, ...init, headers });
}

/** Loaders and actions return plain data or data() wrappers under single fetch; this unwraps both. */
export async function unwrap<T>(result: unknown): Promise<{ status: number; data: T; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, data: (text ? JSON.parse(text) : null) as T, headers: result.headers };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = result as { data: T; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}

/** What Remix passes a loader or action (both take the same arguments). */
export type RouteArgs = LoaderFunctionArgs & ActionFunctionArgs;

export function routeArgs(request: Request, params: Params = {}): RouteArgs {
  return { request, params, context: {} };
}

/** What a loader or action answered, returned or thrown: status, headers and body (parsed when JSON, else its text, null when empty). */
export interface RouteAnswer<T = Body> {
  status: number;
  headers: Headers;
  location: string | null;
  data: T;
  /** whether it was thrown (redirect(), new Response(...), data()) rather than returned */
  thrown: boolean;
}

const isDataWrapper = (value: unknown) =>
  !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";

/** Runs a loader, action or guard; returns what it returned, or the Response or data() it threw. Other errors are rethrown. */
async function settle(run: () => unknown): Promise<{ value: unknown; thrown: boolean }> {
  try {
    return { value: await run(), thrown: false };
  } catch (error) {
    if (error instanceof Response || isDataWrapper(error)) return { value: error, thrown: true };
    throw error;
  }
}

/** Calls a loader or action as Remix would and returns its answer, whether it was returned or thrown. */
export async function callRoute<T = Body>(
  handler: (args: RouteArgs) => unknown,
  request: Request,
  params: Params = {},
): Promise<RouteAnswer<T>> {
  const { value, thrown } = await settle(() => handler(routeArgs(request, params)));
  if (value instanceof Response) {
    const text = await value.text();
    const data = /json/.test(value.headers.get("Content-Type") ?? "") ? JSON.parse(text) : text || null;
    return { status: value.status, headers: value.headers, location: value.headers.get("Location"), data, thrown };
  }
  const { status, data, headers } = await unwrap<T>(value);
  return { status, headers, location: headers.get("Location"), data, thrown };
}

/** Runs a loader, action or guard that is expected to throw a Response (redirect, 404...) and returns it. */
export async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  const { value, thrown } = await settle(run);
  if (thrown && value instanceof Response) return value;
  throw new Error("expected a thrown Response");
}
