// The OCTO booking operations: reserve, confirm, extend, cancel, update, read and list a reseller's
// bookings. The seats, the hold, the confirmation and the cancellation are the booking module's
// (its channel bookings); this file turns OCTO's ids into the package, departure and price
// categories, and the booking back into OCTO's shape (app/distribution/octo-bookings.ts).
import { randomUUID } from "node:crypto";
import { seatsLeft } from "~/booking";
import {
  cancelChannelBooking,
  type ChannelBooking,
  type ChannelHoldRefusal,
  type ChannelOutcome,
  confirmChannelBooking,
  departuresOf,
  extendChannelHold,
  findChannelBooking,
  listChannelBookings,
  placeChannelHold,
  updateChannelBooking,
} from "~/booking/index.server";
import {
  availabilityId as availabilityIdOf,
  availabilityOf,
  type OctoError,
  octoErrors,
  type OctoPackage,
  pricing,
  productOf,
  startTimeOf,
} from "~/distribution/octo";
import {
  invalidBookingUuid,
  LIST_MAX_BOOKINGS,
  normaliseUuid,
  octoBookingOf,
  readBookingsQuery,
  readCancelBody,
  readConfirmBody,
  readExtendBody,
  readReserveBody,
  readUpdateBody,
  tooManyBookings,
} from "~/distribution/octo-bookings";
import { octoPackage } from "~/distribution/octo.server";
import { resellerAccount } from "~/distribution/reseller-store.server";
import { agencyToday, isoDate } from "~/platform/dates";

interface Caller {
  resellerId: string;
  commissionBasisPoints: number;
  /** the seats its holds may keep unconfirmed (Reseller.maxHeldSeatsPerDeparture, maxHeldSeats) */
  holdLimits: { perDeparture: number; perAccount: number };
}

const seatCount = (count: number) => `${count} ${count === 1 ? "seat" : "seats"}`;

/** A reservation or change refused because the reseller's holds would keep more seats than its cap. */
function holdLimitError(scope: "departure" | "account" | "shared", max: number, held: number): OctoError {
  const [field, where] =
    scope === "departure" ? ["maxHeldSeatsPerDeparture", "on one availability"] : ["maxHeldSeats", "on all availabilities"];
  const already = scope === "departure" ? `${seatCount(held)} already on this one` : `${seatCount(held)} already`;
  return octoErrors.badRequest(
    `Hold limit reached (${field}): your bookings ON_HOLD may keep at most ${seatCount(max)} ${where}, and hold ${already}. Confirm or cancel bookings on hold first, or ask the supplier to raise the limit.`,
  );
}

/** The departure of the package an availability id names: INVALID_AVAILABILITY_ID otherwise. */
async function departureOf(tourPackage: OctoPackage, availabilityId: string, date: string) {
  if (availabilityIdOf(date, startTimeOf(tourPackage.meetingPoint)) !== availabilityId) {
    throw octoErrors.invalidAvailabilityId(availabilityId);
  }
  const departure = (await departuresOf(tourPackage.id, { all: true })).find((row) => isoDate(row.startDate) === date);
  if (!departure) throw octoErrors.invalidAvailabilityId(availabilityId);
  return departure;
}

/** A package and its departures, read once per package for a list of bookings. */
async function packageLookup(packageId: string) {
  const [tourPackage, departures] = await Promise.all([octoPackage(packageId), departuresOf(packageId, { all: true })]);
  return { tourPackage, departures };
}

/** The booking as OCTO writes it, with its product, option and availability. */
async function present(
  booking: ChannelBooking,
  caller: Caller,
  pricingWanted: boolean,
  now = new Date(),
  lookups = new Map<string, ReturnType<typeof packageLookup>>(),
) {
  const packageId = booking.packageId;
  if (packageId && !lookups.has(packageId)) lookups.set(packageId, packageLookup(packageId));
  const found = packageId ? await lookups.get(packageId)! : null;
  const tourPackage = found?.tourPackage ?? null;
  const seller = pricingWanted ? { commissionBasisPoints: caller.commissionBasisPoints } : null;
  let availabilityId: string | null = null;
  let availability: ReturnType<typeof availabilityOf> | null = null;
  if (tourPackage && booking.travelDate) {
    availabilityId = availabilityIdOf(booking.travelDate, startTimeOf(tourPackage.meetingPoint));
    const departure = found!.departures.find((row) => isoDate(row.startDate) === booking.travelDate);
    if (departure) {
      availability = availabilityOf(
        {
          date: booking.travelDate,
          seats: departure.seats,
          seatsTaken: departure.seatsTaken,
          status: departure.status,
          prices: departure.prices,
          pricePercent: departure.pricePercent,
        },
        seatsLeft(departure),
        { tourPackage, today: agencyToday(now), seller, units: null },
      );
    }
  }
  return octoBookingOf(booking, {
    productId: booking.packageId ?? "",
    product: tourPackage ? productOf(tourPackage, seller) : null,
    availabilityId,
    availability,
    pricingOf: seller ? (retailCents) => pricing(retailCents, seller.commissionBasisPoints) : null,
    testMode: false,
  });
}

function holdRefusal(held: ChannelHoldRefusal, productId = ""): OctoError {
  {
    switch (held.reason) {
      case "unknown-package":
        return octoErrors.invalidProductId(productId);
      case "unknown-category":
        return octoErrors.invalidUnitId(held.categoryId);
      case "travellers":
        return octoErrors.unprocessable(held.message);
      case "age":
        return octoErrors.unprocessable(`unitItems[${held.position}].unitId (${held.categoryId}): ${held.message}`);
      case "hold-limit":
        return holdLimitError(held.scope, held.max, held.held);
      case "seats":
        return octoErrors.unprocessable(
          held.seatsLeft > 0
            ? `There is not enough availability: only ${held.seatsLeft} ${held.seatsLeft === 1 ? "seat is" : "seats are"} left.`
            : "There is not enough availability: this departure is sold out.",
        );
      default:
        return octoErrors.unprocessable("This availability can no longer be booked.");
    }
  }
}

function outcome(result: ChannelOutcome, uuid: string, refusal: string) {
  if (result.ok) return result.booking;
  if (result.reason === "refused") throw holdRefusal(result.refusal);
  if (result.reason === "not-found") throw invalidBookingUuid(uuid);
  if (result.reason === "expired")
    throw octoErrors.unprocessable("The booking's hold has expired: its seats are no longer held. Reserve again.");
  throw octoErrors.unprocessable(refusal);
}

/** POST /octo/bookings: a hold of the units on the availability, idempotent on the reseller's uuid. */
export async function reserveBooking(tourPackage: OctoPackage, body: unknown, caller: Caller, pricingWanted: boolean) {
  const request = readReserveBody(body);
  const uuid = request.uuid ? normaliseUuid(request.uuid) : randomUUID();
  const existing = request.uuid ? await findChannelBooking(caller.resellerId, uuid) : null;
  if (existing) {
    if (existing.packageId !== tourPackage.id) throw invalidBookingUuid(uuid);
    return present(existing, caller, pricingWanted);
  }
  for (const item of request.unitItems) {
    if (!tourPackage.priceCategories.some((category) => category.id === item.unitId)) throw octoErrors.invalidUnitId(item.unitId);
  }
  const departure = await departureOf(tourPackage, request.availabilityId, request.date);
  const held = await placeChannelHold({
    resellerId: caller.resellerId,
    externalId: uuid,
    resellerReference: request.resellerReference,
    notes: request.notes,
    packageId: tourPackage.id,
    departureId: departure.id,
    items: request.unitItems.map((item) => ({
      categoryId: item.unitId,
      itemId: item.uuid ?? randomUUID(),
      reference: item.resellerReference,
    })),
    holdMinutes: request.expirationMinutes,
    holdLimits: caller.holdLimits,
    account: () => resellerAccount(caller.resellerId),
  });
  if (!held.ok) throw holdRefusal(held, tourPackage.id);
  let booking = held.booking;
  if (request.contact) {
    booking = outcome(await updateChannelBooking(caller.resellerId, uuid, { contact: request.contact }), uuid, "");
  }
  return present(booking, caller, pricingWanted);
}

export async function getBooking(uuid: string, caller: Caller, pricingWanted: boolean) {
  const booking = await findChannelBooking(caller.resellerId, uuid);
  if (!booking) throw invalidBookingUuid(uuid);
  return present(booking, caller, pricingWanted);
}

export async function listBookings(search: URLSearchParams, caller: Caller, pricingWanted: boolean) {
  // One more than an answer may hold: more than that is refused, never cut short (octo-bookings.ts).
  const bookings = await listChannelBookings(caller.resellerId, readBookingsQuery(search), new Date(), LIST_MAX_BOOKINGS + 1);
  if (bookings.length > LIST_MAX_BOOKINGS) throw tooManyBookings();
  const lookups = new Map<string, ReturnType<typeof packageLookup>>();
  return Promise.all(bookings.map((booking) => present(booking, caller, pricingWanted, new Date(), lookups)));
}

export async function confirmBooking(uuid: string, body: unknown, caller: Caller, pricingWanted: boolean) {
  const details = readConfirmBody(body);
  const result = await confirmChannelBooking(caller.resellerId, uuid, details);
  return present(outcome(result, uuid, "Only a booking on hold can be confirmed."), caller, pricingWanted);
}

export async function extendBooking(uuid: string, body: unknown, caller: Caller, pricingWanted: boolean) {
  const minutes = readExtendBody(body);
  const result = await extendChannelHold(caller.resellerId, uuid, minutes);
  return present(outcome(result, uuid, "Only a booking on hold can be extended."), caller, pricingWanted);
}

export async function cancelBooking(uuid: string, body: unknown, caller: Caller, pricingWanted: boolean) {
  const reason = readCancelBody(body);
  const result = await cancelChannelBooking(caller.resellerId, uuid, reason);
  return present(
    outcome(result, uuid, "This booking can no longer be cancelled: its departure has started."),
    caller,
    pricingWanted,
  );
}

export async function updateBooking(uuid: string, body: unknown, caller: Caller, pricingWanted: boolean) {
  const current = await findChannelBooking(caller.resellerId, uuid);
  if (!current) throw invalidBookingUuid(uuid);
  const tourPackage = current.packageId ? await octoPackage(current.packageId) : null;
  const details = readUpdateBody(body, {
    productId: current.packageId ?? "",
    availabilityId:
      tourPackage && current.travelDate ? availabilityIdOf(current.travelDate, startTimeOf(tourPackage.meetingPoint)) : null,
  });
  // A new date: another departure of the product (INVALID_AVAILABILITY_ID otherwise), its seats moved there.
  const departure =
    details.availability && tourPackage
      ? await departureOf(tourPackage, details.availability.id, details.availability.date)
      : null;
  if (details.availability && !departure) throw octoErrors.invalidAvailabilityId(details.availability.id);
  let booking = outcome(
    await updateChannelBooking(caller.resellerId, uuid, {
      holdLimits: caller.holdLimits,
      contact: details.contact,
      items: details.items,
      resellerReference: details.resellerReference,
      notes: details.notes,
      ...(departure ? { departureId: departure.id } : {}),
    }),
    uuid,
    "Only a booking on hold or confirmed can be changed.",
  );
  if (details.expirationMinutes !== undefined && booking.status === "PENDING") {
    booking = outcome(await extendChannelHold(caller.resellerId, uuid, details.expirationMinutes), uuid, "");
  }
  return present(booking, caller, pricingWanted);
}
