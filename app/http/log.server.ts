// Error log lines of the app, with the request's id, method and path (the query string may carry
// tokens) and a message an operator can read.
import { logger } from "~/config/logger.server";

/** A readable message for anything thrown: an Error's message, else the value as JSON. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (error instanceof Response) return `${error.status} ${error.statusText}`.trim();
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function requestFields(request: Request) {
  return { requestId: request.headers.get("X-Request-Id"), method: request.method, path: new URL(request.url).pathname };
}

/** A fault of ours while answering the request: its message and stack. */
export function logError(error: unknown, request: Request): void {
  logger.error({ ...requestFields(request), stack: error instanceof Error ? error.stack : undefined }, errorMessage(error));
}
