// The OCTO supplier API's contract as zod schemas: the request bodies the readers of octo.ts and
// octo-bookings.ts validate with, and the shapes of the answers their builders return (typed by
// these). app/http/octo-openapi.ts turns exactly these into /octo/openapi.json. Field names, enums
// and error bodies are the OCTO specification's.
import { z } from "zod";
import { isCalendarDate } from "~/platform/dates";

/** The most units one booking may have (the website's persons per order). */
export const MAX_UNITS = 20;
/** How long a reseller may hold seats at most (a day), in minutes. */
const MAX_HOLD_MINUTES = 24 * 60;
const TEXT_MAX = 500;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------------------------------------
// Answers

const OCTO_ERROR_CODES = [
  "UNAUTHORIZED",
  "FORBIDDEN",
  "INVALID_PRODUCT_ID",
  "INVALID_OPTION_ID",
  "INVALID_UNIT_ID",
  "INVALID_AVAILABILITY_ID",
  "INVALID_BOOKING_UUID",
  "BAD_REQUEST",
  "UNPROCESSABLE_ENTITY",
  "NOT_FOUND",
  "TOO_MANY_REQUESTS",
  "INTERNAL_SERVER_ERROR",
] as const;

export const octoErrorSchema = z
  .object({
    error: z.enum(OCTO_ERROR_CODES),
    errorMessage: z.string(),
    productId: z.string().optional(),
    optionId: z.string().optional(),
    unitId: z.string().optional(),
    availabilityId: z.string().optional(),
    uuid: z.string().optional(),
  })
  .strict();

const int = z.number().int();
/** A day as OCTO writes it (an answer's, a query parameter's). */
export const isoDay = z.string().regex(ISO_DAY).describe("YYYY-MM-DD");
const strings = z.array(z.string());
/** Lists this supplier always answers empty: of the specification's items, none. */
const none = <Item extends z.ZodTypeAny>(item: Item) => z.array(item).max(0);
const taxSchema = z.object({ name: z.string(), retail: int, original: int, net: int.nullable() }).strict();
const openingHoursSchema = z.object({ from: z.string(), to: z.string() }).strict();
/** The contact fields the specification names (a product's or unit's required ones are among them). */
const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "emailAddress",
  "phoneNumber",
  "country",
  "notes",
  "locales",
  "allowMarketing",
  "postalCode",
] as const;
const contactFields = z.array(z.enum(CONTACT_FIELDS));
/** The capabilities the specification names (what a capability may depend on). */
const CAPABILITY_IDS = [
  "octo/adjustments",
  "octo/cart",
  "octo/content",
  "octo/mappings",
  "octo/packages",
  "octo/pickups",
  "octo/pricing",
  "octo/offers",
  "octo/questions",
  "octo/webhooks",
] as const;

export const supplierSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    contact: z
      .object({
        website: z.string().nullable(),
        email: z.string().nullable(),
        telephone: z.string().nullable(),
        address: z.string().nullable(),
      })
      .strict(),
  })
  .strict();

export const capabilitySchema = z
  .object({
    id: z.enum(["octo/pricing"]),
    revision: int,
    required: z.boolean(),
    dependencies: z.array(z.enum(CAPABILITY_IDS)),
    docs: z.string().nullable(),
  })
  .strict();

export const pricingSchema = z
  .object({
    original: int,
    retail: int.describe("The retail price in cents (the price category's)"),
    net: int.nullable().describe("What the reseller pays: retail less its commission, in cents"),
    currency: z.literal("USD"),
    currencyPrecision: z.literal(2),
    includedTaxes: none(taxSchema),
  })
  .strict();

export const unitPricingSchema = pricingSchema.extend({ unitId: z.string() }).strict();

const UNIT_TYPES = ["ADULT", "CHILD", "INFANT", "SENIOR", "STUDENT", "FAMILY", "OTHER"] as const;

export const unitSchema = z
  .object({
    id: z.string().describe("The price category's id (`adult` for a package without categories of its own)"),
    internalName: z.string(),
    reference: z.string().nullable(),
    type: z.enum(UNIT_TYPES),
    restrictions: z
      .object({
        minAge: int,
        maxAge: int,
        idRequired: z.boolean(),
        minQuantity: int.nullable(),
        maxQuantity: int.nullable(),
        paxCount: int,
        accompaniedBy: strings.describe("Unit ids one of which must be booked with this one (an infant on a lap)"),
      })
      .strict(),
    requiredContactFields: contactFields,
    pricingFrom: z.array(pricingSchema).optional().describe("With octo/pricing"),
  })
  .strict();

export const optionSchema = z
  .object({
    id: z.literal("DEFAULT"),
    default: z.boolean(),
    internalName: z.string(),
    reference: z.string().nullable(),
    availabilityLocalStartTimes: z
      .array(z.string().regex(/^\d{2}:\d{2}$/))
      .describe("The meeting time (a time the meeting point names; 08:00 when it names none)"),
    cancellationCutoff: z.string(),
    cancellationCutoffAmount: int,
    cancellationCutoffUnit: z.enum(["day"]),
    requiredContactFields: contactFields,
    restrictions: z.object({ minUnits: int.nullable(), maxUnits: int.nullable() }).strict(),
    units: z.array(unitSchema),
    pricingFrom: z.array(pricingSchema).optional(),
  })
  .strict();

export const productSchema = z
  .object({
    id: z.string(),
    internalName: z.string(),
    reference: z.string().nullable(),
    locale: z.string(),
    timeZone: z.literal("Asia/Dhaka"),
    allowFreesale: z.boolean(),
    instantConfirmation: z.boolean(),
    instantDelivery: z.boolean(),
    availabilityRequired: z.boolean(),
    availabilityType: z.literal("START_TIME"),
    deliveryFormats: z.array(z.enum(["QRCODE"])),
    deliveryMethods: z.array(z.enum(["VOUCHER"])),
    redemptionMethod: z.enum(["MANIFEST"]),
    options: z.array(optionSchema).min(1).max(1),
    defaultCurrency: z.literal("USD").optional(),
    availableCurrencies: strings.optional(),
    pricingPer: z.literal("UNIT").optional(),
  })
  .strict();

const AVAILABILITY_STATUSES = ["AVAILABLE", "LIMITED", "SOLD_OUT", "CLOSED"] as const;

export const availabilitySchema = z
  .object({
    id: z.string().describe("The departure's local start, ISO 8601 with +06:00 (e.g. 2027-01-08T07:30:00+06:00)"),
    localDateTimeStart: z.string(),
    localDateTimeEnd: z.string(),
    utcCutoffAt: z.string().describe("Bookable until the start of the departure's day in Dhaka"),
    allDay: z.boolean(),
    available: z.boolean(),
    status: z.enum(AVAILABILITY_STATUSES),
    vacancies: int.nullable().describe("Seats left: the website's own count"),
    capacity: int.nullable(),
    maxUnits: int.nullable(),
    openingHours: none(openingHoursSchema),
    unitPricing: z.array(unitPricingSchema).optional(),
    pricing: pricingSchema.optional(),
  })
  .strict();

export const availabilityCalendarSchema = z
  .object({
    localDate: isoDay,
    available: z.boolean(),
    status: z.enum(AVAILABILITY_STATUSES),
    vacancies: int.nullable(),
    capacity: int.nullable(),
    openingHours: none(openingHoursSchema),
    unitPricingFrom: z.array(unitPricingSchema).optional(),
    pricingFrom: pricingSchema.optional(),
  })
  .strict();

export const contactSchema = z
  .object({
    fullName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    emailAddress: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    locales: strings,
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .strict();

export const ticketSchema = z
  .object({
    redemptionMethod: z.literal("MANIFEST"),
    utcRedeemedAt: z.string().nullable(),
    deliveryOptions: z.array(z.object({ deliveryFormat: z.literal("QRCODE"), deliveryValue: z.string() }).strict()),
  })
  .strict();

export const OCTO_BOOKING_STATUSES = ["ON_HOLD", "CONFIRMED", "EXPIRED", "CANCELLED"] as const;
const bookingStatus = z.enum(OCTO_BOOKING_STATUSES);

export const unitItemSchema = z
  .object({
    uuid: z.string().describe("The reseller's uuid of the unit item (one is made when it gave none)"),
    resellerReference: z.string().nullable(),
    supplierReference: z.string().describe("The traveller's id"),
    unitId: z.string(),
    status: bookingStatus,
    utcRedeemedAt: z.string().nullable(),
    contact: contactSchema,
    ticket: ticketSchema.nullable(),
    pricing: pricingSchema.optional(),
  })
  .strict();

export const bookingSchema = z
  .object({
    id: z.string(),
    uuid: z.string().uuid().describe("The reseller's uuid (unique per reseller)"),
    testMode: z.boolean(),
    resellerReference: z.string().nullable(),
    supplierReference: z.string().describe("The agency's booking reference (TB-…)"),
    status: bookingStatus,
    utcCreatedAt: z.string(),
    utcUpdatedAt: z.string(),
    utcExpiresAt: z.string().nullable().describe("When an ON_HOLD booking's seats are released"),
    utcRedeemedAt: z.string().nullable(),
    utcConfirmedAt: z.string().nullable(),
    productId: z.string(),
    product: productSchema.optional(),
    optionId: z.literal("DEFAULT"),
    option: optionSchema.optional(),
    cancellable: z.boolean(),
    cancellation: z
      .object({
        refund: z.enum(["FULL", "PARTIAL", "NONE"]).describe("The package's refund policy on the day it was cancelled"),
        reason: z.string().nullable(),
        utcCancelledAt: z.string(),
      })
      .strict()
      .nullable(),
    freesale: z.boolean(),
    availabilityId: z.string().nullable(),
    availability: availabilitySchema.nullable(),
    contact: contactSchema,
    notes: z.string().nullable(),
    deliveryMethods: z.array(z.enum(["VOUCHER"])),
    voucher: ticketSchema.nullable(),
    unitItems: z.array(unitItemSchema),
    pricing: pricingSchema.optional().describe("With octo/pricing: the booking's retail and net totals"),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Request bodies: what the readers validate with. An id with an error of its own (INVALID_PRODUCT_ID,
// INVALID_OPTION_ID, INVALID_AVAILABILITY_ID, INVALID_UNIT_ID) is checked by the reader, in the
// order the specification's validator expects, before or after the rest of the body: the reader
// takes such a field as sent (`asSent`), and the document shows it as this schema types it.

const DATE_MESSAGE = "Dates are written YYYY-MM-DD.";

const requestDate = (field: string) =>
  z
    .string({ invalid_type_error: `${field}: ${DATE_MESSAGE}` })
    .regex(ISO_DAY, `${field}: ${DATE_MESSAGE}`)
    .refine(isCalendarDate, `${field}: ${DATE_MESSAGE}`)
    .describe("YYYY-MM-DD");
const optionalDate = (field: string) => requestDate(field).optional();

const text = (field: string) =>
  z.string({ invalid_type_error: `${field} is a string.` }).max(TEXT_MAX, `${field} has at most ${TEXT_MAX} characters.`);

const currency = z.string({ invalid_type_error: "currency is a string." }).nullable().optional();

const unitRequestSchema = z.object({
  id: z.string({ required_error: "units[].id is required.", invalid_type_error: "units[].id is a string." }),
  quantity: z
    .number({ required_error: "units[].quantity is required.", invalid_type_error: "units[].quantity is a whole number." })
    .int("units[].quantity is a whole number.")
    .min(0, "units[].quantity cannot be negative.")
    .max(MAX_UNITS, `units[].quantity is at most ${MAX_UNITS}.`),
});

const unitsSchema = z
  .array(unitRequestSchema, { invalid_type_error: "units is a list of { id, quantity }." })
  .max(50, "Too many units.")
  .optional();

const availabilityRequest = {
  productId: z.string(),
  optionId: z.string(),
  localDateStart: optionalDate("localDateStart"),
  localDateEnd: optionalDate("localDateEnd"),
  units: unitsSchema,
  currency,
};

/** POST /availability (its productId and optionId checked first, each with its own error). */
export const availabilityCheckBodySchema = z.object({
  ...availabilityRequest,
  localDate: optionalDate("localDate"),
  availabilityIds: z
    .array(z.string({ invalid_type_error: "availabilityIds is a list of strings." }), {
      invalid_type_error: "availabilityIds is a list of strings.",
    })
    .min(1, "availabilityIds cannot be empty.")
    .max(400, "availabilityIds has at most 400 ids.")
    .optional(),
});

/** POST /availability/calendar (its productId and optionId checked first). */
export const availabilityCalendarBodySchema = z.object({
  ...availabilityRequest,
  localDateStart: requestDate("localDateStart"),
  localDateEnd: requestDate("localDateEnd"),
});

/** A contact in a request: every field optional. */
export const contactInputSchema = z.object(
  {
    fullName: text("contact.fullName").nullable().optional(),
    firstName: text("contact.firstName").nullable().optional(),
    lastName: text("contact.lastName").nullable().optional(),
    emailAddress: z
      .string({ invalid_type_error: "contact.emailAddress is a string." })
      .email("contact.emailAddress is not an email address.")
      .max(254)
      .nullable()
      .optional(),
    phoneNumber: text("contact.phoneNumber").nullable().optional(),
    locales: z.array(z.string().max(35), { invalid_type_error: "contact.locales is a list of strings." }).max(10).optional(),
    postalCode: text("contact.postalCode").nullable().optional(),
    country: text("contact.country").nullable().optional(),
    notes: text("contact.notes").nullable().optional(),
  },
  { invalid_type_error: "contact is an object." },
);

const uuidField = (field: string) => z.string({ invalid_type_error: `${field} is a string.` }).uuid(`${field} is not a UUID.`);

const bookingUnitItemSchema = z.object(
  {
    unitId: z.string(),
    uuid: uuidField("unitItems[].uuid").optional(),
    resellerReference: text("unitItems[].resellerReference").optional(),
    contact: contactInputSchema.optional(),
  },
  { invalid_type_error: "unitItems is a list of { unitId }." },
);

/** The unit items of a confirmation or an update: at most MAX_UNITS, none required. */
const unitItemList = <Item extends z.ZodTypeAny>(item: Item) =>
  z.array(item, { invalid_type_error: "unitItems is a list of { unitId }." }).max(MAX_UNITS);

const expirationMinutes = z
  .number({ invalid_type_error: "expirationMinutes is a whole number." })
  .int("expirationMinutes is a whole number.")
  .min(1, "expirationMinutes is at least 1.")
  .max(MAX_HOLD_MINUTES, `expirationMinutes is at most ${MAX_HOLD_MINUTES}.`)
  .describe("How long the seats are held (BOOKING_HOLD_MINUTES by default)");

const emailReceipt = z.boolean({ invalid_type_error: "emailReceipt is true or false." });

/** POST /bookings. */
export const bookingReservationBodySchema = z.object({
  productId: z.string(),
  optionId: z.string(),
  availabilityId: z.string(),
  uuid: uuidField("uuid").optional().describe("Sending the same uuid again answers the same booking"),
  unitItems: z
    .array(bookingUnitItemSchema, {
      invalid_type_error: "unitItems is a list of { unitId }.",
      required_error: "unitItems is required.",
    })
    .min(1, "unitItems cannot be empty.")
    .max(MAX_UNITS, `unitItems has at most ${MAX_UNITS} items.`),
  notes: text("notes").nullable().optional(),
  expirationMinutes: expirationMinutes.optional(),
  resellerReference: text("resellerReference").optional(),
  contact: contactInputSchema.optional(),
  currency,
});

/** POST /bookings/{uuid}/confirm. */
export const bookingConfirmationBodySchema = z.object({
  resellerReference: text("resellerReference").optional(),
  emailReceipt: emailReceipt.optional(),
  contact: contactInputSchema,
  unitItems: unitItemList(bookingUnitItemSchema).optional(),
});

/** PATCH /bookings/{uuid}. */
export const bookingUpdateBodySchema = z.object({
  resellerReference: text("resellerReference").optional(),
  productId: z.string().optional(),
  optionId: z.string().optional(),
  availabilityId: z.string().optional(),
  expirationMinutes: expirationMinutes.optional(),
  notes: text("notes").nullable().optional(),
  emailReceipt: emailReceipt.optional(),
  contact: contactInputSchema.optional(),
  unitItems: unitItemList(bookingUnitItemSchema).optional(),
});

/** POST /bookings/{uuid}/extend. */
export const extendReservationBodySchema = z.object({ expirationMinutes: expirationMinutes.optional() });

/** POST /bookings/{uuid}/cancel. */
export const bookingCancellationBodySchema = z.object({
  reason: text("reason").nullable().optional(),
  force: z.boolean({ invalid_type_error: "force is true or false." }).optional(),
});

// What the readers validate: the schemas above, but the ids they check themselves taken as sent
// (and the calendar's dates, whose absence the reader names once the currency is checked).
const asSent = z.unknown();

export const calendarAsSent = availabilityCalendarBodySchema.extend({
  localDateStart: optionalDate("localDateStart"),
  localDateEnd: optionalDate("localDateEnd"),
});
const unitItemAsSent = bookingUnitItemSchema.extend({ unitId: asSent });

export const reservationAsSent = bookingReservationBodySchema.extend({
  productId: asSent,
  optionId: asSent,
  availabilityId: asSent,
  unitItems: z
    .array(unitItemAsSent, { invalid_type_error: "unitItems is a list of { unitId }.", required_error: "unitItems is required." })
    .min(1, "unitItems cannot be empty.")
    .max(MAX_UNITS, `unitItems has at most ${MAX_UNITS} items.`),
});
export const confirmationAsSent = bookingConfirmationBodySchema.extend({
  contact: asSent,
  unitItems: unitItemList(unitItemAsSent).optional(),
});
export const updateAsSent = bookingUpdateBodySchema.extend({
  productId: asSent,
  optionId: asSent,
  availabilityId: asSent,
  unitItems: unitItemList(unitItemAsSent).optional(),
});
export type UnitItemAsSent = z.infer<typeof unitItemAsSent>;
