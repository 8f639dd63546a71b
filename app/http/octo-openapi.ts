// The OpenAPI 3.1 description of the OCTO supplier API under /octo (app/http/octo.server.ts and the
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
    },
    ["productId", "optionId", "unitId", "availabilityId"],
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
