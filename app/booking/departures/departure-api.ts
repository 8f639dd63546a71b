// The departures' part of the JSON API under /api: a departure, its manifest and check-in, and the
// bodies that add, change and check in (the dashboard's own schemas where a form shares them), with
// the projections that make the answers. app/http/openapi.ts turns these very schemas into the
// OpenAPI document.
import { z } from "zod";
import { type DepartureStatusValue, departureSeats, guideEmail, seatsLeft } from "~/booking/departures/departures";
import { apiCheckIn, type manifestRows } from "~/booking/departures/manifest";
import { DEFAULT_CATEGORY_ID } from "~/catalogue";
import { isoDate } from "~/platform/dates";

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
  })
  .refine((patch) => [patch.status, patch.seats, patch.guide].filter((value) => value !== undefined).length === 1, {
    message: "Send one of status, seats or guide.",
    path: ["status"],
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
  },
  guide?: { name: string; phone: string | null } | null,
): z.infer<typeof departureRecordSchema> {
  return {
    _id: departure.id,
    date: isoDate(departure.startDate),
    seats: departure.seats,
    seatsLeft: seatsLeft(departure),
    status: departure.status.toLowerCase() as z.infer<typeof departureRecordSchema>["status"],
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
