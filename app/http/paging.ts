// Cursor paging of the /api lists: a cursor is the last item's sort key and id, opaque to the
// client (base64url of JSON), so a page never repeats or skips an item when others are inserted
// before it; the next page is announced in a Link header (RFC 8288) that keeps every other parameter.
import { z } from "zod";
import { optional, withDefault } from "~/domain/fields";

/** The values a cursor carries: the last item's sort key(s) and its id, in the list's order. */
export type CursorValues = readonly (string | number | null)[];

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

const MAX_CURSOR_LENGTH = 1000;

/** The values of a cursor from encodeCursor, or null when it is not one (the caller answers 400). */
export function decodeCursor(cursor: string): CursorValues | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(values) || values.length === 0) return null;
  const scalar = (value: unknown) =>
    value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
  return values.every(scalar) ? (values as CursorValues) : null;
}

/**
 * The Link header announcing the next page: the request's path and parameters with `cursor`
 * replaced, root-relative (`</api/services?limit=50&cursor=…>; rel="next"`).
 */
export function nextLinkHeader(requestUrl: string | URL, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set("cursor", cursor);
  return `<${url.pathname}?${url.searchParams.toString()}>; rel="next"`;
}

const DEFAULT_PAGE_LIMIT = 50;
const MAX_PAGE_LIMIT = 100;

/** The `limit` parameter of a list call: absent → defaultLimit, else a whole number from 1 to max. */
export function limitParam({ defaultLimit = DEFAULT_PAGE_LIMIT, max = MAX_PAGE_LIMIT } = {}) {
  const message = `limit must be a whole number from 1 to ${max}.`;
  return withDefault(
    z.coerce.number({ invalid_type_error: message }).int(message).min(1, message).max(max, message),
    defaultLimit,
  ).describe(`Items per page, 1 to ${max} (default ${defaultLimit})`);
}

/** The `cursor` parameter: the opaque value of the previous answer's Link header. */
export const cursorParam = optional(z.string().max(MAX_CURSOR_LENGTH, "cursor is not valid.")).describe(
  'Opaque: the next page, as given in the previous answer\'s Link rel="next" header',
);
