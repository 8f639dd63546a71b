// The catalogue search of /services and GET /api/services: one SQL statement per page, with each
// package's average rating and next bookable departure joined in (no query per package). Sort
// keys never are NULL (unrated and undated packages get a key that puts them last), so that a
// keyset cursor (app/platform/paging.ts) can continue after any item.
import type { PriceCategory } from "~/catalogue/price-categories";
import { priceCategoriesOf, priceCategoryRowsOf } from "~/catalogue/price-category-store.server";
import { type CatalogueFilters, type CatalogueSort, isFiltered } from "~/catalogue/search";
import { Prisma } from "~/generated/prisma/client";
import { cached } from "~/platform/cache.server";
import { db } from "~/platform/db.server";
import type { CursorValues } from "~/platform/paging";

export interface CatalogueItem {
  id: string;
  title: string;
  costCents: number;
  image: string;
  description: string;
  /** the average of the reviews that give stars (a review left at 0 gives none), null without any */
  averageRating: number | null;
  ratingCount: number;
  /** the first open departure with seats left after today, YYYY-MM-DD */
  nextDeparture: string | null;
  /** the item's sort key, for a cursor */
  sortKey: string | number;
}

/** The trip facts of a package, as GET /api/services shows them with each item. */
type TripFacts = Pick<
  Prisma.ServiceGetPayload<object>,
  "destination" | "durationDays" | "itinerary" | "included" | "excluded" | "meetingPoint" | "maxGroupSize" | "gallery"
>;

interface SortSpec {
  key: Prisma.Sql;
  descending: boolean;
  /** the cursor's key as SQL of the key's type */
  cast: (value: string | number) => Prisma.Sql;
  /** what the key needs joined to each package (the aggregate sorts) */
  join?: Prisma.Sql;
}

function sortsFor(today: string): Record<CatalogueSort, SortSpec> {
  return {
    newest: { key: Prisma.sql`s."createdAt"`, descending: true, cast: (value) => Prisma.sql`${String(value)}::timestamp` },
    "price-asc": { key: Prisma.sql`s."costCents"`, descending: false, cast: (value) => Prisma.sql`${Number(value)}::int` },
    "price-desc": { key: Prisma.sql`s."costCents"`, descending: true, cast: (value) => Prisma.sql`${Number(value)}::int` },
    departure: {
      key: Prisma.sql`coalesce(k."next", '9999-12-31'::date)`,
      descending: false,
      cast: (value) => Prisma.sql`${String(value)}::date`,
      join: Prisma.sql`LEFT JOIN LATERAL (${nextDeparture(Prisma.sql`s."id"`, today)}) k ON true`,
    },
    rating: {
      key: Prisma.sql`coalesce(k."average", -1)`,
      descending: true,
      cast: (value) => Prisma.sql`${Number(value)}::float8`,
      join: Prisma.sql`LEFT JOIN LATERAL (${ratingOf(Prisma.sql`s."id"`)}) k ON true`,
    },
  };
}

/** The average stars of a package's reviews (a review left at 0 gives none) and their number. */
function ratingOf(serviceId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT avg(v."rating")::float8 AS "average", count(*)::int AS "count"
    FROM "Review" v WHERE v."serviceId" = ${serviceId} AND v."rating" > 0 AND v."hiddenAt" IS NULL`;
}

/** A package's first open departure with seats left after today. */
function nextDeparture(serviceId: Prisma.Sql, today: string): Prisma.Sql {
  return Prisma.sql`SELECT min(o."startDate") AS "next" FROM "Departure" o
    WHERE o."serviceId" = ${serviceId} AND o."status" = 'OPEN' AND o."seatsTaken" < o."seats" AND o."startDate" > ${today}::date`;
}

/** The key types a cursor must carry for each sort (checked before any SQL sees them). */
const SORT_KEY_PATTERN: Record<CatalogueSort, (value: unknown) => boolean> = {
  newest: (value) => typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value),
  "price-asc": Number.isInteger,
  "price-desc": Number.isInteger,
  departure: (value) => typeof value === "string" && /^\d{4}-\d\d-\d\d$/.test(value),
  rating: (value) => typeof value === "number" && Number.isFinite(value),
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function whereOf(filters: CatalogueFilters, today: string): Prisma.Sql {
  const conditions = [Prisma.sql`s."deletedAt" IS NULL`];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    conditions.push(
      Prisma.sql`(s."title" ILIKE ${pattern} OR s."destination" ILIKE ${pattern} OR s."description" ILIKE ${pattern})`,
    );
  }
  if (filters.destination) conditions.push(Prisma.sql`s."destination" = ${filters.destination}`);
  if (filters.minCents !== undefined) conditions.push(Prisma.sql`s."costCents" >= ${filters.minCents}`);
  if (filters.maxCents !== undefined) conditions.push(Prisma.sql`s."costCents" <= ${filters.maxCents}`);
  if (filters.days) {
    conditions.push(Prisma.sql`s."durationDays" >= ${filters.days.min}`);
    if (filters.days.max !== null) conditions.push(Prisma.sql`s."durationDays" <= ${filters.days.max}`);
  }
  if (filters.month) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM "Departure" m
      WHERE m."serviceId" = s."id" AND m."status" = 'OPEN' AND m."seatsTaken" < m."seats"
        AND m."startDate" >= ${filters.month.from}::date AND m."startDate" < ${filters.month.until}::date
        AND m."startDate" > ${today}::date)`);
  }
  return Prisma.join(conditions, " AND ");
}

interface Row extends TripFacts, SellingTerms {
  id: string;
  title: string;
  costCents: number;
  image: string;
  description: string;
  createdAt: Date;
  averageRating: number | null;
  ratingCount: number;
  nextDeparture: Date | null;
}

function dateOnly(value: Date | null): string | null {
  return value === null ? null : value.toISOString().slice(0, 10);
}

function toItem(row: Row, sort: CatalogueSort): CatalogueItem & TripFacts & SellingTerms {
  const nextDeparture = dateOnly(row.nextDeparture);
  const sortKey = {
    newest: () => row.createdAt.toISOString(),
    "price-asc": () => row.costCents,
    "price-desc": () => row.costCents,
    departure: () => nextDeparture ?? "9999-12-31",
    rating: () => row.averageRating ?? -1,
  }[sort]();
  return {
    id: row.id,
    title: row.title,
    costCents: row.costCents,
    image: row.image,
    description: row.description,
    destination: row.destination,
    durationDays: row.durationDays,
    itinerary: row.itinerary,
    included: row.included ?? [],
    excluded: row.excluded ?? [],
    meetingPoint: row.meetingPoint,
    maxGroupSize: row.maxGroupSize,
    gallery: row.gallery ?? [],
    idRequired: row.idRequired,
    depositPercent: row.depositPercent,
    depositPerTravellerCents: row.depositPerTravellerCents,
    balanceDueDays: row.balanceDueDays,
    averageRating: row.averageRating,
    ratingCount: row.ratingCount,
    nextDeparture,
    sortKey,
  };
}

interface Window {
  limit: number;
  offset?: number;
  /** continue after this item (its sort key and id) */
  after?: { key: string | number; id: string };
}

/**
 * The page's packages are chosen first (only the aggregate sorts join their key to every package),
 * then each of them gets its rating and next departure.
 */
async function select(
  filters: CatalogueFilters,
  today: string,
  window: Window,
): Promise<(CatalogueItem & TripFacts & SellingTerms)[]> {
  const sort = sortsFor(today)[filters.sort];
  const direction = Prisma.raw(sort.descending ? "DESC" : "ASC");
  const where = [whereOf(filters, today)];
  if (window.after) {
    const compare = Prisma.raw(sort.descending ? "<" : ">");
    where.push(Prisma.sql`(${sort.key}, s."id") ${compare} (${sort.cast(window.after.key)}, ${window.after.id})`);
  }
  const prisma = await db();
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT p."id", p."title", p."costCents", p."image", p."description", p."createdAt",
      p."destination", p."durationDays", p."itinerary", p."included", p."excluded", p."meetingPoint", p."maxGroupSize", p."gallery", p."idRequired",
      p."depositPercent", p."depositPerTravellerCents", p."balanceDueDays",
      r."average" AS "averageRating", r."count" AS "ratingCount", d."next" AS "nextDeparture"
    FROM (
      SELECT s."id", s."title", s."costCents", s."image", s."description", s."createdAt",
        s."destination", s."durationDays", s."itinerary", s."included", s."excluded", s."meetingPoint", s."maxGroupSize", s."gallery", s."idRequired",
        s."depositPercent", s."depositPerTravellerCents", s."balanceDueDays",
        ${sort.key} AS "sortKey"
      FROM "Service" s ${sort.join ?? Prisma.empty}
      WHERE ${Prisma.join(where, " AND ")}
      ORDER BY ${sort.key} ${direction}, s."id" ${direction}
      LIMIT ${window.limit} OFFSET ${window.offset ?? 0}
    ) p
    LEFT JOIN LATERAL (${ratingOf(Prisma.sql`p."id"`)}) r ON true
    LEFT JOIN LATERAL (${nextDeparture(Prisma.sql`p."id"`, today)}) d ON true
    ORDER BY p."sortKey" ${direction}, p."id" ${direction}`;
  return rows.map((row) => toItem(row, filters.sort));
}

/**
 * One numbered page of the search (the /services page) and the number of packages found. The first
 * pages without a filter, the most visited, are kept like the other public lists
 * (app/platform/cache.server.ts); searches are not, so that no visitor can fill the memory.
 */
export function searchCataloguePage(
  filters: CatalogueFilters,
  window: { page: number; pageSize: number; today: string },
): Promise<{ items: CatalogueItem[]; total: number }> {
  if (isFiltered(filters) || window.page > 10) return searchPage(filters, window);
  const { page, pageSize, today } = window;
  return cached(`catalogue:${filters.sort}:${page}:${pageSize}:${today}`, () => searchPage(filters, window));
}

async function searchPage(
  filters: CatalogueFilters,
  { page, pageSize, today }: { page: number; pageSize: number; today: string },
): Promise<{ items: CatalogueItem[]; total: number }> {
  const prisma = await db();
  const [items, [{ total }]] = await Promise.all([
    select(filters, today, { limit: pageSize, offset: (page - 1) * pageSize }),
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS "total" FROM "Service" s WHERE ${whereOf(filters, today)}`,
  ]);
  return { items, total };
}

/** How a package is sold, read with its row: IDs required, and its payment plan. */
interface SellingTerms {
  idRequired: boolean;
  depositPercent: number | null;
  depositPerTravellerCents: number | null;
  balanceDueDays: number;
}

/** What the API shows of a package besides the card and the trip facts. */
interface Selling extends SellingTerms {
  /** as sold: the default Adult at the cost for a package without categories of its own */
  priceCategories: PriceCategory[];
}

/**
 * Up to `limit` items after the cursor's item (the API), and whether more follow: one row more
 * than asked is read to know. The page's price categories come in one more query.
 */
export async function searchCatalogueAfter(
  filters: CatalogueFilters,
  { limit, after, today }: { limit: number; after?: { key: string | number; id: string }; today: string },
): Promise<{ items: (CatalogueItem & TripFacts & Selling)[]; more: boolean }> {
  const found = await select(filters, today, { limit: limit + 1, after });
  const page = found.slice(0, limit);
  const prisma = await db();
  const categories = await priceCategoryRowsOf(
    prisma,
    page.map((item) => item.id),
  );
  const items = page.map((item) => ({
    ...item,
    priceCategories: priceCategoriesOf({ costCents: item.costCents, priceCategories: categories.get(item.id) ?? [] }),
  }));
  return { items, more: found.length > limit };
}

/** What a cursor after this item holds: the sort (a cursor is refused under another), the key, the id. */
export function cursorAfter(item: CatalogueItem, sort: CatalogueSort): CursorValues {
  return [sort, item.sortKey, item.id];
}

/** The position a decoded cursor continues after, or null when it was not made for this sort. */
export function readCursor(values: CursorValues | null, sort: CatalogueSort): { key: string | number; id: string } | null {
  if (values?.length !== 3) return null;
  const [cursorSort, key, id] = values;
  if (cursorSort !== sort || typeof id !== "string" || id.length > 100 || key === null || !SORT_KEY_PATTERN[sort](key))
    return null;
  return { key, id };
}
