// A departure's waitlist, the same for the pages and the API: a signed-in customer joins with their
// party on a date with too few seats and leaves; administrators read each departure's line; the
// job passes offers not taken in time to the next party (and offers seats no release offered).
// The offer itself is made where seats free up (app/booking/core/waitlist-offer-store.server.ts).
import { checkoutPath, isPackageType, type PackageTypeValue } from "~/booking/core/booking-choices";
import { otherCounts } from "~/booking/core/category-counts";
import { findDeparture } from "~/booking/core/departure-store.server";
import { priceBooking, countTravellers } from "~/booking/travellers/travellers";
import {
  NO_SUCH_DEPARTURE,
  WAITLIST_ALREADY,
  WAITLIST_CLOSED,
  WAITLIST_NOT_ON,
  WAITLIST_SEATS_LEFT,
  type WaitlistInput,
  waitlistStatus,
} from "~/booking/waitlist/waitlist";
import {
  departuresToOffer,
  dueOffers,
  expireOffer,
  insertEntry,
  leaveEntry,
  listDepartureEntries,
  listOwnEntries,
  listPackageEntries,
  offerNow,
  placesAhead,
} from "~/booking/waitlist/waitlist-store.server";
import { findPackageToOrder } from "~/catalogue/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import type { PeriodicJob } from "~/platform/jobs.server";
import { dollarsValue } from "~/platform/money";

export class WaitlistError extends Error {
  constructor(
    readonly code: "not-found" | "invalid" | "conflict",
    message: string,
    /** the field the message belongs to (the API's details) */
    readonly field?: "travellers",
  ) {
    super(message);
  }
}

/** The HTTP status of a refusal, the same for the page and /api. */
export function waitlistErrorStatus(error: WaitlistError): number {
  return { "not-found": 404, invalid: 400, conflict: 409 }[error.code];
}

/**
 * The account joins the departure's line with its party (a number: that many of the package's
 * first category). Refused when the date has enough seats for the party (book it instead), is not
 * open, or the account already waits on it; a party larger than an account may hold is refused too.
 */
export async function joinWaitlist(
  userId: string,
  departureId: string,
  input: WaitlistInput,
  { packageType, now = new Date() }: { packageType?: string | null; now?: Date } = {},
) {
  const departure = isPlausibleId(departureId) ? await findDeparture(departureId) : null;
  if (!departure) throw new WaitlistError("not-found", NO_SUCH_DEPARTURE);
  const tourPackage = await findPackageToOrder(departure.serviceId);
  if (!tourPackage) throw new WaitlistError("not-found", NO_SUCH_DEPARTURE);
  const categories = tourPackage.priceCategories;
  const counts =
    typeof input.travellers === "number" ? { [categories[0].id]: input.travellers } : countTravellers(input.travellers);
  const priced = priceBooking(categories, counts);
  if (!priced.ok) throw new WaitlistError("invalid", priced.message, "travellers");
  const maxSeats = env().HOLD_MAX_SEATS_PER_DEPARTURE;
  if (priced.seats > maxSeats) {
    throw new WaitlistError("invalid", `A party on a waitlist can take at most ${maxSeats} seats.`, "travellers");
  }
  // The checkout asks for a package type: the one chosen on the trip page, else "group".
  const type: PackageTypeValue = packageType && isPackageType(packageType) ? packageType : "group";
  const first = counts[categories[0].id] ?? 0;
  const path = checkoutPath(
    tourPackage.id,
    dollarsValue(Math.round(priced.total * 100)),
    first,
    type,
    departure.id,
    otherCounts(categories, counts),
  );
  const joined = await insertEntry(
    { departureId: departure.id, userId, counts, seats: priced.seats, persons: priced.persons, checkoutPath: path },
    agencyToday(now),
  );
  if (joined.ok) return { id: joined.id };
  if (joined.reason === "not-found") throw new WaitlistError("not-found", NO_SUCH_DEPARTURE);
  if (joined.reason === "closed") throw new WaitlistError("conflict", WAITLIST_CLOSED);
  if (joined.reason === "seats-left") throw new WaitlistError("conflict", WAITLIST_SEATS_LEFT);
  throw new WaitlistError("conflict", WAITLIST_ALREADY);
}

/** The account leaves the departure's line (an offer it held passes on); WaitlistError when it was not on it. */
export async function leaveWaitlist(userId: string, departureId: string, now = new Date()): Promise<void> {
  if (!isPlausibleId(departureId) || !(await leaveEntry(userId, departureId, now))) {
    throw new WaitlistError("not-found", WAITLIST_NOT_ON);
  }
}

/** The account's places: the date, the package, the party, how many wait ahead, an offer's deadline and its checkout. */
export async function myWaitlist(userId: string, now = new Date()) {
  const entries = await listOwnEntries(userId);
  const ahead = await placesAhead(entries.filter((entry) => entry.status === "WAITING"));
  return entries.map((entry) => ({
    id: entry.id,
    departure: entry.departureId,
    date: isoDate(entry.departure.startDate),
    packageId: entry.departure.service.id,
    title: entry.departure.service.title,
    persons: entry.persons,
    seats: entry.seats,
    status: waitlistStatus(entry, now),
    ahead: ahead.get(entry.id) ?? null,
    offerExpiresAt: entry.offerExpiresAt,
    checkoutPath: entry.checkoutPath,
    joined: entry.createdAt,
  }));
}

/** The departure's line for administrators, first come first (null: no such departure). */
export async function departureWaitlist(departureId: string, now = new Date()) {
  const departure = isPlausibleId(departureId) ? await findDeparture(departureId) : null;
  if (!departure) return null;
  const entries = await listDepartureEntries(departure.id);
  return entries.map((entry) => ({
    id: entry.id,
    email: entry.user.email,
    name: entry.user.displayName,
    counts: entry.counts as Record<string, number>,
    persons: entry.persons,
    seats: entry.seats,
    status: waitlistStatus(entry, now),
    offerExpiresAt: entry.offerExpiresAt,
    joined: entry.createdAt,
  }));
}

/** The waiting and offered parties of the package's departures (the administrators' departures page). */
export async function packageWaitlist(packageId: string, now = new Date()) {
  const entries = await listPackageEntries(packageId);
  return entries.map((entry) => ({
    id: entry.id,
    date: isoDate(entry.departure.startDate),
    customer: `${entry.user.displayName} <${entry.user.email}>`,
    persons: entry.persons,
    seats: entry.seats,
    status: waitlistStatus(entry, now),
    offerExpiresAt: entry.offerExpiresAt,
    joined: entry.createdAt,
  }));
}

const BATCH = 100;

/** Offers run out pass on; free seats no release offered (a join racing a cancellation) are offered. */
export async function runWaitlist(now = new Date()): Promise<{ expired: number; offered: number }> {
  let expired = 0;
  for (;;) {
    const due = await dueOffers(now, BATCH);
    for (const entry of due) if (await expireOffer(entry, now)) expired += 1;
    if (due.length < BATCH) break;
  }
  let offered = 0;
  for (const departureId of await departuresToOffer(agencyToday(now), BATCH)) offered += await offerNow(departureId, now);
  return { expired, offered };
}

export const waitlistJob: PeriodicJob = { name: "waitlist-offers", everyMs: 60_000, run: runWaitlist };
