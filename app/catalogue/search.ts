// The package catalogue's search: the parameters of /services and GET /api/services (text, destination,
// price, duration, month of departure, sort), read from a query string, each invalid one named
// with its message and left out of the search.
import { z } from "zod";
import { DESTINATIONS, optional, withDefault } from "~/platform/fields";
import { CATALOGUE_SORTS, type CatalogueSort } from "./search-choices";

export type { CatalogueSort } from "./search-choices";

const MAX_QUERY_LENGTH = 100;
const MAX_DOLLARS = 1_000_000;
const MAX_DAYS = 365;

const DAYS_PATTERN = /^(\d{1,3})(?:-(\d{1,3})|(\+))?$/;
const daysMessage = "days must be a number of days (5), a range (4-7) or a minimum (8+).";

function dollars(name: string) {
  const message = `${name} must be a whole number of dollars from 0 to ${MAX_DOLLARS}.`;
  return optional(
    z.coerce.number({ invalid_type_error: message }).int(message).min(0, message).max(MAX_DOLLARS, message),
  ).describe(`Whole dollars per person (${name === "minCost" ? "at least" : "at most"})`);
}

/** Each parameter on its own, so that one bad value leaves the others in force. */
export const catalogueQueryShape = {
  q: optional(z.string().trim().max(MAX_QUERY_LENGTH, `q can be at most ${MAX_QUERY_LENGTH} characters.`)).describe(
    "Words found in the title, destination or description (any case)",
  ),
  destination: optional(
    z.enum(DESTINATIONS, {
      errorMap: () => ({ message: "destination must be one of the destinations of Bangladesh (a district or a region)." }),
    }),
  ).describe("A district of Bangladesh, exactly as listed"),
  minCost: dollars("minCost"),
  maxCost: dollars("maxCost"),
  days: optional(
    // A "+" typed into a URL reads as a space: "8 " is taken as "8+".
    z.preprocess(
      (value) => (typeof value === "string" ? value.replace(/^(\d{1,3}) +$/, "$1+").trim() : value),
      z
        .string()
        .regex(DAYS_PATTERN, daysMessage)
        .refine((value) => {
          const [, low, high] = DAYS_PATTERN.exec(value) ?? [];
          return Number(low) >= 1 && Number(low) <= MAX_DAYS && (high === undefined || Number(high) >= Number(low));
        }, daysMessage),
    ),
  ).describe('Trip length in days: "5" (exactly), "4-7" (from 4 to 7), "8+" (8 or more; write + as %2B in a URL)'),
  month: optional(z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, "month must be a month as YYYY-MM, like 2026-12.")).describe(
    "YYYY-MM: packages with an open departure with seats left starting that month (today or later)",
  ),
  sort: withDefault(
    z.enum(CATALOGUE_SORTS, { errorMap: () => ({ message: `sort must be one of ${CATALOGUE_SORTS.join(", ")}.` }) }),
    "newest",
  ).describe(
    "newest (default), price-asc, price-desc, departure (soonest open departure with seats left first; none last), rating (highest average first; unrated last)",
  ),
};

export const pageParam = withDefault(
  z.coerce
    .number({ invalid_type_error: "page must be a whole number from 1." })
    .int("page must be a whole number from 1.")
    .min(1, "page must be a whole number from 1.")
    .max(100_000, "page must be a whole number from 1."),
  1,
);

export interface CatalogueFilters {
  q?: string;
  destination?: string;
  minCents?: number;
  maxCents?: number;
  /** trip length in days, max null = no upper bound */
  days?: { min: number; max: number | null };
  /** first day of the month and of the next one, YYYY-MM-DD */
  month?: { from: string; until: string };
  sort: CatalogueSort;
}

export type ParameterName = keyof typeof catalogueQueryShape;
export type QueryErrors = Partial<Record<string, string[]>>;

/** The parameters as typed (to fill the form again) and as understood, with an error for each bad one. */
export interface CatalogueQuery {
  values: Partial<Record<ParameterName, string>>;
  filters: CatalogueFilters;
  errors: QueryErrors;
}

export function readCatalogueQuery(params: URLSearchParams): CatalogueQuery {
  const values: CatalogueQuery["values"] = {};
  const errors: QueryErrors = {};
  const read: { [Name in ParameterName]?: z.infer<(typeof catalogueQueryShape)[Name]> } = {};
  for (const name of Object.keys(catalogueQueryShape) as ParameterName[]) {
    const raw = params.get(name);
    if (raw !== null) values[name] = raw;
    const parsed = catalogueQueryShape[name].safeParse(raw ?? undefined);
    if (parsed.success) Object.assign(read, { [name]: parsed.data });
    else errors[name] = [parsed.error.issues[0].message];
  }
  if (read.minCost !== undefined && read.maxCost !== undefined && read.maxCost < read.minCost) {
    errors.maxCost = ["maxCost must be at least minCost."];
    delete read.maxCost;
  }
  const filters: CatalogueFilters = { sort: read.sort ?? "newest" };
  if (read.q) filters.q = read.q;
  if (read.destination) filters.destination = read.destination;
  if (read.minCost !== undefined) filters.minCents = read.minCost * 100;
  if (read.maxCost !== undefined) filters.maxCents = read.maxCost * 100;
  if (read.days) filters.days = daysRange(read.days);
  if (read.month) filters.month = monthRange(read.month);
  return { values, filters, errors };
}

function daysRange(value: string): { min: number; max: number | null } {
  const [, low, high, plus] = DAYS_PATTERN.exec(value) ?? [];
  const min = Number(low);
  return { min, max: plus ? null : high === undefined ? min : Number(high) };
}

function monthRange(month: string): { from: string; until: string } {
  const [year, number] = month.split("-").map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return { from: `${month}-01`, until: `${next}-01` };
}

/** Whether any filter narrows the list (the empty answer then offers to clear them). */
export function isFiltered(filters: CatalogueFilters): boolean {
  return Object.keys(filters).some((name) => name !== "sort");
}
