// A departure's waitlist (issue 41): its rules and texts, safe in the browser. A party (travellers
// per price category, as an order's) waits for seats on a date with too few; freed seats are
// offered to the first party that fits (app/booking/core/waitlist-offer-store.server.ts), held for
// it until the offer runs out. Being on a waitlist, or offered seats, is never a booking.
import { z } from "zod";
import { MAX_QUANTITY } from "~/booking/core/booking-choices";

/** POST /api/departures/{id}/waitlist: the party, shaped like an order's travellers, or a number of the first category. */
export const waitlistInputSchema = z.object({
  travellers: z.union(
    [
      z
        .number()
        .int("travellers must be a whole number of persons or a list of travellers.")
        .min(1, "Please add the travellers.")
        .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} travellers per booking.`),
      z
        .array(
          z.object({
            category: z
              .string({
                required_error: "Please choose the traveller's price category.",
                invalid_type_error: "The category must be text.",
              })
              .max(40, "This price category does not exist.")
              .describe('A price category\'s _id of the package ("adult" for a package without categories of its own)'),
          }),
        )
        .min(1, "Please add the travellers.")
        .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} travellers per booking.`),
    ],
    { errorMap: () => ({ message: "travellers must be a whole number of persons or a list of travellers." }) },
  ),
});

export type WaitlistInput = z.infer<typeof waitlistInputSchema>;

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "left", "expired"] as const;
export type WaitlistStatusName = (typeof WAITLIST_STATUSES)[number];

/** A place's status as shown: an offer whose time has run out reads expired before the job passes it on. */
export function waitlistStatus(
  entry: { status: string; offerExpiresAt: Date | string | null },
  now = new Date(),
): WaitlistStatusName {
  const status = entry.status.toLowerCase() as WaitlistStatusName;
  if (status === "offered" && entry.offerExpiresAt && new Date(entry.offerExpiresAt) <= now) return "expired";
  return status;
}

export const WAITLIST_JOINED =
  "You are on the waitlist. We will email you if seats free up; you are not booked until you complete the checkout.";
export const WAITLIST_LEFT = "You have left the waitlist.";
export const WAITLIST_SEATS_LEFT = "There are enough seats on this date: you can book it now.";
export const WAITLIST_ALREADY = "You are already on the waitlist of this date.";
export const WAITLIST_NOT_ON = "You are not on the waitlist of this date.";
export const WAITLIST_CLOSED = "This date cannot be booked any more.";
export const NO_SUCH_DEPARTURE = "No such departure.";
