// Door of app/distribution/ for the browser and the server: its schemas, rules and labels.
// Distribution: resellers, their API keys and the OCTO supplier API they book through.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export {
  capabilityList,
  OctoError,
  octoErrors,
  readAvailabilityQuery,
  readCalendarQuery,
  bodyProductId,
  requestedCapabilities,
} from "./octo";
export { pathUuid as octoBookingUuid } from "./octo-bookings";
export { commissionTotals } from "./commission";
export { formatCommission, type ResellerIntent, resellerCapsPatchSchema, resellerForms, resellerInputSchema } from "./resellers";
export { resellerJson, resellerKeyCreatedSchema, resellerSchema } from "./reseller-api";
export {
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
} from "./octo-api";
