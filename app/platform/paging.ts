// Numbered pages of the back office's lists (?page=N in the address, so every page is a plain link).

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

/** The address of another page of the same list, keeping its other parameters (search, filter). */
export function pageHref(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}
