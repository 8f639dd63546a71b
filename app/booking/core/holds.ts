// Seats held unpaid per account (app/booking/core/hold-store.server.ts counts them): what a refused customer reads.

/**
 * An order refused because the account would hold more than `max` seats unpaid (`held` already): on
 * the date, in all, or, for "shared", all accounts together on the date (HOLD_MAX_SHARE_PER_DEPARTURE).
 */
export type HoldRefusal = { reason: "hold-limit"; scope: "departure" | "account" | "shared"; max: number; held: number };

const seats = (count: number) => `${count} unpaid ${count === 1 ? "seat" : "seats"}`;

/** The checkout's and the API's message when an order would hold more seats unpaid than an account may. */
export function holdLimitMessage({ scope, max, held }: HoldRefusal): string {
  if (scope === "shared") {
    const waiting = held > 0 ? `, and ${held} already ${held === 1 ? "does" : "do"}` : "";
    return `At most ${seats(max)} of this date can wait for payment at once${waiting}. Please try again in a few minutes, book fewer persons, or contact us.`;
  }
  const where = scope === "departure" ? " on one date" : " in all";
  const already = held > 0 ? ` You already hold ${seats(held)}${scope === "departure" ? " on this date" : ""}.` : "";
  return `An account can hold at most ${seats(max)}${where}.${already} Please pay for your pending bookings first, book fewer persons, or contact us for a larger group.`;
}
