// Log lines of the app, with the request's id, method and path (never the query string, and no
// token of a path: logPath) and a message an operator can read.
import { logger } from "~/platform/logger.server";

// The paths whose rest is a secret (an emailed link's token), on the site or under /api.
const TOKEN_PATH = /^(\/+(?:api\/+)?(?:reset-password|newsletter\/+(?:confirm|unsubscribe)))\/.*$/i;

/** Each segment decoded as the router decodes it (so reset%2Dpassword is seen), a malformed one left as sent. */
function decodedSegments(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * What the logs say of a request's path or URL: its path without the query (tokens, OAuth codes and
 * states travel there), the token of a link's path replaced by [redacted].
 */
export function logPath(pathOrUrl: string): string {
  const path = pathOrUrl.replace(/[?#].*$/s, "");
  const decoded = decodedSegments(path);
  return TOKEN_PATH.test(decoded) ? decoded.replace(TOKEN_PATH, "$1/[redacted]") : path;
}

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
  return { requestId: request.headers.get("X-Request-Id"), method: request.method, path: logPath(new URL(request.url).pathname) };
}

/** A fault of ours while answering the request: its message and stack. */
export function logError(error: unknown, request: Request): void {
  logger.error({ ...requestFields(request), stack: error instanceof Error ? error.stack : undefined }, errorMessage(error));
}
