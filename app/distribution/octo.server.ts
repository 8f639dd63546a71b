// The OCTO read operations: products from the catalogue's packages and price categories,
// availability from the departures and the website's own seat count (app/booking/departures.ts).
import { refundPolicyOf, seatsLeft } from "~/booking";
import { departuresOf, findRefundPolicy } from "~/booking/index.server";
import { findPackage, findPackageToOrder, listPackagesForSitemap } from "~/catalogue/index.server";
import {
  addDays,
  availabilityDate,
  availabilityOf,
  type AvailabilityQuery,
  calendarDayOf,
  checkUnits,
  daysBetween,
  type OctoDeparture,
  octoErrors,
  type OctoPackage,
  productOf,
  type Seller,
} from "~/distribution/octo";
import { agencyToday, isoDate } from "~/platform/dates";

/** A package on sale as OCTO reads it; null when there is none with this id. */
export async function octoPackage(id: string): Promise<OctoPackage | null> {
  const [ordered, facts, policy] = await Promise.all([findPackageToOrder(id), findPackage(id), findRefundPolicy(id)]);
  if (!ordered || !policy) return null;
  return {
    id: ordered.id,
    title: ordered.title,
    description: facts?.description ?? null,
    meetingPoint: facts?.meetingPoint ?? null,
    durationDays: facts?.durationDays ?? null,
    idRequired: ordered.idRequired,
    priceCategories: ordered.priceCategories,
    refundPolicy: refundPolicyOf(policy.refundPolicy),
  };
}

async function requirePackage(id: string): Promise<OctoPackage> {
  const found = await octoPackage(id);
  if (!found) throw octoErrors.invalidProductId(id);
  return found;
}

export async function listOctoProducts(seller: Seller | null) {
  const rows = await listPackagesForSitemap();
  const packages = await Promise.all(rows.map((row) => octoPackage(row.id)));
  return packages.filter((found) => found !== null).map((found) => productOf(found, seller));
}

export async function getOctoProduct(id: string, seller: Seller | null) {
  return productOf(await requirePackage(id), seller);
}

/** The product a body names (INVALID_PRODUCT_ID otherwise), before the rest of the body is read. */
export async function octoProductOfBody(productId: string): Promise<OctoPackage> {
  return requirePackage(productId);
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
      } satisfies OctoDeparture,
      seatsLeft: seatsLeft(row),
    }))
    .filter((row) => row.departure.date >= today);
}

/** POST /octo/availability: the departures the query selects, by date. */
export async function octoAvailability(
  tourPackage: OctoPackage,
  query: AvailabilityQuery,
  seller: Seller | null,
  now = new Date(),
) {
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
  tourPackage: OctoPackage,
  query: AvailabilityQuery & { selector: { kind: "range" } },
  seller: Seller | null,
  now = new Date(),
) {
  checkUnits(query.units, tourPackage.priceCategories);
  const today = agencyToday(now);
  const context = { tourPackage, today, seller, units: query.units };
  const byDate = new Map((await departuresFrom(tourPackage.id, today)).map((row) => [row.departure.date, row]));
  const { start, end } = query.selector;
  const days = daysBetween(start, end);
  return Array.from({ length: days + 1 }, (_, index) => {
    const date = addDays(start, index);
    return calendarDayOf(date, byDate.get(date) ?? null, context);
  });
}
