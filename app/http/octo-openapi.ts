// The OpenAPI 3.1 description of the OCTO supplier API under /octo (app/http/octo-transport.server.ts and the
// rules of app/distribution/octo.ts), served at /octo/openapi.json. Field names, enums and error
// bodies are the OCTO specification's; this document names the parts this supplier implements.
// tests/integration/octo.test.ts checks every answer it gets against these schemas.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string) => ({ type: [type, "null"] });
const integer = { type: "integer" };
const string = { type: "string" };
const boolean = { type: "boolean" };
const date = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" };
const strings = { type: "array", items: string };

/** An object whose every property is required unless listed as optional. */
function object(properties: Record<string, unknown>, optional: string[] = []) {
  return {
    type: "object",
    additionalProperties: false,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    properties,
  };
}

const pricing = object({
  original: integer,
  retail: { ...integer, description: "The retail price in cents (the price category's)" },
  net: { ...nullable("integer"), description: "What the reseller pays: retail less its commission, in cents" },
  currency: { type: "string", const: "USD" },
  currencyPrecision: { type: "integer", const: 2 },
  includedTaxes: { type: "array", maxItems: 0 },
});

const unitPricing = object({ ...pricing.properties, unitId: string });

const availabilityStatus = { type: "string", enum: ["AVAILABLE", "LIMITED", "SOLD_OUT", "CLOSED"] };

const bookingStatus = { type: "string", enum: ["ON_HOLD", "CONFIRMED", "EXPIRED", "CANCELLED"] };

// A contact's fields: every one given in an answer (Contact), any of them in a request (bookingContact).
const contactFields = {
  fullName: nullable("string"),
  firstName: nullable("string"),
  lastName: nullable("string"),
  emailAddress: nullable("string"),
  phoneNumber: nullable("string"),
  locales: strings,
  postalCode: nullable("string"),
  country: nullable("string"),
  notes: nullable("string"),
};

// In a request body every field is optional.
const bookingContact = object(contactFields, Object.keys(contactFields));

const bookingUnitItem = object(
  { unitId: string, uuid: { ...string, format: "uuid" }, resellerReference: string, contact: bookingContact },
  ["uuid", "resellerReference", "contact"],
);

const unitRequest = object({ id: string, quantity: { type: "integer", minimum: 0, maximum: 20 } });

const schemas = {
  Error: object(
    {
      error: {
        type: "string",
        enum: [
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
        ],
      },
      errorMessage: string,
      productId: string,
      optionId: string,
      unitId: string,
      availabilityId: string,
      uuid: string,
    },
    ["productId", "optionId", "unitId", "availabilityId", "uuid"],
  ),
  Supplier: object({
    id: string,
    name: string,
    endpoint: string,
    contact: object({
      website: nullable("string"),
      email: nullable("string"),
      telephone: nullable("string"),
      address: nullable("string"),
    }),
  }),
  Capability: object({
    id: { type: "string", enum: ["octo/pricing"] },
    revision: integer,
    required: boolean,
    dependencies: strings,
    docs: nullable("string"),
  }),
  Pricing: pricing,
  PricingUnit: unitPricing,
  Unit: object(
    {
      id: { ...string, description: "The price category's id (`adult` for a package without categories of its own)" },
      internalName: string,
      reference: nullable("string"),
      type: { type: "string", enum: ["ADULT", "CHILD", "INFANT", "SENIOR", "STUDENT", "FAMILY", "OTHER"] },
      restrictions: object({
        minAge: integer,
        maxAge: integer,
        idRequired: boolean,
        minQuantity: nullable("integer"),
        maxQuantity: nullable("integer"),
        paxCount: integer,
        accompaniedBy: { ...strings, description: "Unit ids one of which must be booked with this one (an infant on a lap)" },
      }),
      requiredContactFields: strings,
      pricingFrom: { type: "array", items: ref("Pricing"), description: "With octo/pricing" },
    },
    ["pricingFrom"],
  ),
  Option: object(
    {
      id: { type: "string", const: "DEFAULT" },
      default: boolean,
      internalName: string,
      reference: nullable("string"),
      availabilityLocalStartTimes: {
        type: "array",
        items: { type: "string", pattern: "^\\d{2}:\\d{2}$" },
        description: "The meeting time (a time the meeting point names; 08:00 when it names none)",
      },
      cancellationCutoff: string,
      cancellationCutoffAmount: integer,
      cancellationCutoffUnit: { type: "string", enum: ["day"] },
      requiredContactFields: strings,
      restrictions: object({ minUnits: nullable("integer"), maxUnits: nullable("integer") }),
      units: { type: "array", items: ref("Unit") },
      pricingFrom: { type: "array", items: ref("Pricing") },
    },
    ["pricingFrom"],
  ),
  Product: object(
    {
      id: string,
      internalName: string,
      reference: nullable("string"),
      locale: string,
      timeZone: { type: "string", const: "Asia/Dhaka" },
      allowFreesale: boolean,
      instantConfirmation: boolean,
      instantDelivery: boolean,
      availabilityRequired: boolean,
      availabilityType: { type: "string", const: "START_TIME" },
      deliveryFormats: strings,
      deliveryMethods: strings,
      redemptionMethod: string,
      options: { type: "array", items: ref("Option"), minItems: 1, maxItems: 1 },
      defaultCurrency: { type: "string", const: "USD" },
      availableCurrencies: strings,
      pricingPer: { type: "string", const: "UNIT" },
    },
    ["defaultCurrency", "availableCurrencies", "pricingPer"],
  ),
  Availability: object(
    {
      id: { type: "string", description: "The departure's local start, ISO 8601 with +06:00 (e.g. 2027-01-08T07:30:00+06:00)" },
      localDateTimeStart: string,
      localDateTimeEnd: string,
      utcCutoffAt: { type: "string", description: "Bookable until the start of the departure's day in Dhaka" },
      allDay: boolean,
      available: boolean,
      status: availabilityStatus,
      vacancies: { ...nullable("integer"), description: "Seats left: the website's own count" },
      capacity: nullable("integer"),
      maxUnits: nullable("integer"),
      openingHours: { type: "array", maxItems: 0 },
      unitPricing: { type: "array", items: ref("PricingUnit") },
      pricing: ref("Pricing"),
    },
    ["unitPricing", "pricing"],
  ),
  AvailabilityCalendar: object(
    {
      localDate: date,
      available: boolean,
      status: availabilityStatus,
      vacancies: nullable("integer"),
      capacity: nullable("integer"),
      openingHours: { type: "array", maxItems: 0 },
      unitPricingFrom: { type: "array", items: ref("PricingUnit") },
      pricingFrom: ref("Pricing"),
    },
    ["unitPricingFrom", "pricingFrom"],
  ),
  Contact: object(contactFields),
  Ticket: object({
    redemptionMethod: { type: "string", const: "MANIFEST" },
    utcRedeemedAt: nullable("string"),
    deliveryOptions: {
      type: "array",
      items: object({ deliveryFormat: { type: "string", const: "QRCODE" }, deliveryValue: string }),
    },
  }),
  UnitItem: object(
    {
      uuid: { ...string, description: "The reseller's uuid of the unit item (one is made when it gave none)" },
      resellerReference: nullable("string"),
      supplierReference: { ...string, description: "The traveller's id" },
      unitId: string,
      status: bookingStatus,
      utcRedeemedAt: nullable("string"),
      contact: ref("Contact"),
      ticket: { oneOf: [ref("Ticket"), { type: "null" }] },
      pricing: ref("Pricing"),
    },
    ["pricing"],
  ),
  Booking: object(
    {
      id: string,
      uuid: { ...string, format: "uuid", description: "The reseller's uuid (unique per reseller)" },
      testMode: boolean,
      resellerReference: nullable("string"),
      supplierReference: { ...string, description: "The agency's booking reference (TB-…)" },
      status: bookingStatus,
      utcCreatedAt: string,
      utcUpdatedAt: string,
      utcExpiresAt: { ...nullable("string"), description: "When an ON_HOLD booking's seats are released" },
      utcRedeemedAt: nullable("string"),
      utcConfirmedAt: nullable("string"),
      productId: string,
      product: ref("Product"),
      optionId: { type: "string", const: "DEFAULT" },
      option: ref("Option"),
      cancellable: boolean,
      cancellation: {
        oneOf: [
          object({
            refund: {
              type: "string",
              enum: ["FULL", "PARTIAL", "NONE"],
              description: "The package's refund policy on the day it was cancelled",
            },
            reason: nullable("string"),
            utcCancelledAt: string,
          }),
          { type: "null" },
        ],
      },
      freesale: boolean,
      availabilityId: nullable("string"),
      availability: { oneOf: [ref("Availability"), { type: "null" }] },
      contact: ref("Contact"),
      notes: nullable("string"),
      deliveryMethods: strings,
      voucher: { oneOf: [ref("Ticket"), { type: "null" }] },
      unitItems: { type: "array", items: ref("UnitItem") },
      pricing: { ...ref("Pricing"), description: "With octo/pricing: the booking's retail and net totals" },
    },
    ["product", "option", "pricing"],
  ),
  BookingReservationBody: object(
    {
      productId: string,
      optionId: string,
      availabilityId: string,
      uuid: { ...string, format: "uuid", description: "Sending the same uuid again answers the same booking" },
      unitItems: { type: "array", minItems: 1, maxItems: 20, items: bookingUnitItem },
      notes: nullable("string"),
      expirationMinutes: {
        type: "integer",
        minimum: 1,
        maximum: 1440,
        description: "How long the seats are held (BOOKING_HOLD_MINUTES by default)",
      },
      resellerReference: string,
      contact: bookingContact,
      currency: nullable("string"),
    },
    ["uuid", "notes", "expirationMinutes", "resellerReference", "contact", "currency"],
  ),
  BookingConfirmationBody: object(
    {
      resellerReference: string,
      emailReceipt: boolean,
      contact: bookingContact,
      unitItems: { type: "array", maxItems: 20, items: bookingUnitItem },
    },
    ["resellerReference", "emailReceipt", "unitItems"],
  ),
  BookingUpdateBody: object(
    {
      resellerReference: string,
      productId: string,
      optionId: string,
      availabilityId: string,
      expirationMinutes: integer,
      notes: nullable("string"),
      emailReceipt: boolean,
      contact: bookingContact,
      unitItems: { type: "array", maxItems: 20, items: bookingUnitItem },
    },
    [
      "resellerReference",
      "productId",
      "optionId",
      "availabilityId",
      "expirationMinutes",
      "notes",
      "emailReceipt",
      "contact",
      "unitItems",
    ],
  ),
  ExtendReservationBody: object({ expirationMinutes: { type: "integer", minimum: 1, maximum: 1440 } }, ["expirationMinutes"]),
  BookingCancellationBody: object({ reason: nullable("string"), force: boolean }, ["reason", "force"]),
  AvailabilityCheckBody: object(
    {
      productId: string,
      optionId: string,
      localDate: date,
      localDateStart: date,
      localDateEnd: date,
      availabilityIds: strings,
      units: { type: "array", items: unitRequest },
      currency: nullable("string"),
    },
    ["localDate", "localDateStart", "localDateEnd", "availabilityIds", "units", "currency"],
  ),
  AvailabilityCalendarBody: object(
    {
      productId: string,
      optionId: string,
      localDateStart: date,
      localDateEnd: date,
      units: { type: "array", items: unitRequest },
      currency: nullable("string"),
    },
    ["units", "currency"],
  ),
};

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

const capabilitiesHeader = {
  "Octo-Capabilities": {
    required: true,
    description: "The capabilities (of those asked for) this answer carries: `octo/pricing` or empty",
    schema: string,
  },
};

const ok = (description: string, schema: unknown) => ({
  description,
  headers: capabilitiesHeader,
  content: { "application/json": { schema } },
});

const keyErrors = {
  401: errorResponse("UNAUTHORIZED: no API key in the Authorization header"),
  403: errorResponse("FORBIDDEN: an unknown or revoked key, or a reseller no longer active"),
  429: errorResponse("TOO_MANY_REQUESTS: the key's limit for the minute is used up (Retry-After says when to retry)"),
};

const capabilitiesParameter = {
  name: "Octo-Capabilities",
  in: "header",
  required: false,
  description: "The capabilities wanted, comma separated: `octo/pricing` adds retail and net prices",
  schema: string,
};

const uuidParameter = { name: "uuid", in: "path", required: true, schema: { ...string, format: "uuid" } };

const body = (schema: string) => ({ required: true, content: { "application/json": { schema: ref(schema) } } });

export const octoOpenApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Tour Booking OCTO API",
    version: "1.0.0",
    description:
      "The agency's packages for resellers, as an OCTO supplier (Open Connectivity for Tours, Activities and Attractions). " +
      "Authenticate with `Authorization: Bearer <key>` (a reseller key from the agency; site tokens are not accepted). " +
      "Every error is `{ error, errorMessage }`, with `productId`, `optionId`, `unitId` or `availabilityId` when one is at fault. " +
      "See docs/octo.md.",
  },
  servers: [{ url: "/octo" }],
  security: [{ resellerKey: [] }],
  paths: {
    "/supplier": {
      get: {
        operationId: "getSupplier",
        summary: "The agency as a supplier",
        parameters: [capabilitiesParameter],
        responses: { 200: ok("The supplier", ref("Supplier")), ...keyErrors },
      },
    },
    "/capabilities": {
      get: {
        operationId: "listCapabilities",
        summary: "The capabilities this supplier offers",
        parameters: [capabilitiesParameter],
        responses: { 200: ok("The capabilities", { type: "array", items: ref("Capability") }), ...keyErrors },
      },
    },
    "/products": {
      get: {
        operationId: "getProducts",
        summary: "Every package on sale, one product each",
        parameters: [capabilitiesParameter],
        responses: { 200: ok("The products", { type: "array", items: ref("Product") }), ...keyErrors },
      },
    },
    "/products/{id}": {
      get: {
        operationId: "getProduct",
        summary: "One product",
        parameters: [{ name: "id", in: "path", required: true, schema: string }, capabilitiesParameter],
        responses: {
          200: ok("The product", ref("Product")),
          400: errorResponse("INVALID_PRODUCT_ID"),
          ...keyErrors,
        },
      },
    },
    "/availability": {
      post: {
        operationId: "checkAvailability",
        summary: "The departures of a product: by localDate, localDateStart and localDateEnd, or availabilityIds (exactly one)",
        parameters: [capabilitiesParameter],
        requestBody: body("AvailabilityCheckBody"),
        responses: {
          200: ok("One availability per departure, by date", { type: "array", items: ref("Availability") }),
          400: errorResponse(
            "INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY (a range over 366 days)",
          ),
          ...keyErrors,
        },
      },
    },
    "/availability/calendar": {
      post: {
        operationId: "availabilityCalendar",
        summary: "One entry per day from localDateStart to localDateEnd (at most 366 days)",
        parameters: [capabilitiesParameter],
        requestBody: body("AvailabilityCalendarBody"),
        responses: {
          200: ok("One entry per day", { type: "array", items: ref("AvailabilityCalendar") }),
          400: errorResponse("INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY"),
          ...keyErrors,
        },
      },
    },
    "/bookings": {
      get: {
        operationId: "getBookings",
        summary:
          "The reseller's own bookings by resellerReference, supplierReference, localDate or localDateStart and localDateEnd",
        parameters: [
          { name: "resellerReference", in: "query", required: false, schema: string },
          {
            name: "supplierReference",
            in: "query",
            required: false,
            schema: string,
            description: "The booking reference (TB-…)",
          },
          { name: "localDate", in: "query", required: false, schema: date },
          { name: "localDateStart", in: "query", required: false, schema: date },
          { name: "localDateEnd", in: "query", required: false, schema: date },
          capabilitiesParameter,
        ],
        responses: {
          200: ok("The bookings, newest first", { type: "array", items: ref("Booking") }),
          400: errorResponse("BAD_REQUEST (no filter, or a date not YYYY-MM-DD)"),
          ...keyErrors,
        },
      },
      post: {
        operationId: "bookingReservation",
        summary: "Reserve: the seats held ON_HOLD until utcExpiresAt, on the same seats as the website; idempotent on uuid",
        parameters: [capabilitiesParameter],
        requestBody: body("BookingReservationBody"),
        responses: {
          200: ok("The booking ON_HOLD", ref("Booking")),
          400: errorResponse(
            "INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_AVAILABILITY_ID, INVALID_UNIT_ID, BAD_REQUEST, or UNPROCESSABLE_ENTITY (not enough availability, no unit items, the package's rules per unit)",
          ),
          ...keyErrors,
        },
      },
    },
    "/bookings/{uuid}": {
      get: {
        operationId: "getBooking",
        summary: "One of the reseller's bookings",
        parameters: [uuidParameter, capabilitiesParameter],
        responses: {
          200: ok("The booking", ref("Booking")),
          400: errorResponse("INVALID_BOOKING_UUID (another reseller's too)"),
          ...keyErrors,
        },
      },
      patch: {
        operationId: "bookingUpdate",
        summary:
          "Its resellerReference, notes, contact, unit items, hold time or date (availabilityId: another departure of the product, the seats moved there); the product cannot change",
        parameters: [uuidParameter, capabilitiesParameter],
        requestBody: body("BookingUpdateBody"),
        responses: {
          200: ok("The booking", ref("Booking")),
          400: errorResponse(
            "INVALID_BOOKING_UUID, INVALID_OPTION_ID, INVALID_AVAILABILITY_ID, INVALID_UNIT_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY (not the seats, another product)",
          ),
          ...keyErrors,
        },
      },
    },
    "/bookings/{uuid}/confirm": {
      post: {
        operationId: "bookingConfirmation",
        summary:
          "Confirm: the contact and the unit items' contacts become the booking's contact and travellers; CONFIRMED, paid by the reseller",
        parameters: [uuidParameter, capabilitiesParameter],
        requestBody: body("BookingConfirmationBody"),
        responses: {
          200: ok("The booking CONFIRMED", ref("Booking")),
          400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST (no contact name) or UNPROCESSABLE_ENTITY (the hold expired)"),
          ...keyErrors,
        },
      },
    },
    "/bookings/{uuid}/extend": {
      post: {
        operationId: "extendReservation",
        summary: "Hold the seats expirationMinutes more from now",
        parameters: [uuidParameter, capabilitiesParameter],
        requestBody: body("ExtendReservationBody"),
        responses: {
          200: ok("The booking ON_HOLD", ref("Booking")),
          400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST or UNPROCESSABLE_ENTITY (not on hold)"),
          ...keyErrors,
        },
      },
    },
    "/bookings/{uuid}/cancel": {
      post: {
        operationId: "bookingCancellation",
        summary:
          "Cancel under the package's refund policy (cancellation.refund FULL, PARTIAL or NONE); a booking ON_HOLD is CANCELLED at once, refund FULL",
        parameters: [uuidParameter, capabilitiesParameter],
        requestBody: body("BookingCancellationBody"),
        responses: {
          200: ok("The booking CANCELLED", ref("Booking")),
          400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST or UNPROCESSABLE_ENTITY (its departure has started)"),
          ...keyErrors,
        },
      },
    },
    "/openapi.json": {
      get: {
        operationId: "octoOpenApi",
        summary: "This document (no key needed)",
        security: [],
        responses: { 200: { description: "OpenAPI 3.1 document", content: { "application/json": {} } } },
      },
    },
  },
  components: {
    securitySchemes: {
      resellerKey: { type: "http", scheme: "bearer", description: "A reseller key (tbr_…) from the agency" },
    },
    schemas,
  },
};
