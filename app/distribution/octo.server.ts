// The OCTO read operations: products from the catalogue's packages and price categories,
// availability from the departures and the website's own seat count (app/booking/departures/departures.ts).
import { refundPolicyOf, seatsLeft } from "~/booking";
import { departuresOf, findRefundPolicy, listRefundPolicies } from "~/booking/index.server";
import { findPackage, findPackageToOrder, listPackagesToOrder } from "~/catalogue/index.server";
import {
  availabilityDate,
  availabilityOf,
  type AvailabilityQuery,
  calendarDayOf,
  calendarUnitPricing,
  checkUnits,
  daysBetween,
  type OctoDeparture,
  octoErrors,
  type OctoPackage,
  type OctoTrip,
  productOf,
  type Seller,
} from "~/distribution/octo";
import { agencyToday, isoDate } from "~/platform/dates";

type PackageFacts = Omit<OctoPackage, "refundPolicy" | "description" | "meetingPoint" | "durationDays"> & {
  description?: string | null;
  meetingPoint?: string | null;
  durationDays?: number | null;
};

/** A package as availability reads it: its facts, the ones it may lack as null. */
function octoTripOf(found: PackageFacts): OctoTrip {
  return {
    id: found.id,
    title: found.title,
    description: found.description ?? null,
    meetingPoint: found.meetingPoint ?? null,
    durationDays: found.durationDays ?? null,
    idRequired: found.idRequired,
    priceCategories: found.priceCategories,
  };
}

function octoPackageOf(found: PackageFacts, refundPolicy: Parameters<typeof refundPolicyOf>[0]): OctoPackage {
  return { ...octoTripOf(found), refundPolicy: refundPolicyOf(refundPolicy) };
}

/**
 * A package on sale as OCTO reads it; null when there is none with this id. `fresh`: its prices read
 * afresh, as an order is priced (bookings); otherwise from the catalogue's cached list, as the
 * website's pages show it (products and availability, which resellers poll).
 */
export async function octoPackage(id: string, { fresh = true } = {}): Promise<OctoPackage | null> {
  const [facts, ordered, policy] = await Promise.all([
    findPackage(id),
    fresh ? findPackageToOrder(id) : null,
    findRefundPolicy(id),
  ]);
  const priced = fresh ? ordered : facts;
  if (!priced || !policy) return null;
  return octoPackageOf(
    { ...priced, description: facts?.description, meetingPoint: facts?.meetingPoint, durationDays: facts?.durationDays },
    policy.refundPolicy,
  );
}

async function requirePackage(id: string, fresh: boolean): Promise<OctoPackage> {
  const found = await octoPackage(id, { fresh });
  if (!found) throw octoErrors.invalidProductId(id);
  return found;
}

/** Every package on sale as a product, in two reads whatever their number (not one per package). */
export async function listOctoProducts(seller: Seller | null) {
  const [packages, policies] = await Promise.all([listPackagesToOrder(), listRefundPolicies()]);
  const policyOf = new Map(policies.map((row) => [row.id, row.refundPolicy]));
  return packages
    .filter((found) => policyOf.has(found.id))
    .map((found) => productOf(octoPackageOf(found, policyOf.get(found.id) ?? null), seller));
}

export async function getOctoProduct(id: string, seller: Seller | null) {
  return productOf(await requirePackage(id, false), seller);
}

/** The product a booking's body names, read afresh (INVALID_PRODUCT_ID otherwise), before the rest of the body is read. */
export async function octoProductOfBody(productId: string): Promise<OctoPackage> {
  return requirePackage(productId, true);
}

/**
 * The product an availability body names, from the catalogue's cached list without a query (resellers
 * poll availability; its refund policy is not needed there): INVALID_PRODUCT_ID otherwise.
 */
export async function octoTripOfBody(productId: string): Promise<OctoTrip> {
  const found = await findPackage(productId);
  if (!found) throw octoErrors.invalidProductId(productId);
  return octoTripOf(found);
}

/** The package's departures from `today` on (past ones are no availability), with the website's seats left. */
async function departuresFrom(packageId: string, today: string) {
  const rows = await departuresOf(packageId, { all: true });
  return rows
    .map((row) => ({
      departure: {
        date: isoDate(row.startDate),
        seats: row.seats,
        seatsTaken: row.seatsTaken,
        status: row.status,
        prices: row.prices,
        pricePercent: row.pricePercent,
      } satisfies OctoDeparture,
      seatsLeft: seatsLeft(row),
    }))
    .filter((row) => row.departure.date >= today);
}

/** POST /octo/availability: the departures the query selects, by date. */
export async function octoAvailability(tourPackage: OctoTrip, query: AvailabilityQuery, seller: Seller | null, now = new Date()) {
  checkUnits(query.units, tourPackage.priceCategories);
  const today = agencyToday(now);
  const context = { tourPackage, today, seller, units: query.units };
  const departures = await departuresFrom(tourPackage.id, today);
  const { selector } = query;
  let chosen = departures;
  if (selector.kind === "date") chosen = departures.filter((row) => row.departure.date === selector.date);
  else if (selector.kind === "range") {
    chosen = departures.filter((row) => row.departure.date >= selector.start && row.departure.date <= selector.end);
  } else {
    const byId = new Map(departures.map((row) => [availabilityOf(row.departure, row.seatsLeft, context).id, row]));
    chosen = selector.ids.map((id) => {
      const found = availabilityDate(id) === null ? undefined : byId.get(id);
      if (!found) throw octoErrors.invalidAvailabilityId(id);
      return found;
    });
  }
  return chosen.map((row) => availabilityOf(row.departure, row.seatsLeft, context));
}

/** POST /octo/availability/calendar: one entry per day of the range. */
export async function octoCalendar(
  tourPackage: OctoTrip,
  query: AvailabilityQuery & { selector: { kind: "range" } },
  seller: Seller | null,
  now = new Date(),
) {
  checkUnits(query.units, tourPackage.priceCategories);
  const today = agencyToday(now);
  const context = { tourPackage, today, seller, units: query.units, unitPricing: calendarUnitPricing(tourPackage, seller) };
  const byDate = new Map((await departuresFrom(tourPackage.id, today)).map((row) => [row.departure.date, row]));
  const { start, end } = query.selector;
  // One moment stepped a day at a time (a year is 366 days: not a Date parsed per day).
  const day = new Date(`${start}T00:00:00Z`);
  return Array.from({ length: daysBetween(start, end) + 1 }, () => {
    const date = day.toISOString().slice(0, 10);
    day.setUTCDate(day.getUTCDate() + 1);
    return calendarDayOf(date, byDate.get(date) ?? null, context);
  });
}
