// The departures' part of the JSON API under /api: a departure, its manifest and check-in, and the
// bodies that add, change and check in (the dashboard's own schemas where a form shares them), with
// the projections that make the answers. app/http/openapi.ts turns these very schemas into the
// OpenAPI document.
import { z } from "zod";
import {
  type DeparturePricing,
  departureCategories,
  MAX_PRICE_PERCENT,
  MIN_PRICE_PERCENT,
} from "~/booking/core/departure-prices";
import { type DepartureStatusValue, departureSeats, guideEmail, seatsLeft } from "~/booking/departures/departures";
import { apiCheckIn, type manifestRows } from "~/booking/departures/manifest";
import { DEFAULT_CATEGORY_ID, MAX_PRICE, type PriceCategory } from "~/catalogue";
import { isCalendarDate, isoDate } from "~/platform/dates";

export { departureSchema as departureInputSchema } from "~/booking/departures/departures";

/** POST /api/departures/{id}/check-in (guides and administrators). */
export const checkInInputSchema = z.object({
  traveller: z
    .string({ required_error: "traveller is required.", invalid_type_error: "traveller must be a traveller's _id." })
    .trim()
    .min(1, "traveller is required.")
    .max(64, "traveller must be a traveller's _id."),
  checkedIn: z
    .union([z.enum(["yes", "no-show"]), z.null()], {
      errorMap: () => ({ message: 'checkedIn must be "yes", "no-show" or null.' }),
    })
    .describe("null takes a check-in or no-show back"),
});

const checkedIn = z.union([z.enum(["yes", "no-show"]), z.null()]).describe('"yes": checked in; "no-show"; null: not yet');

export const checkInSchema = z.object({ traveller: z.string(), checkedIn }).strict();

/** GET /api/departures/{id}/manifest: one traveller of the departure's live bookings. */
export const manifestEntrySchema = z
  .object({
    order: z.string().describe("The order's _id"),
    reference: z.string().describe('The booking reference ("TB-7K3P9Q")'),
    traveller: z.string().describe("The traveller's _id (for check-in)"),
    name: z.string().nullable().describe("null: name to follow"),
    category: z.string().describe('The price category\'s _id ("adult" for a package without categories)'),
    categoryName: z.string(),
    age: z.number().int().nullable().describe("At the travel date; null without a date of birth"),
    mobileNumber: z.string().describe("The booker's"),
    checkedIn,
  })
  .strict();

/** A departure's price of one category, in whole dollars (the category's _id, "adult" for a package without categories). */
const categoryPrice = z
  .object({
    category: z.string({
      required_error: "prices: each needs a category.",
      invalid_type_error: "prices: category is a price category's _id.",
    }),
    price: z
      .number({ required_error: "prices: each needs a price.", invalid_type_error: "prices: price must be a number of dollars." })
      .int("prices: price must be whole dollars.")
      .min(0, "prices: price cannot be negative.")
      .max(MAX_PRICE, `prices: price can be at most $${MAX_PRICE}.`),
  })
  .strict();

const departurePrices = z
  .array(categoryPrice, { invalid_type_error: "prices must be a list of { category, price }, or null." })
  .max(20, "prices: at most 20 categories.")
  .nullable()
  .describe(
    "Dollars per price category on this departure; a category left out costs the package's price; null removes the override (and a percent)",
  );

const pricePercent = z
  .number({ invalid_type_error: "percent must be a whole number (e.g. 25 or -10)." })
  .int("percent must be a whole number (e.g. 25 or -10).")
  .min(MIN_PRICE_PERCENT, `percent must be at least ${MIN_PRICE_PERCENT}.`)
  .max(MAX_PRICE_PERCENT, `percent must be at most ${MAX_PRICE_PERCENT}.`)
  .nullable()
  .describe("Up (positive) or down (negative) on every category's package price, replacing any own prices; 0 or null removes it");

/** PATCH /api/departures/{id}: one change at a time. */
export const departurePatchSchema = z
  .object({
    status: z
      .enum(["open", "closed", "cancelled"], { errorMap: () => ({ message: 'status must be "open", "closed" or "cancelled".' }) })
      .optional()
      .describe("cancelled also cancels and refunds the departure's bookings"),
    seats: departureSeats.optional().describe("Never below the seats sold (409)"),
    guide: guideEmail
      .nullable()
      .optional()
      .describe("The email of the guide's account (a user with the guide role; 400 otherwise), or null for none"),
    prices: departurePrices.optional(),
    percent: pricePercent.optional(),
  })
  .refine(
    (patch) =>
      [patch.status, patch.seats, patch.guide, patch.prices, patch.percent].filter((value) => value !== undefined).length === 1,
    { message: "Send one of status, seats, guide, prices or percent.", path: ["status"] },
  );

/** POST /api/services/{id}/departures/prices: the departures from `from` to `to` (their dates, inclusive) at once. */
export const departurePricesBulkSchema = z
  .object({
    from: z
      .string({ required_error: "from is required (YYYY-MM-DD)." })
      .refine(isCalendarDate, "from must be a date as YYYY-MM-DD."),
    to: z.string({ required_error: "to is required (YYYY-MM-DD)." }).refine(isCalendarDate, "to must be a date as YYYY-MM-DD."),
    prices: departurePrices.optional(),
    percent: pricePercent.optional(),
  })
  .strict()
  .refine((body) => body.from <= body.to, { message: "to cannot come before from.", path: ["to"] })
  .refine((body) => (body.prices === undefined) !== (body.percent === undefined), {
    message: "Send prices or percent.",
    path: ["prices"],
  });

export const departureRecordSchema = z
  .object({
    _id: z.string(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe("YYYY-MM-DD"),
    seats: z.number().int(),
    seatsLeft: z.number().int().min(0),
    status: z.enum(["open", "closed", "cancelled"]),
    prices: z
      .array(z.object({ category: z.string(), price: z.number().int().min(0) }).strict())
      .describe("Dollars per price category on this departure: its own price, else the package's (moved by its percent)"),
    guide: z
      .object({
        name: z.string(),
        phone: z.string().nullable().describe("As the guide typed it on their profile; null when not given"),
      })
      .nullable()
      .optional()
      .describe("Administrators and guides only: who runs the departure, null when no guide is assigned"),
  })
  .strict();

/** GET /api/services/{id}/departures; `guide` given (null: none assigned) for staff only, left out otherwise. */
export function departureJson(
  departure: {
    id: string;
    startDate: Date;
    seats: number;
    seatsTaken: number;
    status: DepartureStatusValue;
  } & DeparturePricing,
  categories: readonly Pick<PriceCategory, "id" | "price">[],
  guide?: { name: string; phone: string | null } | null,
): z.infer<typeof departureRecordSchema> {
  return {
    _id: departure.id,
    date: isoDate(departure.startDate),
    seats: departure.seats,
    seatsLeft: seatsLeft(departure),
    status: departure.status.toLowerCase() as z.infer<typeof departureRecordSchema>["status"],
    prices: departureCategories(categories, departure).map(({ id, price }) => ({ category: id, price })),
    ...(guide === undefined ? {} : { guide }),
  };
}

/** GET /api/departures/{id}/manifest: one traveller (no ID number: the page reveals those, one at a time). */
export function manifestEntryJson(row: ReturnType<typeof manifestRows>[number]): z.infer<typeof manifestEntrySchema> {
  return {
    order: row.orderId,
    reference: row.reference,
    traveller: row.id,
    name: row.name,
    category: row.categoryId ?? DEFAULT_CATEGORY_ID,
    categoryName: row.category,
    age: row.age,
    mobileNumber: row.mobileNumber,
    checkedIn: apiCheckIn(row.checkIn),
  };
}
