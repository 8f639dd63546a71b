// A traveller as a new booking's store writes it (core/booking-store.server.ts), planned before
// anything is written by placing/booking-travellers.ts and channel/channel-bookings.server.ts.
import type { PriceCategory } from "~/catalogue";

/** A traveller as stored (the Prisma Traveller row without its order). */
export interface TravellerRow {
  position: number;
  /** null for the default "Adult" of a package without categories of its own */
  categoryId: string | null;
  categoryName: string;
  categoryType: PriceCategory["type"];
  priceCents: number;
  takesSeat: boolean;
  minAge: number | null;
  maxAge: number | null;
  /** null: names to follow */
  name: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  idNumber: string | null;
  /** a reseller's own id and reference of the traveller (planChannelBooking) */
  resellerItemId?: string | null;
  resellerReference?: string | null;
}
