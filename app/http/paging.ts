// Keyset paging of lists (pages and /api): an opaque cursor names the last item a page showed, and
// the next page is the items after it in the list's order, so an item inserted meanwhile never
// shifts a page (unlike an offset). The API gives the next page's URL in a Link header (RFC 8288).

/** A cursor: the sort key values of the last item shown, as base64url JSON. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values), "utf8").toString("base64url");
}

/** The values of a cursor, or null when it is not one of ours (the caller answers 400). */
export function decodeCursor(cursor: string): (string | number)[] | null {
  if (cursor.length === 0 || cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(values) || values.length === 0 || values.length > 4) return null;
    return values.every((value) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      ? (values as (string | number)[])
      : null;
  } catch {
    return null;
  }
}

/** `<url with cursor=…>; rel="next"` for the request's own URL (its other parameters kept). */
export function nextLinkHeader(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set("cursor", cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

export const API_DEFAULT_LIMIT = 50;
export const CURSOR_INVALID = "cursor is not valid: use the Link header of the previous page.";
export const API_MAX_LIMIT = 100;

/** `limit` and `cursor` of an API list call; an error message for a bad one (400). */
export function readApiPage(
  requestUrl: string,
): { ok: true; limit: number; cursor: (string | number)[] | null } | { ok: false; field: "limit" | "cursor"; message: string } {
  const params = new URL(requestUrl).searchParams;
  const rawLimit = params.get("limit");
  let limit = API_DEFAULT_LIMIT;
  if (rawLimit !== null) {
    if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > API_MAX_LIMIT) {
      return { ok: false, field: "limit", message: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` };
    }
    limit = Number(rawLimit);
  }
  const rawCursor = params.get("cursor");
  if (rawCursor === null) return { ok: true, limit, cursor: null };
  const cursor = decodeCursor(rawCursor);
  if (!cursor) return { ok: false, field: "cursor", message: CURSOR_INVALID };
  return { ok: true, limit, cursor };
}

/** A [createdAt ISO string, id] cursor as the data functions take it; null when malformed. */
export function createdAtCursor(values: (string | number)[] | null): { createdAt: Date; id: string } | null {
  if (!values || values.length !== 2 || typeof values[0] !== "string" || typeof values[1] !== "string") return null;
  const createdAt = new Date(values[0]);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: values[1] };
}

/**
 * The answer of an API list: the first `limit` rows (the data function read one more, to know
 * whether there is a next page) as a plain JSON array, and the next page's Link when there is one.
 */
export function pagedJson<Row>(
  request: Request,
  rows: Row[],
  limit: number,
  present: (row: Row) => unknown,
  cursorOf: (row: Row) => (string | number)[],
): Response {
  const page = rows.slice(0, limit);
  const headers = new Headers();
  if (rows.length > limit) headers.set("Link", nextLinkHeader(request.url, encodeCursor(cursorOf(page[page.length - 1]))));
  return Response.json(page.map(present), { headers });
}

/** [createdAt, id] of a row: the cursor of the lists paged by creation time. */
export function createdAtKey(row: { createdAt: Date; id: string }): (string | number)[] {
  return [row.createdAt.toISOString(), row.id];
}
