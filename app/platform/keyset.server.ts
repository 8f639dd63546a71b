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
