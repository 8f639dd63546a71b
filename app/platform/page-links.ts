// Numbered pages of a list (?page=N), apart from the API's cursors and their schemas (paging.ts): the
// pager of /services renders its links in the browser without loading zod (docs/performance.md).

/** The page asked for: a whole number from 1 (anything else is page 1). */
export function pageNumber(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** How many pages `total` rows fill (at least one, so an empty list is page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The address of another page of the same list, keeping its other parameters (search, filter);
 * page 1 is left out of the address. Relative ("?…") unless a pathname is given.
 */
export function pageHref(params: URLSearchParams, page: number, pathname = ""): string {
  const next = new URLSearchParams(params);
  next.delete("page");
  if (page > 1) next.set("page", String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname || "?";
}
