// The waitlist's part of the JSON API under /api (POST, DELETE and GET /api/departures/{id}/waitlist):
// its answers and their projection. app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { WAITLIST_STATUSES, type WaitlistStatusName } from "~/booking/waitlist/waitlist";

export { waitlistInputSchema } from "~/booking/waitlist/waitlist";

/** POST's answer: the new place. */
export const waitlistJoinedSchema = z
  .object({
    _id: z.string().describe("The place's _id"),
    status: z.literal("waiting").describe("Waiting: not a booking; freed seats are offered by email, first come first"),
  })
  .strict();

/** GET's answer: one place of the departure's line, first come first. */
export const waitlistEntrySchema = z
  .object({
    _id: z.string(),
    email: z.string().describe("The customer's account"),
    name: z.string().nullable(),
    travellers: z
      .array(z.object({ category: z.string(), count: z.number().int() }).strict())
      .describe("The party: travellers per price category _id"),
    persons: z.number().int(),
    seats: z.number().int().describe("The seats the party takes (an infant on a lap takes none)"),
    status: z
      .enum(WAITLIST_STATUSES)
      .describe(
        "waiting; offered: seats held for the party until offerExpires (not a booking until it checks out); booked: it checked out; left; expired: the offer was not taken and passed on",
      ),
    offerExpires: z.string().nullable().describe("ISO 8601; while offered"),
    joined: z.string().describe("ISO 8601"),
  })
  .strict();

export function waitlistEntryJson(entry: {
  id: string;
  email: string;
  name: string | null;
  counts: Record<string, number>;
  persons: number;
  seats: number;
  status: WaitlistStatusName;
  offerExpiresAt: Date | null;
  joined: Date;
}): z.infer<typeof waitlistEntrySchema> {
  return {
    _id: entry.id,
    email: entry.email,
    name: entry.name,
    travellers: Object.entries(entry.counts).map(([category, count]) => ({ category, count })),
    persons: entry.persons,
    seats: entry.seats,
    status: entry.status,
    offerExpires: entry.status === "offered" ? (entry.offerExpiresAt?.toISOString() ?? null) : null,
    joined: entry.joined.toISOString(),
  };
}
