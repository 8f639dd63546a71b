// OCTO bookings, as the specification writes them: the request bodies of reserve, confirm, extend,
// cancel and update, read into what the booking module needs (app/booking/channel/channel-bookings.server.ts
// knows a channel and a reseller's references, not OCTO), and a reseller's booking written back as
// an OCTO booking. Pure: app/distribution/octo-bookings.server.ts reads and writes the rows.
import type { z } from "zod";
import type { ChannelBooking } from "~/booking/index.server";
import { availabilityDate, daysBetween, octoErrors, OctoError, type Pricing } from "~/distribution/octo";
import {
  bookingCancellationBodySchema,
  type availabilitySchema,
  type bookingSchema,
  type OCTO_BOOKING_STATUSES,
  confirmationAsSent,
  contactInputSchema,
  extendReservationBodySchema,
  type productSchema,
  reservationAsSent,
  type ticketSchema,
  type UnitItemAsSent,
  updateAsSent,
} from "~/distribution/octo-api";
import { isCalendarDate } from "~/platform/dates";

const OPTION_ID = "DEFAULT";
const CURRENCY = "USD";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const invalidBookingUuid = (uuid: unknown) =>
  new OctoError(400, "INVALID_BOOKING_UUID", "The uuid was already used, missing or invalid", {
    uuid: typeof uuid === "string" ? uuid : "",
  });

type ContactBody = z.infer<typeof contactInputSchema> | undefined;

function parse<Schema extends z.ZodTypeAny>(schema: Schema, body: unknown): z.infer<Schema> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw octoErrors.badRequest("The request body must be a JSON object.");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw octoErrors.badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

/** A contact as the booking module stores it: first and last names (from fullName when only it is given). */
export interface ContactInput {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  notes: string | null;
}

function names(contact: ContactBody): { first: string; last: string } | null {
  const first = contact?.firstName?.trim() ?? "";
  const last = contact?.lastName?.trim() ?? "";
  if (first || last) return { first, last };
  const full = contact?.fullName?.trim() ?? "";
  if (!full) return null;
  const space = full.lastIndexOf(" ");
  return space > 0 ? { first: full.slice(0, space), last: full.slice(space + 1) } : { first: full, last: "" };
}

function contactInput(contact: ContactBody): ContactInput | undefined {
  const name = names(contact);
  if (!name) return undefined;
  return {
    firstName: name.first,
    lastName: name.last,
    email: contact?.emailAddress ?? null,
    phone: contact?.phoneNumber?.trim() || null,
    country: contact?.country?.trim() || null,
    notes: contact?.notes?.trim() || null,
  };
}

/** The unit items as the booking module takes them (their unit ids checked by the server). */
function itemsOf(items: UnitItemAsSent[] | undefined) {
  return items?.map((item) => {
    if (typeof item.unitId !== "string" || item.unitId === "") throw octoErrors.invalidUnitId(item.unitId);
    return {
      categoryId: item.unitId,
      itemId: item.uuid ?? null,
      reference: item.resellerReference ?? null,
      name: travellerName(item.contact),
    };
  });
}

/** A unit item's traveller name (its contact's), null when it gives none. */
function travellerName(contact: ContactBody): string | null {
  const name = names(contact);
  return name ? `${name.first} ${name.last}`.trim() : null;
}

function checkCurrency(currency: string | null | undefined) {
  if (currency !== undefined && currency !== null && currency !== CURRENCY) {
    throw octoErrors.badRequest(`The currency ${currency} is not available: prices are in ${CURRENCY}.`);
  }
}

export interface ReserveRequest {
  uuid: string | null;
  availabilityId: string;
  /** YYYY-MM-DD of the availability id */
  date: string;
  unitItems: { unitId: string; uuid: string | null; resellerReference: string | null; name: string | null }[];
  notes: string | null;
  expirationMinutes: number | undefined;
  resellerReference: string | null;
  contact: ContactInput | undefined;
}

/** POST /octo/bookings once its product is known: the option, the availability id, the unit items. */
export function readReserveBody(body: unknown): ReserveRequest {
  const record = body as Record<string, unknown>;
  if (record.optionId !== OPTION_ID) throw octoErrors.invalidOptionId(record.optionId);
  // No unit items at all: the specification's validator expects UNPROCESSABLE_ENTITY.
  const items = (body as Record<string, unknown>).unitItems;
  if (items === undefined || items === null || (Array.isArray(items) && items.length === 0)) {
    throw octoErrors.unprocessable("unitItems must name at least one unit.");
  }
  const data = parse(reservationAsSent, body);
  checkCurrency(data.currency);
  const availabilityId = typeof data.availabilityId === "string" ? data.availabilityId : null;
  const date = availabilityId === null ? null : availabilityDate(availabilityId);
  if (availabilityId === null || date === null || !isCalendarDate(date))
    throw octoErrors.invalidAvailabilityId(data.availabilityId);
  const unitItems = data.unitItems.map((item) => {
    if (typeof item.unitId !== "string" || item.unitId === "") throw octoErrors.invalidUnitId(item.unitId);
    return {
      unitId: item.unitId,
      uuid: item.uuid ?? null,
      resellerReference: item.resellerReference ?? null,
      name: travellerName(item.contact),
    };
  });
  return {
    uuid: data.uuid ?? null,
    availabilityId,
    date,
    unitItems,
    notes: data.notes ?? null,
    expirationMinutes: data.expirationMinutes,
    resellerReference: data.resellerReference ?? null,
    contact: contactInput(data.contact),
  };
}

/** POST /octo/bookings/{uuid}/confirm: the contact (a name is required) and the travellers' names. */
export function readConfirmBody(body: unknown) {
  const data = parse(confirmationAsSent, body);
  if (!data.contact || typeof data.contact !== "object") throw octoErrors.badRequest("contact is required.");
  const contact = contactInputSchema.safeParse(data.contact);
  if (!contact.success) throw octoErrors.badRequest(contact.error.issues[0].message);
  const given = contactInput(contact.data);
  if (!given) throw octoErrors.badRequest("contact.fullName or contact.firstName and contact.lastName are required.");
  return {
    contact: given,
    items: itemsOf(data.unitItems),
    resellerReference: data.resellerReference,
  };
}

/**
 * PATCH /octo/bookings/{uuid}: the reference, notes, contact, unit items and the availability (another
 * departure of the same product, `date` its YYYY-MM-DD; null: unchanged); the product cannot change.
 */
export function readUpdateBody(body: unknown, current: { productId: string; availabilityId: string | null }) {
  const data = parse(updateAsSent, body);
  if (data.productId !== undefined && data.productId !== current.productId) {
    throw octoErrors.unprocessable("The product of a booking cannot be changed: cancel it and book again.");
  }
  if (data.optionId !== undefined && data.optionId !== OPTION_ID) throw octoErrors.invalidOptionId(data.optionId);
  let availability: { id: string; date: string } | null = null;
  if (data.availabilityId !== undefined && data.availabilityId !== current.availabilityId) {
    const date = typeof data.availabilityId === "string" ? availabilityDate(data.availabilityId) : null;
    if (date === null || !isCalendarDate(date)) throw octoErrors.invalidAvailabilityId(data.availabilityId);
    availability = { id: data.availabilityId as string, date };
  }
  return {
    availability,
    contact: contactInput(data.contact),
    items: itemsOf(data.unitItems),
    resellerReference: data.resellerReference,
    notes: data.notes,
    expirationMinutes: data.expirationMinutes,
  };
}

export function readExtendBody(body: unknown): number | undefined {
  return parse(extendReservationBodySchema, body).expirationMinutes;
}

export function readCancelBody(body: unknown): string | null {
  return parse(bookingCancellationBodySchema, body).reason ?? null;
}

/**
 * GET /octo/bookings answers a bare list: the specification defines no paging parameter, only its
 * filters (a reference, a date, a range of dates). A reseller pages by dates: a range covers at
 * most LIST_RANGE_DAYS days, and an answer holds at most LIST_MAX_BOOKINGS bookings (a query that
 * matches more is refused, never cut short: a shorter range, a date or a reference narrows it).
 */
const LIST_RANGE_DAYS = 31;
export const LIST_MAX_BOOKINGS = 500;

export const tooManyBookings = () =>
  octoErrors.badRequest(
    `More than ${LIST_MAX_BOOKINGS} bookings match: ask for fewer dates at a time (localDate, or localDateStart and localDateEnd closer together), or by resellerReference or supplierReference.`,
  );

/** GET /octo/bookings' query: by the reseller's reference, ours, a date or a range of dates. */
export function readBookingsQuery(search: URLSearchParams) {
  const value = (name: string) => search.get(name) ?? undefined;
  const date = (name: string) => {
    const given = value(name);
    if (given !== undefined && !isCalendarDate(given)) throw octoErrors.badRequest(`${name}: Dates are written YYYY-MM-DD.`);
    return given;
  };
  const localDate = date("localDate");
  const start = date("localDateStart");
  const end = date("localDateEnd");
  const resellerReference = value("resellerReference");
  const supplierReference = value("supplierReference");
  if (localDate === undefined && start === undefined && end === undefined && !resellerReference && !supplierReference) {
    throw octoErrors.badRequest("resellerReference, supplierReference, localDate or localDateStart/localDateEnd is required.");
  }
  if (localDate !== undefined && (start !== undefined || end !== undefined)) {
    throw octoErrors.badRequest("Either localDate or localDateStart/localDateEnd, not both.");
  }
  if ((start === undefined) !== (end === undefined))
    throw octoErrors.badRequest("localDateStart and localDateEnd are both required.");
  if (start !== undefined && end !== undefined && end < start)
    throw octoErrors.badRequest("localDateEnd cannot be before localDateStart.");
  if (start !== undefined && end !== undefined && daysBetween(start, end) >= LIST_RANGE_DAYS) {
    throw octoErrors.badRequest(
      `localDateEnd: a range of dates covers at most ${LIST_RANGE_DAYS} days; ask for the next ones in another request.`,
    );
  }
  return {
    resellerReference: resellerReference || undefined,
    reference: supplierReference || undefined,
    from: localDate ?? start,
    to: localDate ?? end,
  };
}

/** A booking's uuid from the path: INVALID_BOOKING_UUID when it is not one. */
export function pathUuid(uuid: string | undefined): string {
  if (!uuid || !UUID.test(uuid)) throw invalidBookingUuid(uuid);
  return uuid.toLowerCase();
}

export const normaliseUuid = (uuid: string) => uuid.toLowerCase();

// ---------------------------------------------------------------------------------------------
// The booking as OCTO writes it.

type OctoStatus = (typeof OCTO_BOOKING_STATUSES)[number];

/** What octoBookingOf reads of a reseller's booking: the booking module's own view of it. */
type BookingFacts = Omit<ChannelBooking, "packageId" | "travelDate" | "priceCents">;

const utc = (moment: Date | null) => (moment ? moment.toISOString().replace(/\.\d{3}Z$/, "Z") : null);

function octoStatus(booking: BookingFacts): OctoStatus {
  if (booking.status === "PENDING") return "ON_HOLD";
  if (booking.status === "COMPLETED") return "CONFIRMED";
  return booking.status;
}

function refundOf(percent: number | null): "FULL" | "PARTIAL" | "NONE" {
  if (percent === null || percent <= 0) return "NONE";
  return percent >= 100 ? "FULL" : "PARTIAL";
}

function octoContact(contact: {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  notes: string | null;
}) {
  const fullName = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  return {
    fullName: fullName || null,
    firstName: contact.firstName,
    lastName: contact.lastName,
    emailAddress: contact.email,
    phoneNumber: contact.phone,
    locales: [],
    postalCode: null,
    country: contact.country,
    notes: contact.notes,
  };
}

function travellerContact(name: string | null) {
  const space = name ? name.lastIndexOf(" ") : -1;
  return octoContact({
    firstName: name ? (space > 0 ? name.slice(0, space) : name) : null,
    lastName: name && space > 0 ? name.slice(space + 1) : null,
    email: null,
    phone: null,
    country: null,
    notes: null,
  });
}

export interface BookingContext {
  productId: string;
  /** the product (productOf) and its option, when the package still exists */
  product: z.infer<typeof productSchema> | null;
  availabilityId: string | null;
  availability: z.infer<typeof availabilitySchema> | null;
  /** with octo/pricing: the reseller's prices of a unit at this retail price */
  pricingOf: ((retailCents: number) => Pricing) | null;
  testMode: boolean;
}

/** A reseller's booking as an OCTO booking. */
export function octoBookingOf(booking: BookingFacts, context: BookingContext): z.infer<typeof bookingSchema> {
  const status = octoStatus(booking);
  // One voucher for the whole booking (deliveryMethods VOUCHER, so no unit item has a ticket): the
  // booking's reference as a QR code once confirmed, which the guide's check-in scans; before, how
  // it will be redeemed and nothing to show yet.
  const voucher: z.infer<typeof ticketSchema> = {
    redemptionMethod: "MANIFEST",
    utcRedeemedAt: null,
    deliveryOptions: status === "CONFIRMED" ? [{ deliveryFormat: "QRCODE", deliveryValue: booking.reference }] : [],
  };
  const unitItems = booking.travellers.map((traveller) => ({
    uuid: traveller.externalId ?? traveller.id,
    resellerReference: traveller.resellerReference,
    supplierReference: traveller.id,
    unitId: traveller.categoryId,
    status,
    utcRedeemedAt: null,
    contact: travellerContact(traveller.name),
    ticket: null,
    ...(context.pricingOf ? { pricing: context.pricingOf(traveller.priceCents) } : {}),
  }));
  const total = context.pricingOf
    ? booking.travellers.reduce<Pricing | null>((sum, traveller) => {
        const one = context.pricingOf!(traveller.priceCents);
        return sum === null
          ? { ...one }
          : {
              ...sum,
              original: sum.original + one.original,
              retail: sum.retail + one.retail,
              net: (sum.net ?? 0) + (one.net ?? 0),
            };
      }, null)
    : null;
  const option = context.product?.options[0];
  return {
    id: booking.id,
    uuid: booking.externalId,
    testMode: context.testMode,
    resellerReference: booking.resellerReference,
    supplierReference: booking.reference,
    status,
    utcCreatedAt: utc(booking.createdAt)!,
    utcUpdatedAt: utc(booking.updatedAt)!,
    utcExpiresAt: status === "ON_HOLD" ? utc(booking.holdExpiresAt) : null,
    utcRedeemedAt: null,
    utcConfirmedAt: utc(booking.confirmedAt),
    productId: context.productId,
    ...(context.product ? { product: context.product } : {}),
    optionId: OPTION_ID,
    ...(option ? { option } : {}),
    cancellable: booking.cancellable,
    cancellation:
      // Cancelled (or, before decision 0015, a hold its reseller ended, recorded EXPIRED). A hold
      // was never owed: it is credited in full.
      (status === "CANCELLED" || status === "EXPIRED") && booking.cancelledAt
        ? {
            refund: booking.confirmedAt === null ? "FULL" : refundOf(booking.refundPercent),
            reason: booking.cancelReason,
            utcCancelledAt: utc(booking.cancelledAt ?? booking.updatedAt)!,
          }
        : null,
    freesale: false,
    availabilityId: context.availabilityId,
    availability: context.availability,
    contact: octoContact(booking.contact),
    notes: booking.notes,
    deliveryMethods: ["VOUCHER"],
    voucher,
    unitItems,
    ...(total ? { pricing: total } : {}),
  };
}
