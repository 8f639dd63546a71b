// One HTTP request's own memo. Remix hands every loader a copy of the request (a new Request
// object per loader: @remix-run/server-runtime's callRouteLoader), so a memo keyed by the Request
// object misses; server/start.mjs runs each request inside its own scope instead, and the memo
// dies with the request. Nothing is shared between two requests.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<Map<string, unknown>>();
// Outside a scope (loaders called directly by tests): per Request object.
const perRequest = new WeakMap<Request, Map<string, unknown>>();

/** Runs one HTTP request's handling (server/start.mjs). */
export function inRequestScope<T>(handle: () => T): T {
  return scope.run(new Map(), handle);
}

/**
 * The value of `load` for this request, computed once. The key includes the method: an action
 * (POST) and the loaders Remix runs after it (GET) do not share values, so a page rendered after
 * an action sees what the action changed.
 */
export function requestMemo<T>(request: Request, name: string, load: () => T): T {
  let memo = scope.getStore();
  if (!memo) {
    memo = perRequest.get(request) ?? new Map<string, unknown>();
    perRequest.set(request, memo);
  }
  const key = `${name} ${request.method} ${request.headers.get("Cookie") ?? ""}`;
  if (!memo.has(key)) memo.set(key, load());
  return memo.get(key) as T;
}
