// Door of app/booking/ for the browser and the server: its schemas, rules and labels.
// Booking: choosing, checkout, departures and seats, the order and its status, holds,
// cancellation, paying a booking by card, the sweep, the order lists, the emails.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { addCartReadiness } from "./placing/add-cart";
export { type BookingActions, bookingActions } from "./core/booking-actions";
export {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatusName,
  effectiveStatus,
  payByText,
} from "./core/booking-status";
export {
  type CancellationQuote,
  cancelFormSchema,
  cancelledText,
  OFFLINE_REFUND_METHODS,
  offlinePaymentFormSchema,
  paymentClaimFormSchema,
  claimDecisionFormSchema,
  offlineRefundFormSchema,
  toCents,
} from "./cancelling/cancellation";
export { countField, otherCounts, readCategoryCounts } from "./core/category-counts";
export { heldPaymentDecisionSchema } from "./paying/held-payments";
export { checkoutSchema, DISTRICTS } from "./placing/checkout";
export {
  departureActions,
  departureForms,
  departurePriceForms,
  type DepartureIntent,
  type DeparturePriceIntent,
  guideFormSchema,
  MAX_DEPARTURE_SEATS,
  maxPersons,
  MIN_DEPARTURE_SEATS,
  seatsLeft,
} from "./departures/departures";
export {
  apiCheckIn,
  CHECK_IN_LABELS,
  CHECK_IN_VALUES,
  checkInCount,
  checkInFormSchema,
  findByReference,
  MANIFEST_CSV_HEADER,
  manifestCsvRow,
  manifestRows,
} from "./departures/manifest";
export { categoryTotals, travellersOf } from "./core/traveller-count";
export {
  BALANCE_FILTER_LABELS,
  BALANCE_FILTERS,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  PACKAGE_SELECT_MAX,
  parseOrderListQuery,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  WEBSITE_CHANNEL,
} from "./lists/booking-list";
export {
  checkoutPath,
  clampQuantity,
  isPackageType,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orderLine,
  PACKAGE_TYPES,
  type PackageTypeValue,
  readOrderChoice,
} from "./core/booking-choices";
export { countTravellers, detailsToFollow, detailsToFollowText, priceBooking, travellersOfForm } from "./travellers/travellers";
export {
  balanceCents,
  balanceDueOf,
  orderPlanTerms,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  payableParts,
  type PaymentPart,
} from "./core/payment-plan";
export {
  describeDiscount,
  normalisePromoCode,
  promoCodeActionSchema,
  promoCodeInputSchema,
  promoCodePatchOver,
  promoCodePatchSchema,
} from "./core/promo-code-rules";
export {
  DEFAULT_REFUND_POLICY,
  describePolicy,
  MAX_TIERS,
  refundPolicyOf,
  refundPolicySchema,
  storedRefundPolicy,
} from "./cancelling/refund-policy";
export { specContact } from "./core/booking-contact";
export { voucherPath } from "./documents/voucher";
export {
  idempotencyKey,
  orderInputSchema,
  orderJson,
  orderSchema,
  ordersQuerySchema,
  packageJson,
  paymentInputSchema,
  paymentIntentInputSchema,
  serviceSchema,
  travellersInputSchema,
} from "./booking-api";
export {
  checkInInputSchema,
  checkInSchema,
  departureInputSchema,
  departureJson,
  departurePatchSchema,
  departurePricesBulkSchema,
  departureRecordSchema,
  manifestEntryJson,
  manifestEntrySchema,
} from "./departures/departure-api";
export { waitlistEntryJson, waitlistEntrySchema, waitlistInputSchema, waitlistJoinedSchema } from "./waitlist/waitlist-api";
export { WAITLIST_JOINED, WAITLIST_LEFT, type WaitlistStatusName } from "./waitlist/waitlist";
export { departureCategories, type DeparturePricing, hasOwnPrices, priceTable } from "./core/departure-prices";
export { promoCodeJson, promoCodeSchema } from "./promo-codes/promo-code-api";
export { cancelInputSchema, cancellationJson, cancellationSchema, deleteOrderResultSchema } from "./cancelling/cancellation-api";
export {
  offlinePaymentInputSchema,
  paymentClaimDecisionSchema,
  paymentClaimInputSchema,
  paymentClaimJson,
  paymentClaimSchema,
  paymentClaimsQuerySchema,
} from "./paying/payment-claim-api";
