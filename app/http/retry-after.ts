// How a refusal by a rate limit (app/platform/rate-limit.server.ts) reaches the client: Retry-After.
import type { HeadersFunction } from "@remix-run/node";

/** The Retry-After header of a refusal. */
export function retryAfter(refused: { retryAfterSeconds: number }): Record<string, string> {
  return { "Retry-After": String(refused.retryAfterSeconds) };
}

/**
 * The `headers` of a page whose form can be refused: the parent's, plus the action's Retry-After
 * (Remix builds a page's headers from these functions only, not from the action's data()).
 */
export const formPageHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
};
