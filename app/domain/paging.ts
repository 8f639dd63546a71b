// Numbered pages of the dashboard's lists: ?page=N in the query string, so that every page link
// works without JavaScript and can be bookmarked.

/** The page asked for: a whole number from 1, anything else is page 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const value = Number(searchParams.get("page"));
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The same query with another page (page 1 drops the parameter). */
export function pageHref(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}
