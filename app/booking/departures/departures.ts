// Dated departures of a package: the rules shared by the order page, the checkout, the admin page
// and the API (seats, dates, labels). Dates are calendar days (YYYY-MM-DD) in Bangladesh's time
// (agencyToday and the formats are in app/platform/dates.ts); a departure on today's date can no
// longer be booked.
import { z } from "zod";
import { MAX_QUANTITY } from "~/booking/core/booking-choices";
import { MAX_PRICE_PERCENT, MIN_PRICE_PERCENT } from "~/booking/core/departure-prices";
import { isCalendarDate } from "~/platform/dates";
import { email, optional } from "~/platform/fields";

export const MIN_DEPARTURE_SEATS = 1;
export const MAX_DEPARTURE_SEATS = 500;

const departureDate = z
  .string({ required_error: "Please choose a date." })
  .trim()
  .refine(isCalendarDate, "Please enter a date as YYYY-MM-DD.");

export const departureSeats = z.coerce
  .number({ required_error: "Please enter the number of seats.", invalid_type_error: "The seats must be a number." })
  .int("The seats must be a whole number.")
  .min(MIN_DEPARTURE_SEATS, `At least ${MIN_DEPARTURE_SEATS} seat.`)
  .max(MAX_DEPARTURE_SEATS, `At most ${MAX_DEPARTURE_SEATS} seats.`);

/** A new departure (admin form and POST /api/services/{id}/departures). */
export const departureSchema = z.object({ date: departureDate, seats: departureSeats });

const departureId = z.string({ required_error: "Unknown departure." }).regex(/^[a-z0-9]{10,40}$/i, "Unknown departure.");

/** The dashboard's departure forms, by their `intent`. */
export const departureForms = {
  add: departureSchema,
  seats: z.object({ id: departureId, seats: departureSeats }),
  close: z.object({ id: departureId }),
  reopen: z.object({ id: departureId }),
  cancel: z.object({ id: departureId, confirm: z.literal("yes").optional() }),
};
export type DepartureIntent = keyof typeof departureForms;

const ownPrice = z.coerce
  .number({ invalid_type_error: "The price must be a number of dollars." })
  .int("The price must be whole dollars.")
  .min(0, "The price cannot be negative.")
  .max(1_000_000, "The price can be at most 1000000.");

/** The departure's prices page, by its `intent`: own prices (a blank one is the package's), a percent, or back to the package's. */
export const departurePriceForms = {
  prices: z.object({
    prices: z
      .array(z.object({ category: z.string().trim().min(1).max(64), price: optional(ownPrice) }))
      .max(20, "At most 20 categories."),
  }),
  percent: z.object({
    percent: optional(
      z.coerce
        .number({ invalid_type_error: "The percent must be a whole number (e.g. 25 or -10)." })
        .int("The percent must be a whole number (e.g. 25 or -10).")
        .min(MIN_PRICE_PERCENT, `The percent must be at least ${MIN_PRICE_PERCENT}.`)
        .max(MAX_PRICE_PERCENT, `The percent must be at most ${MAX_PRICE_PERCENT}.`),
    ),
  }),
  reset: z.object({}),
};
export type DeparturePriceIntent = keyof typeof departurePriceForms;

/** A departure's guide, by the email of their account (the page's form and PATCH /api/departures/{id}). */
export const guideEmail = email(
  {
    missing: "guide must be a guide's email address.",
    invalid: "guide must be a guide's email address.",
    tooLong: "guide: this email address is too long.",
  },
  { lowerCase: true },
);

/** The departure page's guide form: a guide's email, or blank for none. */
export const guideFormSchema = z.object({ guide: optional(guideEmail) });

/** The date must come after today: a departure is booked before it leaves. */
export function newDepartureDateError(date: string, today: string): string | null {
  return date > today ? null : "The date must be in the future.";
}

export const DUPLICATE_DEPARTURE = "This package already has a departure on that date.";

/** Seats can be lowered down to the seats sold, never below. */
export function seatsChangeError(seats: number, seatsTaken: number): string | null {
  return seats >= seatsTaken
    ? null
    : `${seatsTaken} ${seatsTaken === 1 ? "seat is" : "seats are"} sold: the seats cannot be fewer.`;
}

export function seatsLeft(departure: { seats: number; seatsTaken: number }): number {
  return Math.max(0, departure.seats - departure.seatsTaken);
}

/** Why an order of more persons than the seats left is refused (page, checkout, API). */
export function seatsRefusal(left: number): string {
  if (left <= 0) return "This date is sold out.";
  return `Only ${left} ${left === 1 ? "seat" : "seats"} left on this date.`;
}

/** The most persons one order can have on a departure with these seats left. */
export function maxPersons(left: number): number {
  return Math.min(MAX_QUANTITY, left);
}

export type DepartureStatusValue = "OPEN" | "CLOSED" | "CANCELLED";

/** What an administrator can do to a departure in this status. */
export function departureActions(status: DepartureStatusValue): ("close" | "reopen" | "cancel")[] {
  if (status === "OPEN") return ["close", "cancel"];
  if (status === "CLOSED") return ["reopen", "cancel"];
  return [];
}

export const DEPARTURE_NEEDED = "Please choose a departure date.";
export const DEPARTURE_UNAVAILABLE = "This date can no longer be booked. Please choose another date.";
