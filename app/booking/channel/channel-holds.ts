// What a reseller's hold may be refused for, and the caps its holds are counted against: the
// operations (channel-bookings.server.ts) answer them, the store's transactions throw them.
import type { HoldLimits } from "~/booking/core/hold-store.server";
import type { HoldRefusal } from "~/booking/core/holds";

export type ChannelHoldRefusal =
  | { reason: "unknown-package" | "unknown-departure" | "not-open" | "past" }
  | { reason: "unknown-category"; categoryId: string }
  | { reason: "travellers"; message: string }
  | { reason: "seats"; seatsLeft: number }
  /** the traveller at `position`, whose date of birth is known, is not of the category's ages */
  | { reason: "age"; position: number; categoryId: string; message: string }
  | HoldRefusal;

/** A reseller's own caps (Reseller.maxHeldSeatsPerDeparture, maxHeldSeats). */
export type ResellerHoldLimits = Pick<HoldLimits, "perDeparture" | "perAccount">;

/** The website's share of a date counts the website's holds alone: a reseller's holds are capped by its own caps. */
export const resellerLimits = (limits: ResellerHoldLimits): HoldLimits => ({ ...limits, sharePerDeparture: 100 });

/** Why the reseller's new travellers were refused: the transaction rolls back, nothing changes. */
export class ChannelError extends Error {
  constructor(readonly refusal: ChannelHoldRefusal) {
    super(refusal.reason);
  }
}
