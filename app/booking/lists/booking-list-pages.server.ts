// The loader half of the orders lists (Manage All Orders, My Orders): the query string read,
// one page read, and the links to the next and previous pages as cursors in the query string.
import { effectiveStatus } from "~/booking/core/booking-status";
import { ORDER_PAGE_SIZE, type OrderSort, orderListSearch, parseOrderListQuery } from "~/booking/lists/booking-list";
import { listOrdersPage, type OrderCursor, type OrderListRow, orderSortKey } from "~/booking/lists/booking-list-store.server";
import { decodeCursor, encodeCursor } from "~/platform/paging";

/** A page cursor back into a key: a date for the date sorts, cents for the price sorts; null if it is not one. */
function readOrderCursor(encoded: string, sort: OrderSort, direction: OrderCursor["direction"]): OrderCursor | null {
  const values = decodeCursor(encoded);
  if (!values || values.length !== 2 || typeof values[1] !== "string") return null;
  const [key, id] = values;
  if (sort === "newest" || sort === "oldest") {
    const date = typeof key === "string" ? new Date(key) : null;
    return date && !Number.isNaN(date.getTime()) ? { direction, key: date, id } : null;
  }
  return typeof key === "number" && Number.isInteger(key) ? { direction, key, id } : null;
}

function orderCursorOf(row: Pick<OrderListRow, "createdAt" | "priceCents" | "id">, sort: OrderSort): string {
  const key = orderSortKey(row, sort);
  return encodeCursor([key instanceof Date ? key.toISOString() : key, row.id]);
}

export async function loadOrderPage(request: Request, ownerId?: string) {
  const url = new URL(request.url);
  const { query, errors } = parseOrderListQuery(url.searchParams);
  const rawCursor = query.after ?? query.before;
  const cursor = rawCursor ? readOrderCursor(rawCursor, query.sort, query.after ? "after" : "before") : null;
  if (rawCursor && !cursor) errors.push("That page link is no longer valid: showing the first page.");
  const now = new Date();
  const { rows, hasMore } = await listOrdersPage({
    filter: query.filter,
    ownerId,
    sort: query.sort,
    cursor,
    limit: ORDER_PAGE_SIZE,
    now,
  });
  const search = orderListSearch(query);
  const link = (name: "after" | "before", row: OrderListRow) => {
    const params = new URLSearchParams(search);
    params.set(name, orderCursorOf(row, query.sort));
    return `?${params}`;
  };
  const backwards = cursor?.direction === "before";
  // Reading forwards there is a previous page whenever we came from one; backwards, a next one.
  const hasNext = rows.length > 0 && (backwards ? true : hasMore);
  const hasPrevious = rows.length > 0 && cursor !== null && (backwards ? hasMore : true);
  return {
    query,
    errors,
    search: search.toString(),
    orders: rows.map((row) => ({ ...row, status: effectiveStatus(row, now) })),
    next: hasNext ? link("after", rows[rows.length - 1]) : null,
    previous: hasPrevious ? link("before", rows[0]) : null,
    paged: cursor !== null,
  };
}
