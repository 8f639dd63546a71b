// Paging, one module for every list of the site:
// - keyset (the orders, reviews, users and subscribers read by creation time, and the CSV exports):
//   a page is the items after the last one the previous page showed, so a page never repeats or
//   skips an item when others are inserted before it;
// - cursors of the /api lists and of the orders pages: the last item's sort key and id, opaque to
//   the client (base64url of JSON); the next page is announced in a Link header (RFC 8288);
// - numbered pages (?page=N) of the short back-office lists and the catalogue, each a plain link.
import { z } from "zod";
import { optional, withDefault } from "~/platform/fields";

/** The items after `after` (the last one a page showed), `limit` of them. */
export interface KeysetPage {
  after: { createdAt: Date; id: string } | null;
  limit: number;
}

/** The keyset condition of a newest-first list (ascending: oldest first) after the given item. */
export function keysetAfter(after: KeysetPage["after"], ascending = false) {
  if (!after) return {};
  const beyond = ascending ? ("gt" as const) : ("lt" as const);
  return { OR: [{ createdAt: { [beyond]: after.createdAt } }, { createdAt: after.createdAt, id: { [beyond]: after.id } }] };
}

/** Every row of a keyset-paged list, `size` at a time (the CSV exports): one query a page. */
export async function* keysetPages<Row extends { createdAt: Date; id: string }>(
  read: (page: KeysetPage) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: KeysetPage["after"] = null;
  for (;;) {
    const rows = await read({ after, limit: size });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The window of a numbered page (`?page=N`, from 1) of a newest-first list, for a findMany. */
export interface NumberedWindow {
  orderBy: [{ createdAt: "desc" }, { id: "desc" }];
  skip: number;
  take: number;
}

/**
 * One numbered page of a newest-first list and the total for the page links: the rows of the
 * page's window and the count of the same rows, side by side (the back-office lists).
 */
export async function numberedPage<Row>(
  page: number,
  pageSize: number,
  query: { rows: (window: NumberedWindow) => Promise<Row[]>; count: () => Promise<number> },
): Promise<{ rows: Row[]; total: number }> {
  const window: NumberedWindow = {
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
  };
  const [rows, total] = await Promise.all([query.rows(window), query.count()]);
  return { rows, total };
}

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

/** The paging parameters of every API list, as the OpenAPI document names them. */
export const pageQuerySchema = z.object({ limit: limitParam(), cursor: cursorParam });

export const CURSOR_INVALID = "cursor is not valid: use the Link header of the previous page.";

/** `limit` and `cursor` of an API list call; an error message for a bad one (400). */
export function readApiPage(
  requestUrl: string,
): { ok: true; limit: number; cursor: CursorValues | null } | { ok: false; field: "limit" | "cursor"; message: string } {
  const params = new URL(requestUrl).searchParams;
  const rawLimit = params.get("limit");
  let limit = DEFAULT_PAGE_LIMIT;
  if (rawLimit !== null) {
    if (!/^\d{1,3}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_PAGE_LIMIT) {
      return { ok: false, field: "limit", message: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}.` };
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
export function createdAtCursor(values: CursorValues | null): { createdAt: Date; id: string } | null {
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
  cursorOf: (row: Row) => CursorValues,
): Response {
  const page = rows.slice(0, limit);
  const headers = new Headers();
  if (rows.length > limit) headers.set("Link", nextLinkHeader(request.url, encodeCursor(cursorOf(page[page.length - 1]))));
  return Response.json(
    page.map((row) => present(row)),
    { headers },
  );
}

/** [createdAt, id] of a row: the cursor of the lists paged by creation time. */
export function createdAtKey(row: { createdAt: Date; id: string }): (string | number)[] {
  return [row.createdAt.toISOString(), row.id];
}

export { pageCount, pageHref, pageNumber } from "~/platform/page-links";
