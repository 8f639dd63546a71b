// Administrators' operations on departures, the same for the dashboard page and the API:
// the rules of app/booking/departures/departures.ts, then one conditional write each.
import { userNames } from "~/accounts/index.server";
import { CancellationError, cancelDeparture } from "~/booking/cancelling/cancellation.server";
import { applyPriceChange, parseStoredPrices, type PriceChange, priceTable } from "~/booking/core/departure-prices";
import {
  createDeparture,
  departureIdsBetween,
  findDeparture,
  listDeparturePriceChanges,
  listDepartures,
  listOpenDepartures,
  setDepartureOpen,
  setDeparturePricing,
  setDepartureSeats,
} from "~/booking/core/departure-store.server";
import { changeThenOffer } from "~/booking/core/waitlist-offer-store.server";
import { DUPLICATE_DEPARTURE, newDepartureDateError, seatsChangeError } from "~/booking/departures/departures";
import { findPackageToOrder } from "~/catalogue/index.server";
import { agencyToday } from "~/platform/dates";

export class DepartureError extends Error {
  constructor(
    readonly code: "not-found" | "invalid" | "conflict" | "provider" | "forbidden",
    message: string,
    /** the form field the message belongs to */
    readonly field?: "date" | "seats" | "guide" | "prices" | "percent",
  ) {
    super(message);
  }
}

/** The HTTP status of a refusal, the same for the page and /api. */
export function departureErrorStatus(error: DepartureError): number {
  return { "not-found": 404, invalid: 400, conflict: 409, provider: 502, forbidden: 403 }[error.code];
}

const NO_PACKAGE = "No such package.";
export const NO_DEPARTURE = "No such departure.";

/** The departures a caller may see: the open future ones, or every one for an administrator. */
export async function departuresOf(packageId: string, { all = false, now = new Date() } = {}) {
  return all ? listDepartures(packageId) : listOpenDepartures(packageId, agencyToday(now));
}

export async function addDeparture(packageId: string, input: { date: string; seats: number }, now = new Date()) {
  if (!(await findPackageToOrder(packageId))) throw new DepartureError("not-found", NO_PACKAGE);
  const dateError = newDepartureDateError(input.date, agencyToday(now));
  if (dateError) throw new DepartureError("invalid", dateError, "date");
  const created = await createDeparture({ serviceId: packageId, ...input });
  if (!created) throw new DepartureError("conflict", DUPLICATE_DEPARTURE, "date");
  return created;
}

/** Returns the modified count (0 when the seats were already those). */
export async function changeDepartureSeats(departureId: string, seats: number): Promise<number> {
  const departure = await findDeparture(departureId);
  if (!departure) throw new DepartureError("not-found", NO_DEPARTURE);
  if (departure.status === "CANCELLED") throw new DepartureError("conflict", "A cancelled departure cannot change.", "seats");
  const tooFew = seatsChangeError(seats, departure.seatsTaken);
  if (tooFew) throw new DepartureError("conflict", tooFew, "seats");
  if (departure.seats === seats) return 0;
  // Seats may have been sold in the meantime: the update checks again. New seats go to the waitlist first.
  if ((await changeThenOffer(departureId, (tx) => setDepartureSeats(departureId, seats, tx))) === 1) return 1;
  const now = await findDeparture(departureId);
  throw new DepartureError("conflict", seatsChangeError(seats, now?.seatsTaken ?? seats + 1) ?? NO_DEPARTURE, "seats");
}

/**
 * Opens, closes or cancels a departure; cancelling cancels and refunds its bookings
 * (cancelDeparture). Returns the modified count (0 when it already was in that status).
 */
export async function changeDepartureStatus(
  departureId: string,
  status: "open" | "closed" | "cancelled",
  byUserId: string,
): Promise<number> {
  const departure = await findDeparture(departureId);
  if (!departure) throw new DepartureError("not-found", NO_DEPARTURE);
  // Cancelling again is allowed: it finishes refunds an earlier run could not make.
  if (departure.status === status.toUpperCase() && status !== "cancelled") return 0;
  if (departure.status === "CANCELLED" && status !== "cancelled") {
    throw new DepartureError("conflict", "A cancelled departure cannot be reopened.");
  }
  if (status === "cancelled") {
    try {
      await cancelDeparture({ departureId, byUserId });
    } catch (error) {
      if (!(error instanceof CancellationError)) throw error;
      // Some refunds failed (Stripe): the departure stays cancelled and cancelling again finishes them.
      throw new DepartureError(error.code === "not-found" ? "not-found" : "provider", error.message);
    }
    return departure.status === "CANCELLED" ? 0 : 1;
  }
  // A date reopened offers its free seats to its waitlist first.
  return changeThenOffer(departureId, (tx) => setDepartureOpen(departureId, status === "open", tx));
}

async function changePrices(packageId: string, departureIds: () => Promise<string[]>, change: PriceChange, byUserId: string) {
  const tourPackage = await findPackageToOrder(packageId);
  if (!tourPackage) throw new DepartureError("not-found", NO_PACKAGE);
  const next = applyPriceChange(tourPackage.priceCategories, change);
  if (!next.ok) throw new DepartureError("invalid", next.message, next.field);
  return setDeparturePricing(
    await departureIds(),
    next.pricing,
    (pricing) => priceTable(tourPackage.priceCategories, pricing),
    byUserId,
  );
}

/**
 * A departure's own prices or percent (issue 42); bookings already made keep theirs. Returns the
 * modified count (0 when they already were those).
 */
export async function changeDeparturePrices(departureId: string, change: PriceChange, byUserId: string): Promise<number> {
  const departure = await findDeparture(departureId);
  if (!departure) throw new DepartureError("not-found", NO_DEPARTURE);
  if (departure.status === "CANCELLED") throw new DepartureError("conflict", "A cancelled departure cannot change.", "prices");
  return changePrices(departure.serviceId, async () => [departure.id], change, byUserId);
}

/** The same change for every departure of the package from `from` to `to` (dates, inclusive); cancelled ones stay. */
export async function changeDeparturePricesBetween(
  packageId: string,
  dates: { from: string; to: string },
  change: PriceChange,
  byUserId: string,
): Promise<number> {
  return changePrices(packageId, () => departureIdsBetween(packageId, dates.from, dates.to), change, byUserId);
}

/**
 * What the departure's prices page shows: the departure, its package's categories, and each change
 * of its prices (newest first) with who made it. Null when either is gone.
 */
export async function departurePricesOf(departureId: string) {
  const departure = await findDeparture(departureId);
  const tourPackage = departure ? await findPackageToOrder(departure.serviceId) : null;
  if (!departure || !tourPackage) return null;
  const changes = await listDeparturePriceChanges(departure.id);
  const names = await userNames(changes.flatMap((change) => (change.userId ? [change.userId] : [])));
  return {
    departure,
    tourPackage: { id: tourPackage.id, title: tourPackage.title, priceCategories: tourPackage.priceCategories },
    changes: changes.map((change) => ({
      id: change.id,
      at: change.createdAt,
      by: change.userId ? (names.get(change.userId) ?? null) : null,
      from: parseStoredPrices(change.fromPrices) ?? {},
      to: parseStoredPrices(change.toPrices) ?? {},
    })),
  };
}
