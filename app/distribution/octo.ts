// The OCTO supplier API's rules (Open Connectivity for Tours, Activities and Attractions, as the
// @octocloud/types package and its OpenAPI document write it): how a package reads as a product, a
// departure as an availability, a price category as a unit, with the reseller's net price under the
// `octo/pricing` capability; the request bodies and the errors, word for word. Pure: the server
// (app/distribution/octo.server.ts) reads the rows and calls these.
import type { z } from "zod";
import { type DeparturePricing, departureCategories, hasOwnPrices } from "~/booking";
import type { PackageRecord, PriceCategory } from "~/catalogue";
import {
  type availabilityCalendarSchema,
  availabilityCheckBodySchema,
  calendarAsSent,
  type availabilitySchema,
  type capabilitySchema,
  MAX_UNITS,
  type pricingSchema,
  type productSchema,
  type unitSchema,
} from "~/distribution/octo-api";
import { isCalendarDate } from "~/platform/dates";

const OCTO_TIME_ZONE = "Asia/Dhaka";
const OFFSET = "+06:00";
const OPTION_ID = "DEFAULT";
const CURRENCY = "USD";
const CURRENCY_PRECISION = 2;
/** A unit's maxAge when its category has no upper bound (the catalogue's own bound). */
const OLDEST = 120;
/** When the meeting point names no time. */
const DEFAULT_START_TIME = "08:00";
/** The longest date range one availability or calendar request covers. */
const MAX_RANGE_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Errors: the body is { error, errorMessage, and the id at fault }. The specification answers 400
// for every error of the request (its validator checks so), 401 and 403 for the key.

export class OctoError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): Record<string, string> {
    return { error: this.code, errorMessage: this.message, ...this.extra };
  }
}

const idText = (value: unknown) =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);

export const octoErrors = {
  unauthorized: () =>
    new OctoError(
      401,
      "UNAUTHORIZED",
      "You didn't send the API Key in the Authorization header to an endpoint that requires authentication",
    ),
  forbidden: () =>
    new OctoError(
      403,
      "FORBIDDEN",
      "You sent an API Key that was invalid or has been revoked by the backend system. Or you're trying to access an endpoint/resource that you do not have access to",
    ),
  invalidProductId: (productId: unknown) =>
    new OctoError(400, "INVALID_PRODUCT_ID", "The productId was missing or invalid", { productId: idText(productId) }),
  invalidOptionId: (optionId: unknown) =>
    new OctoError(400, "INVALID_OPTION_ID", "The optionId was missing or invalid", { optionId: idText(optionId) }),
  invalidUnitId: (unitId: unknown) =>
    new OctoError(400, "INVALID_UNIT_ID", "The unitId was missing or invalid", { unitId: idText(unitId) }),
  invalidAvailabilityId: (availabilityId: unknown) =>
    new OctoError(400, "INVALID_AVAILABILITY_ID", "The availabilityId was missing or invalid", {
      availabilityId: idText(availabilityId),
    }),
  badRequest: (message: string) => new OctoError(400, "BAD_REQUEST", message),
  unprocessable: (message: string) => new OctoError(400, "UNPROCESSABLE_ENTITY", message),
  notFound: () => new OctoError(404, "NOT_FOUND", "Resource not found"),
  methodNotAllowed: (allowed: string[]) => new OctoError(405, "BAD_REQUEST", `Method not allowed. Use ${allowed.join(", ")}.`),
  tooManyRequests: (message: string) => new OctoError(429, "TOO_MANY_REQUESTS", message),
  internal: () => new OctoError(500, "INTERNAL_SERVER_ERROR", "There was an un-recoverable error, please try again"),
};

// ---------------------------------------------------------------------------------------------
// Capabilities: the reseller asks for them in the Octo-Capabilities header; the answer's header
// names those the response carries.

const PRICING = "octo/pricing";
const SUPPORTED_CAPABILITIES = [PRICING] as const;
type CapabilityId = (typeof SUPPORTED_CAPABILITIES)[number];

/** "octo/pricing, octo/content" → the ones this supplier has (["octo/pricing"]); unknown ones are ignored, as the specification says. */
export function requestedCapabilities(header: string | null): CapabilityId[] {
  const asked = new Set(
    (header ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
  return SUPPORTED_CAPABILITIES.filter((id) => asked.has(id));
}

export function capabilityList(): z.infer<typeof capabilitySchema>[] {
  return SUPPORTED_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null }));
}

// ---------------------------------------------------------------------------------------------
// Prices: the retail price is the category's; the reseller pays it less its commission.

export type Pricing = z.infer<typeof pricingSchema>;

/** Retail less the commission (basis points), rounded to the cent. */
export function netCents(retailCents: number, commissionBasisPoints: number): number {
  return retailCents - Math.round((retailCents * commissionBasisPoints) / 10_000);
}

export function pricing(retailCents: number, commissionBasisPoints: number): Pricing {
  return {
    original: retailCents,
    retail: retailCents,
    net: netCents(retailCents, commissionBasisPoints),
    currency: CURRENCY,
    currencyPrecision: CURRENCY_PRECISION,
    includedTaxes: [],
  };
}

const categoryCents = (category: PriceCategory) => Math.round(category.price * 100);

// ---------------------------------------------------------------------------------------------
// Products: one per package, one option, one unit per price category.

interface RefundTier {
  minDays: number;
  percent: number;
}

/** A package as OCTO reads it: the catalogue's facts it uses, and the refund policy. */
export type OctoPackage = Pick<
  PackageRecord,
  "id" | "title" | "meetingPoint" | "durationDays" | "idRequired" | "priceCategories"
> & {
  description: string | null;
  refundPolicy: readonly RefundTier[];
};

/** A package as availability reads it: all but its refund policy (only a product's cancellation cutoff needs that). */
export type OctoTrip = Omit<OctoPackage, "refundPolicy">;

export interface Seller {
  commissionBasisPoints: number;
}

/** "Sadarghat launch terminal, 7:30 am" → "07:30"; "21.15" → "21:15"; no time → 08:00. */
export function startTimeOf(meetingPoint: string | null): string {
  const match = /\b([01]?\d|2[0-3])[:.]([0-5]\d)\s*(am|pm|a\.m\.|p\.m\.)?(?![\d])/i.exec(meetingPoint ?? "");
  if (!match) return DEFAULT_START_TIME;
  let hours = Number(match[1]);
  const meridiem = match[3]?.toLowerCase().replace(/\./g, "");
  if (meridiem && hours > 12) return DEFAULT_START_TIME;
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  return `${String(hours).padStart(2, "0")}:${match[2]}`;
}

/**
 * Until how many days before the departure a cancellation is refunded in full (the policy's
 * smallest tier at 100 %); when no tier refunds everything, the smallest one that refunds anything;
 * 0 when none does. Later cancellations still follow the policy's other tiers.
 */
export function cancellationCutoffDays(policy: readonly RefundTier[]): number {
  const full = policy.filter((tier) => tier.percent >= 100).map((tier) => tier.minDays);
  if (full.length > 0) return Math.min(...full);
  const some = policy.filter((tier) => tier.percent > 0).map((tier) => tier.minDays);
  return some.length > 0 ? Math.min(...some) : 0;
}

/** Categories that travel on their own: what an infant on a lap must be booked with. */
function companions(categories: PriceCategory[]): string[] {
  const adults = categories.filter((category) => category.takesSeat && category.type === "ADULT");
  return (adults.length > 0 ? adults : categories.filter((category) => category.takesSeat)).map((category) => category.id);
}

function unitOf(tourPackage: OctoPackage, category: PriceCategory, seller: Seller | null): z.infer<typeof unitSchema> {
  const accompanied = category.type === "INFANT" || !category.takesSeat;
  return {
    id: category.id,
    internalName: category.name,
    reference: category.type,
    type: category.type,
    restrictions: {
      minAge: category.minAge ?? 0,
      maxAge: category.maxAge ?? OLDEST,
      idRequired: tourPackage.idRequired,
      minQuantity: category.min > 0 ? category.min : null,
      maxQuantity: category.max,
      paxCount: 1,
      accompaniedBy: accompanied ? companions(tourPackage.priceCategories).filter((id) => id !== category.id) : [],
    },
    requiredContactFields: [],
    ...(seller ? { pricingFrom: [pricing(categoryCents(category), seller.commissionBasisPoints)] } : {}),
  };
}

/** A package as an OCTO product; `seller` set when the request asked for `octo/pricing`. */
export function productOf(tourPackage: OctoPackage, seller: Seller | null): z.infer<typeof productSchema> {
  const cutoff = cancellationCutoffDays(tourPackage.refundPolicy);
  const categories = tourPackage.priceCategories;
  const cheapest = categories
    .filter((category) => category.takesSeat)
    .reduce<PriceCategory | null>((low, category) => (low === null || category.price < low.price ? category : low), null);
  const minUnits = Math.max(
    1,
    categories.reduce((sum, category) => sum + category.min, 0),
  );
  return {
    id: tourPackage.id,
    internalName: tourPackage.title,
    reference: null,
    locale: "en",
    timeZone: OCTO_TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: "START_TIME",
    deliveryFormats: ["QRCODE"],
    deliveryMethods: ["VOUCHER"],
    redemptionMethod: "MANIFEST",
    options: [
      {
        id: OPTION_ID,
        default: true,
        internalName: "Default",
        reference: null,
        availabilityLocalStartTimes: [startTimeOf(tourPackage.meetingPoint)],
        cancellationCutoff: `${cutoff} ${cutoff === 1 ? "day" : "days"}`,
        cancellationCutoffAmount: cutoff,
        cancellationCutoffUnit: "day",
        requiredContactFields: ["firstName", "lastName", "emailAddress", "phoneNumber"],
        restrictions: { minUnits, maxUnits: MAX_UNITS },
        units: categories.map((category) => unitOf(tourPackage, category, seller)),
        ...(seller && cheapest ? { pricingFrom: [pricing(categoryCents(cheapest), seller.commissionBasisPoints)] } : {}),
      },
    ],
    ...(seller ? { defaultCurrency: CURRENCY, availableCurrencies: [CURRENCY], pricingPer: "UNIT" } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Availability: one per departure, its id the local start with the +06:00 offset.

export interface OctoDeparture extends DeparturePricing {
  /** YYYY-MM-DD */
  date: string;
  seats: number;
  seatsTaken: number;
  status: "OPEN" | "CLOSED" | "CANCELLED";
}

/** "2027-01-08" and "07:30" → "2027-01-08T07:30:00+06:00" */
export function availabilityId(date: string, startTime: string): string {
  return `${date}T${startTime}:00${OFFSET}`;
}

const AVAILABILITY_ID = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}\+06:00$/;

/** The date of a well-formed availability id; null for anything else. */
export function availabilityDate(id: string): string | null {
  const match = AVAILABILITY_ID.exec(id);
  return match && isCalendarDate(match[1]) ? match[1] : null;
}

function addDays(date: string, days: number): string {
  const moment = new Date(`${date}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return moment.toISOString().slice(0, 10);
}

export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** Midnight of the departure's day in Dhaka, in UTC without milliseconds: a departure is booked before its day. */
function utcCutoffAt(date: string): string {
  return new Date(`${date}T00:00:00${OFFSET}`).toISOString().replace(/\.\d{3}Z$/, "Z");
}

type AvailabilityStatus = "AVAILABLE" | "LIMITED" | "SOLD_OUT" | "CLOSED";

/**
 * The departure's state for resellers: CLOSED when it cannot be booked (closed, cancelled, or on
 * today's date or before), SOLD_OUT with no seat left, LIMITED under half its seats left.
 * `seatsLeft` is the website's own count (app/booking/departures/departures.ts).
 */
export function departureState(departure: OctoDeparture, seatsLeft: number, today: string) {
  const bookable = departure.status === "OPEN" && departure.date > today;
  const vacancies = bookable ? seatsLeft : 0;
  let status: AvailabilityStatus = "AVAILABLE";
  if (!bookable) status = "CLOSED";
  else if (vacancies <= 0) status = "SOLD_OUT";
  else if (vacancies * 2 < departure.seats) status = "LIMITED";
  return { status, vacancies, capacity: departure.seats };
}

export interface UnitRequest {
  id: string;
  quantity: number;
}

/** Seats the requested units take (an infant on a lap takes none). */
function seatsOf(units: UnitRequest[], categories: PriceCategory[]): number {
  return units.reduce((sum, unit) => {
    const category = categories.find((candidate) => candidate.id === unit.id);
    return sum + (category?.takesSeat ? unit.quantity : 0);
  }, 0);
}

/** A unit's prices on a departure: retail is the departure's price, original the package's when that is higher (a discount). */
function departureUnitPricing(category: PriceCategory, packagePrice: PriceCategory | undefined, seller: Seller): Pricing {
  const unitPricing = pricing(categoryCents(category), seller.commissionBasisPoints);
  return { ...unitPricing, original: Math.max(unitPricing.retail, packagePrice ? categoryCents(packagePrice) : 0) };
}

function totalPricing(units: UnitRequest[], tourPackage: OctoTrip, departure: DeparturePricing, seller: Seller): Pricing {
  const categories = departureCategories(tourPackage.priceCategories, departure);
  let original = 0;
  let retail = 0;
  let net = 0;
  for (const unit of units) {
    const index = categories.findIndex((candidate) => candidate.id === unit.id);
    if (index < 0) continue;
    const unitPricing = departureUnitPricing(categories[index], tourPackage.priceCategories[index], seller);
    original += unitPricing.original * unit.quantity;
    retail += unitPricing.retail * unit.quantity;
    net += (unitPricing.net ?? 0) * unit.quantity;
  }
  return { original, retail, net, currency: CURRENCY, currencyPrecision: CURRENCY_PRECISION, includedTaxes: [] };
}

function unitPricingOf(tourPackage: OctoTrip, departure: DeparturePricing | null, seller: Seller) {
  const categories = departureCategories(tourPackage.priceCategories, departure);
  return categories.map((category, index) => ({
    ...departureUnitPricing(category, tourPackage.priceCategories[index], seller),
    unitId: category.id,
  }));
}

const NO_OWN_PRICES: DeparturePricing = { prices: null, pricePercent: null };

export interface AvailabilityContext {
  tourPackage: OctoTrip;
  today: string;
  seller: Seller | null;
  units: UnitRequest[] | null;
}

export function availabilityOf(
  departure: OctoDeparture,
  seatsLeft: number,
  context: AvailabilityContext,
): z.infer<typeof availabilitySchema> {
  const { tourPackage, today, seller, units } = context;
  const startTime = startTimeOf(tourPackage.meetingPoint);
  const id = availabilityId(departure.date, startTime);
  const lastDay = addDays(departure.date, Math.max(1, tourPackage.durationDays ?? 1) - 1);
  const state = departureState(departure, seatsLeft, today);
  const open = state.status === "AVAILABLE" || state.status === "LIMITED";
  const fits = units === null || seatsOf(units, tourPackage.priceCategories) <= state.vacancies;
  return {
    id,
    localDateTimeStart: id,
    localDateTimeEnd: `${lastDay}T23:59:00${OFFSET}`,
    utcCutoffAt: utcCutoffAt(departure.date),
    allDay: false,
    available: open && fits,
    status: state.status,
    vacancies: state.vacancies,
    capacity: state.capacity,
    maxUnits: open ? Math.min(MAX_UNITS, state.vacancies) : 0,
    openingHours: [],
    ...(seller
      ? {
          unitPricing: unitPricingOf(tourPackage, departure, seller),
          ...(units && units.length > 0 ? { pricing: totalPricing(units, tourPackage, departure, seller) } : {}),
        }
      : {}),
  };
}

/**
 * One day of the calendar: its departure's state, or CLOSED on a day without one. With octo/pricing,
 * a day without a departure has no price (`unitPricingFrom` empty): nothing can be booked on it, and a
 * year's calendar of a weekly trip stays a seventh of its size (resellers poll it).
 */
export function calendarDayOf(
  date: string,
  departure: { departure: OctoDeparture; seatsLeft: number } | null,
  context: AvailabilityContext & { unitPricing?: ReturnType<typeof unitPricingOf> },
): z.infer<typeof availabilityCalendarSchema> {
  const { tourPackage, today, seller, units } = context;
  const state = departure
    ? departureState(departure.departure, departure.seatsLeft, today)
    : { status: "CLOSED" as const, vacancies: 0, capacity: 0 };
  const open = state.status === "AVAILABLE" || state.status === "LIMITED";
  const fits = units === null || seatsOf(units, tourPackage.priceCategories) <= state.vacancies;
  return {
    localDate: date,
    available: open && fits,
    status: state.status,
    vacancies: state.vacancies,
    capacity: state.capacity,
    openingHours: [],
    ...(seller
      ? {
          // The package's prices are computed once per calendar; a departure at its own prices has its own.
          unitPricingFrom: departure
            ? hasOwnPrices(departure.departure)
              ? unitPricingOf(tourPackage, departure.departure, seller)
              : (context.unitPricing ?? unitPricingOf(tourPackage, null, seller))
            : [],
          ...(units && units.length > 0
            ? { pricingFrom: totalPricing(units, tourPackage, departure?.departure ?? NO_OWN_PRICES, seller) }
            : {}),
        }
      : {}),
  };
}

/** The unit prices every day of a calendar shares, computed once for the whole range. */
export function calendarUnitPricing(tourPackage: OctoTrip, seller: Seller | null) {
  return seller ? unitPricingOf(tourPackage, null, seller) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Request bodies. The product and option are checked first (their own errors), then the rest.

const SELECTOR_REQUIRED = "either localDate, localDateStart/localDateEnd or availabilityIds is required";

type Selector = { kind: "date"; date: string } | { kind: "range"; start: string; end: string } | { kind: "ids"; ids: string[] };

export interface AvailabilityQuery {
  productId: string;
  optionId: string;
  selector: Selector;
  units: UnitRequest[] | null;
}

function parseBody<Schema extends z.ZodTypeAny>(schema: Schema, body: unknown): z.infer<Schema> {
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw octoErrors.badRequest("The request body must be a JSON object.");
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw octoErrors.badRequest(parsed.error.issues[0].message);
  return parsed.data;
}

function checkCurrency(currency: string | null | undefined) {
  if (currency !== undefined && currency !== null && currency !== CURRENCY) {
    throw octoErrors.badRequest(`The currency ${currency} is not available: prices are in ${CURRENCY}.`);
  }
}

function checkRange(start: string, end: string) {
  if (end < start) throw octoErrors.badRequest("localDateEnd cannot be before localDateStart.");
  if (daysBetween(start, end) >= MAX_RANGE_DAYS) {
    throw octoErrors.unprocessable(`A request covers at most ${MAX_RANGE_DAYS} days.`);
  }
}

/** productId and optionId as the body gives them: INVALID_PRODUCT_ID when missing or not text. */
function ids(body: unknown): { productId: string; optionId: unknown } {
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!record) throw octoErrors.badRequest("The request body must be a JSON object.");
  if (typeof record.productId !== "string" || record.productId === "") throw octoErrors.invalidProductId(record.productId);
  return { productId: record.productId, optionId: record.optionId };
}

/** Step 1: the product the body names (its existence is the server's to check). */
export function bodyProductId(body: unknown): string {
  return ids(body).productId;
}

/** Step 2, once the product exists: the option, then the rest of POST /availability's body. */
export function readAvailabilityQuery(body: unknown): AvailabilityQuery {
  const { productId, optionId } = ids(body);
  if (optionId !== OPTION_ID) throw octoErrors.invalidOptionId(optionId);
  const data = parseBody(availabilityCheckBodySchema, body);
  checkCurrency(data.currency);
  const hasRange = data.localDateStart !== undefined || data.localDateEnd !== undefined;
  const given = [data.localDate !== undefined, hasRange, data.availabilityIds !== undefined].filter(Boolean).length;
  if (given !== 1) throw octoErrors.badRequest(SELECTOR_REQUIRED);
  let selector: Selector;
  if (data.localDate !== undefined) selector = { kind: "date", date: data.localDate };
  else if (data.availabilityIds !== undefined) selector = { kind: "ids", ids: data.availabilityIds };
  else {
    if (data.localDateStart === undefined || data.localDateEnd === undefined) {
      throw octoErrors.badRequest("localDateStart and localDateEnd are both required.");
    }
    checkRange(data.localDateStart, data.localDateEnd);
    selector = { kind: "range", start: data.localDateStart, end: data.localDateEnd };
  }
  return { productId, optionId: OPTION_ID, selector, units: data.units ?? null };
}

/** Step 2 of POST /availability/calendar: localDateStart and localDateEnd are both required. */
export function readCalendarQuery(body: unknown): AvailabilityQuery & { selector: { kind: "range" } } {
  const { productId, optionId } = ids(body);
  if (optionId !== OPTION_ID) throw octoErrors.invalidOptionId(optionId);
  const data = parseBody(calendarAsSent, body);
  checkCurrency(data.currency);
  if (data.localDateStart === undefined || data.localDateEnd === undefined) {
    throw octoErrors.badRequest("localDateStart and localDateEnd are required.");
  }
  checkRange(data.localDateStart, data.localDateEnd);
  return {
    productId,
    optionId: OPTION_ID,
    selector: { kind: "range", start: data.localDateStart, end: data.localDateEnd },
    units: data.units ?? null,
  };
}

/** Every unit id must be one of the product's: INVALID_UNIT_ID otherwise. */
export function checkUnits(units: UnitRequest[] | null, categories: PriceCategory[]): void {
  for (const unit of units ?? []) {
    if (!categories.some((category) => category.id === unit.id)) throw octoErrors.invalidUnitId(unit.id);
  }
}
