// The OpenAPI 3.1 description of the OCTO supplier API under /octo (app/http/octo-transport.server.ts
// and the rules of app/distribution/), served at /octo/openapi.json. Generated from the zod schemas
// the readers validate the request bodies with and the builders type their answers by
// (app/distribution/octo-api.ts, through its door): the document cannot say what the code does not.
// tests/integration/octo.test.ts and octo-bookings.test.ts check every answer they get against it.
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  availabilityCalendarBodySchema,
  availabilityCalendarSchema,
  availabilityCheckBodySchema,
  availabilitySchema,
  bookingCancellationBodySchema,
  bookingConfirmationBodySchema,
  bookingReservationBodySchema,
  bookingSchema,
  bookingUpdateBodySchema,
  capabilitySchema,
  contactSchema,
  extendReservationBodySchema,
  isoDay,
  octoErrorSchema,
  optionSchema,
  pricingSchema,
  productSchema,
  supplierSchema,
  ticketSchema,
  unitItemSchema,
  unitPricingSchema,
  unitSchema,
} from "~/distribution";

// registry.register names a schema through the .openapi() this adds to zod (server side only).
extendZodWithOpenApi(z);

const registry = new OpenAPIRegistry();

const schemas = {
  Error: registry.register("Error", octoErrorSchema),
  Supplier: registry.register("Supplier", supplierSchema),
  Capability: registry.register("Capability", capabilitySchema),
  Pricing: registry.register("Pricing", pricingSchema),
  PricingUnit: registry.register("PricingUnit", unitPricingSchema),
  Unit: registry.register("Unit", unitSchema),
  Option: registry.register("Option", optionSchema),
  Product: registry.register("Product", productSchema),
  Availability: registry.register("Availability", availabilitySchema),
  AvailabilityCalendar: registry.register("AvailabilityCalendar", availabilityCalendarSchema),
  Contact: registry.register("Contact", contactSchema),
  Ticket: registry.register("Ticket", ticketSchema),
  UnitItem: registry.register("UnitItem", unitItemSchema),
  Booking: registry.register("Booking", bookingSchema),
  BookingReservationBody: registry.register("BookingReservationBody", bookingReservationBodySchema),
  BookingConfirmationBody: registry.register("BookingConfirmationBody", bookingConfirmationBodySchema),
  BookingUpdateBody: registry.register("BookingUpdateBody", bookingUpdateBodySchema),
  ExtendReservationBody: registry.register("ExtendReservationBody", extendReservationBodySchema),
  BookingCancellationBody: registry.register("BookingCancellationBody", bookingCancellationBodySchema),
  AvailabilityCheckBody: registry.register("AvailabilityCheckBody", availabilityCheckBodySchema),
  AvailabilityCalendarBody: registry.register("AvailabilityCalendarBody", availabilityCalendarBodySchema),
};

registry.registerComponent("securitySchemes", "resellerKey", {
  type: "http",
  scheme: "bearer",
  description: "A reseller key (tbr_…) from the agency",
});

const errorResponse = (description: string): ResponseConfig => ({
  description,
  content: { "application/json": { schema: schemas.Error } },
});

const ok = (description: string, schema: z.ZodTypeAny): ResponseConfig => ({
  description,
  headers: {
    "Octo-Capabilities": {
      required: true,
      description: "The capabilities (of those asked for) this answer carries: `octo/pricing` or empty",
      schema: { type: "string" },
    },
  },
  content: { "application/json": { schema } },
});

const keyErrors = {
  401: errorResponse("UNAUTHORIZED: no API key in the Authorization header"),
  403: errorResponse("FORBIDDEN: an unknown or revoked key, or a reseller no longer active"),
  429: errorResponse("TOO_MANY_REQUESTS: the key's limit for the minute is used up (Retry-After says when to retry)"),
};

const capabilitiesHeader = z.object({
  "Octo-Capabilities": z
    .string()
    .optional()
    .describe("The capabilities wanted, comma separated: `octo/pricing` adds retail and net prices"),
});

const uuidParams = z.object({ uuid: z.string().uuid() });

const body = (schema: z.ZodTypeAny) => ({ required: true, content: { "application/json": { schema } } });

function route(config: Omit<RouteConfig, "request"> & { request?: RouteConfig["request"] }) {
  registry.registerPath({ ...config, request: { headers: capabilitiesHeader, ...config.request } });
}

route({
  method: "get",
  path: "/supplier",
  operationId: "getSupplier",
  summary: "The agency as a supplier",
  responses: { 200: ok("The supplier", schemas.Supplier), ...keyErrors },
});
route({
  method: "get",
  path: "/capabilities",
  operationId: "listCapabilities",
  summary: "The capabilities this supplier offers",
  responses: { 200: ok("The capabilities", z.array(schemas.Capability)), ...keyErrors },
});
route({
  method: "get",
  path: "/products",
  operationId: "getProducts",
  summary: "Every package on sale, one product each",
  responses: { 200: ok("The products", z.array(schemas.Product)), ...keyErrors },
});
route({
  method: "get",
  path: "/products/{id}",
  operationId: "getProduct",
  summary: "One product",
  request: { params: z.object({ id: z.string() }) },
  responses: { 200: ok("The product", schemas.Product), 400: errorResponse("INVALID_PRODUCT_ID"), ...keyErrors },
});
route({
  method: "post",
  path: "/availability",
  operationId: "checkAvailability",
  summary: "The departures of a product: by localDate, localDateStart and localDateEnd, or availabilityIds (exactly one)",
  request: { body: body(schemas.AvailabilityCheckBody) },
  responses: {
    200: ok("One availability per departure, by date", z.array(schemas.Availability)),
    400: errorResponse(
      "INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, INVALID_AVAILABILITY_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY (a range over 366 days)",
    ),
    ...keyErrors,
  },
});
route({
  method: "post",
  path: "/availability/calendar",
  operationId: "availabilityCalendar",
  summary: "One entry per day from localDateStart to localDateEnd (at most 366 days)",
  request: { body: body(schemas.AvailabilityCalendarBody) },
  responses: {
    200: ok("One entry per day", z.array(schemas.AvailabilityCalendar)),
    400: errorResponse("INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_UNIT_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY"),
    ...keyErrors,
  },
});
route({
  method: "get",
  path: "/bookings",
  operationId: "getBookings",
  summary: "The reseller's own bookings by resellerReference, supplierReference, localDate or localDateStart and localDateEnd",
  request: {
    query: z.object({
      resellerReference: z.string().optional(),
      supplierReference: z.string().optional().describe("The booking reference (TB-…)"),
      localDate: isoDay.optional(),
      localDateStart: isoDay.optional(),
      localDateEnd: isoDay.optional(),
    }),
  },
  responses: {
    200: ok("The bookings, newest first", z.array(schemas.Booking)),
    400: errorResponse("BAD_REQUEST (no filter, or a date not YYYY-MM-DD)"),
    ...keyErrors,
  },
});
route({
  method: "post",
  path: "/bookings",
  operationId: "bookingReservation",
  summary: "Reserve: the seats held ON_HOLD until utcExpiresAt, on the same seats as the website; idempotent on uuid",
  request: { body: body(schemas.BookingReservationBody) },
  responses: {
    200: ok("The booking ON_HOLD", schemas.Booking),
    400: errorResponse(
      "INVALID_PRODUCT_ID, INVALID_OPTION_ID, INVALID_AVAILABILITY_ID, INVALID_UNIT_ID, BAD_REQUEST, or UNPROCESSABLE_ENTITY (not enough availability, no unit items, the package's rules per unit)",
    ),
    ...keyErrors,
  },
});
route({
  method: "get",
  path: "/bookings/{uuid}",
  operationId: "getBooking",
  summary: "One of the reseller's bookings",
  request: { params: uuidParams },
  responses: {
    200: ok("The booking", schemas.Booking),
    400: errorResponse("INVALID_BOOKING_UUID (another reseller's too)"),
    ...keyErrors,
  },
});
route({
  method: "patch",
  path: "/bookings/{uuid}",
  operationId: "bookingUpdate",
  summary:
    "Its resellerReference, notes, contact, unit items, hold time or date (availabilityId: another departure of the product, the seats moved there); the product cannot change",
  request: { params: uuidParams, body: body(schemas.BookingUpdateBody) },
  responses: {
    200: ok("The booking", schemas.Booking),
    400: errorResponse(
      "INVALID_BOOKING_UUID, INVALID_OPTION_ID, INVALID_AVAILABILITY_ID, INVALID_UNIT_ID, BAD_REQUEST or UNPROCESSABLE_ENTITY (not the seats, another product)",
    ),
    ...keyErrors,
  },
});
route({
  method: "post",
  path: "/bookings/{uuid}/confirm",
  operationId: "bookingConfirmation",
  summary:
    "Confirm: the contact and the unit items' contacts become the booking's contact and travellers; CONFIRMED, paid by the reseller",
  request: { params: uuidParams, body: body(schemas.BookingConfirmationBody) },
  responses: {
    200: ok("The booking CONFIRMED", schemas.Booking),
    400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST (no contact name) or UNPROCESSABLE_ENTITY (the hold expired)"),
    ...keyErrors,
  },
});
route({
  method: "post",
  path: "/bookings/{uuid}/extend",
  operationId: "extendReservation",
  summary: "Hold the seats expirationMinutes more from now",
  request: { params: uuidParams, body: body(schemas.ExtendReservationBody) },
  responses: {
    200: ok("The booking ON_HOLD", schemas.Booking),
    400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST or UNPROCESSABLE_ENTITY (not on hold)"),
    ...keyErrors,
  },
});
route({
  method: "post",
  path: "/bookings/{uuid}/cancel",
  operationId: "bookingCancellation",
  summary:
    "Cancel under the package's refund policy (cancellation.refund FULL, PARTIAL or NONE); a booking ON_HOLD is CANCELLED at once, refund FULL",
  request: { params: uuidParams, body: body(schemas.BookingCancellationBody) },
  responses: {
    200: ok("The booking CANCELLED", schemas.Booking),
    400: errorResponse("INVALID_BOOKING_UUID, BAD_REQUEST or UNPROCESSABLE_ENTITY (its departure has started)"),
    ...keyErrors,
  },
});
registry.registerPath({
  method: "get",
  path: "/openapi.json",
  operationId: "octoOpenApi",
  summary: "This document (no key needed)",
  security: [],
  responses: { 200: { description: "OpenAPI 3.1 document", content: { "application/json": { schema: {} } } } },
});

export const octoOpenApiDocument = new OpenApiGeneratorV31(registry.definitions).generateDocument({
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
});
