// The orders lists at scale: one page of 25 (or an export's 1,000) in one query, keyset-paged on
// the sort key and the id, every filter and the search backed by an index of
// prisma/migrations/*_order_list_indexes (the reference's: *_booking_reference). Raw SQL because
// the search compares lower(...) prefixes, which Prisma's `where` cannot express in a way those
// indexes serve.
import { referenceSearchPrefix } from "~/booking/core/booking-reference";
import {
  monthRange,
  type OrderListFilter,
  type OrderSort,
  type PaymentStatusName,
  searchTerms,
  WEBSITE_CHANNEL,
} from "~/booking/lists/booking-list";
import { Prisma } from "~/generated/prisma/client";
import { agencyToday } from "~/platform/dates";
import { db, sqlTimestamp } from "~/platform/db.server";
import { cachedRead } from "~/platform/read-cache.server";

export interface OrderListRow {
  id: string;
  reference: string;
  serviceId: string | null;
  serviceTitle: string;
  quantity: number;
  packageType: string;
  unitPriceCents: number;
  priceCents: number;
  discountCents: number;
  promoCode: string | null;
  paymentStatus: PaymentStatusName;
  bookingStatus: "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "EXPIRED";
  holdExpiresAt: Date | null;
  travelDate: Date | null;
  createdAt: Date;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  streetAddress: string;
  city: string | null;
  townName: string;
  district: string;
  postcode: string | null;
  channel: "WEBSITE" | "RESELLER";
  resellerId: string | null;
  /** the reseller's name (null for the website) */
  resellerName: string | null;
  resellerReference: string | null;
  /** bKash/Nagad claims awaiting an administrator's verification */
  pendingClaims: number;
  /** its travellers whose name, or ID number where the package asks one, is still to follow */
  travellersToFollow: number;
  paidCents: number;
  /** a cancelled booking's money paid offline (bKash, Nagad, bank, cash) the agency still owes back */
  offlineRefundOwedCents: number;
  depositCents: number | null;
  balanceDueDate: Date | null;
  /** its travellers' categories in order, for the travellers' phrase (app/booking/core/traveller-count.ts) */
  travellerCategories: string[];
}

/** Where a page starts: after (Next) or before (Previous) the item with these sort key values. */
export interface OrderCursor {
  direction: "after" | "before";
  key: Date | number;
  id: string;
}

export interface OrderPageRequest {
  filter: OrderListFilter;
  /** only this customer's orders (My Orders); none for an administrator */
  ownerId?: string;
  sort: OrderSort;
  cursor: OrderCursor | null;
  limit: number;
  /** a pending booking whose hold ended before this is expired (app/booking/core/booking-status.ts) */
  now: Date;
}

const COLUMNS = Prisma.sql`o.id, o.reference, o."serviceId", o."serviceTitle", o.quantity, o."packageType"::text AS "packageType",
  o."unitPriceCents", o."priceCents", o."discountCents",
  (SELECT p.code FROM "PromoCode" p WHERE p.id = o."promoCodeId") AS "promoCode", o."paymentStatus"::text AS "paymentStatus", o."bookingStatus"::text AS "bookingStatus",
  o."holdExpiresAt", o."travelDate", o."createdAt", o."firstName", o."lastName", o.email, o."mobileNumber",
  o."streetAddress", o.city, o."townName", o.district, o.postcode,
  o.channel::text AS channel, o."resellerId", o."resellerReference",
  (SELECT r.name FROM "Reseller" r WHERE r.id = o."resellerId") AS "resellerName",
  (SELECT COUNT(*)::int FROM "PaymentClaim" c WHERE c."orderId" = o.id AND c.status = 'PENDING') AS "pendingClaims",
  (SELECT count(*)::int FROM "Traveller" t WHERE t."orderId" = o.id AND (t.name IS NULL OR (t."idNumber" IS NULL AND t."idErasedAt" IS NULL
    AND EXISTS (SELECT 1 FROM "Service" s WHERE s.id = o."serviceId" AND s."idRequired")))) AS "travellersToFollow",

  o."paidCents", o."offlineRefundOwedCents", o."depositCents", o."balanceDueDate",
  ARRAY(SELECT t."categoryName" FROM "Traveller" t WHERE t."orderId" = o.id ORDER BY t.position) AS "travellerCategories"`;

/** LIKE's wildcards taken literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function conditions({ filter, ownerId, now }: OrderPageRequest): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`o."deletedAt" IS NULL`];
  if (ownerId) where.push(Prisma.sql`o."userId" = ${ownerId}`);
  if (filter.payment) where.push(Prisma.sql`o."paymentStatus" = ${filter.payment}::"PaymentStatus"`);
  if (filter.status === "PENDING") {
    where.push(
      Prisma.sql`o."bookingStatus" = 'PENDING' AND (o."holdExpiresAt" IS NULL OR o."holdExpiresAt" > ${sqlTimestamp(now)})`,
    );
  } else if (filter.status === "EXPIRED") {
    where.push(
      Prisma.sql`(o."bookingStatus" = 'EXPIRED' OR (o."bookingStatus" = 'PENDING' AND o."holdExpiresAt" <= ${sqlTimestamp(now)}))`,
    );
  } else if (filter.status) {
    where.push(Prisma.sql`o."bookingStatus" = ${filter.status}::"BookingStatus"`);
  }
  if (filter.balance) {
    // Confirmed deposit bookings with a balance left, by their balance's day against the agency's today
    // (the (bookingStatus, balanceDueDate) index); cancelled ones left the list when the job cancelled them.
    const today = agencyToday(now);
    where.push(
      Prisma.sql`o."bookingStatus" = 'CONFIRMED' AND o."paidCents" < o."priceCents" AND o."balanceDueDate" IS NOT NULL`,
      filter.balance === "due"
        ? Prisma.sql`o."balanceDueDate" >= ${today}::date`
        : Prisma.sql`o."balanceDueDate" < ${today}::date`,
    );
  }
  if (filter.packageId) where.push(Prisma.sql`o."serviceId" = ${filter.packageId}`);
  if (filter.packageName) {
    // A thousand packages are a small table: read whole, the orders by their (serviceId, createdAt) index.
    where.push(
      Prisma.sql`o."serviceId" IN (SELECT s.id FROM "Service" s WHERE lower(s.title) LIKE ${likePrefix(filter.packageName.toLowerCase())})`,
    );
  }
  if (filter.month) {
    const [from, to] = monthRange(filter.month);
    where.push(Prisma.sql`o."travelDate" >= ${from}::date AND o."travelDate" < ${to}::date`);
  }
  // A reseller's bookings by the (resellerId, createdAt) index; the website's are nearly all of
  // them, so the sort's own index reads them with the channel checked per row.
  if (filter.channel === WEBSITE_CHANNEL) where.push(Prisma.sql`o.channel = 'WEBSITE'`);
  else if (filter.channel) where.push(Prisma.sql`o."resellerId" = ${filter.channel}`);
  if (filter.q) {
    // Each alternative is a prefix match on an expression index (text_pattern_ops); PostgreSQL
    // combines them with a BitmapOr.
    const { text, phone } = searchTerms(filter.q);
    const prefix = likePrefix(text);
    const alternatives = [
      Prisma.sql`lower(o.email) LIKE ${prefix}`,
      Prisma.sql`lower(o."firstName" || ' ' || o."lastName") LIKE ${prefix}`,
      Prisma.sql`lower(o."lastName") LIKE ${prefix}`,
      Prisma.sql`o.id LIKE ${prefix}`,
    ];
    if (phone) alternatives.push(Prisma.sql`o."mobileNumber" LIKE ${likePrefix(phone)}`);
    // "tb-7k3", "TB7K3" or "7k3": the references are stored upper case, "TB-" and 6 symbols.
    const reference = referenceSearchPrefix(filter.q);
    if (reference) alternatives.push(Prisma.sql`o.reference LIKE ${likePrefix(reference)}`);
    where.push(Prisma.sql`(${Prisma.join(alternatives, " OR ")})`);
  }
  return where;
}

const SORTS: Record<OrderSort, { column: Prisma.Sql; descending: boolean }> = {
  newest: { column: Prisma.sql`o."createdAt"`, descending: true },
  oldest: { column: Prisma.sql`o."createdAt"`, descending: false },
  "price-desc": { column: Prisma.sql`o."priceCents"`, descending: true },
  "price-asc": { column: Prisma.sql`o."priceCents"`, descending: false },
};

/** The sort key of a row, for the cursor of the page that follows it. */
export function orderSortKey(row: Pick<OrderListRow, "createdAt" | "priceCents">, sort: OrderSort): Date | number {
  return sort === "newest" || sort === "oldest" ? row.createdAt : row.priceCents;
}

/**
 * One page in the list's order and whether there are more beyond it in the direction read (after
 * the last row for Next, before the first for Previous).
 */
export function listOrdersPage(request: OrderPageRequest): Promise<{ rows: OrderListRow[]; hasMore: boolean }> {
  // A page of a list (not an export's thousand rows) is kept until the next write
  // (app/platform/read-cache.server.ts); the clock is part of the key only where the filter reads it.
  if (request.limit > LIST_PAGE_KEPT_MAX) return readOrdersPage(request);
  const { now, ...rest } = request;
  const clock =
    request.filter.status === "PENDING" || request.filter.status === "EXPIRED"
      ? now.toISOString()
      : request.filter.balance
        ? agencyToday(now)
        : "";
  return cachedRead(`orders-page:${clock}:${JSON.stringify(rest)}`, () => readOrdersPage(request));
}

const LIST_PAGE_KEPT_MAX = 100;

async function readOrdersPage(request: OrderPageRequest): Promise<{ rows: OrderListRow[]; hasMore: boolean }> {
  const prisma = await db();
  const { column, descending } = SORTS[request.sort];
  const where = conditions(request);
  const { cursor } = request;
  // Reading backwards (Previous) flips the order, then the rows are put back.
  const backwards = cursor?.direction === "before";
  const ascending = descending === backwards;
  if (cursor) {
    const key = cursor.key instanceof Date ? sqlTimestamp(cursor.key) : Prisma.sql`${cursor.key}::int`;
    where.push(
      ascending ? Prisma.sql`(${column}, o.id) > (${key}, ${cursor.id})` : Prisma.sql`(${column}, o.id) < (${key}, ${cursor.id})`,
    );
  }
  const order = ascending ? Prisma.sql`${column} ASC, o.id ASC` : Prisma.sql`${column} DESC, o.id DESC`;
  const rows = await prisma.$queryRaw<OrderListRow[]>`SELECT ${COLUMNS} FROM "Order" o
    WHERE ${Prisma.join(where, " AND ")} ORDER BY ${order} LIMIT ${request.limit + 1}`;
  const hasMore = rows.length > request.limit;
  const page = rows.slice(0, request.limit);
  return { rows: backwards ? page.reverse() : page, hasMore };
}

/** Every order of the filter, a page of `pageSize` at a time (for the CSV export). */
export async function* orderPages(
  request: Omit<OrderPageRequest, "cursor" | "limit">,
  pageSize = 1000,
): AsyncGenerator<OrderListRow[]> {
  let cursor: OrderCursor | null = null;
  for (;;) {
    const { rows, hasMore } = await listOrdersPage({ ...request, cursor, limit: pageSize });
    yield rows;
    if (!hasMore) return;
    const last = rows[rows.length - 1];
    cursor = { direction: "after", key: orderSortKey(last, request.sort), id: last.id };
  }
}

/** The packages the filter offers (id and title), or null when there are more than a select should list. */
export function listPackageChoices(max: number) {
  // Read on every view of Manage All Orders: kept until the next write (app/platform/read-cache.server.ts).
  return cachedRead(`package-choices:${max}`, () => loadPackageChoices(max));
}

async function loadPackageChoices(max: number) {
  const prisma = await db();
  const packages = await prisma.service.findMany({
    where: { deletedAt: null },
    orderBy: { title: "asc" },
    select: { id: true, title: true },
    take: max + 1,
  });
  return packages.length > max ? null : packages;
}
