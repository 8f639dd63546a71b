// Keyset paging of the lists read by creation time (GET /api/my-orders, /api/review, /api/users and
// the users CSV): a page is the items after the last one the previous page showed.

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
