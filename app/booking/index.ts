// Door of app/booking/ for the browser and the server: its schemas, rules and labels.
// Booking: choosing, checkout, departures and seats, the order and its status, holds,
// cancellation, paying a booking by card, the sweep, the order lists, the emails.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { addCartReadiness } from "./placing/add-cart";
export { bookingActions } from "./core/booking-actions";
export {
  API_BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatusName,
  effectiveStatus,
  payByText,
} from "./core/booking-status";
export {
  cancelFormSchema,
  cancellationReason,
  OFFLINE_REFUND_METHODS,
  offlinePaymentFormSchema,
  paymentClaimFormSchema,
  claimDecisionFormSchema,
  offlineRefundFormSchema,
  refundAmount,
  hasCents,
  toCents,
} from "./cancelling/cancellation";
export { countField, otherCounts, readCategoryCounts } from "./core/category-counts";
export { checkoutSchema, DISTRICTS } from "./placing/checkout";
export {
  departureActions,
  departureSchema,
  departureForms,
  type DepartureIntent,
  departureSeats,
  guideEmail,
  guideFormSchema,
  type DepartureStatusValue,
  MAX_DEPARTURE_SEATS,
  maxPersons,
  MIN_DEPARTURE_SEATS,
  seatsLeft,
  seatsLeftLabel,
} from "./departures/departures";
export { maskIdNumber } from "./travellers/id-numbers";
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
export { countTravellers, detailsToFollow, detailsToFollowText, priceBooking } from "./travellers/travellers";
export {
  balanceCents,
  balanceDueOf,
  firstCardPayment,
  orderPlanTerms,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PARTS,
  payableParts,
  type PaymentPart,
  paymentPlanJson,
} from "./core/payment-plan";
export {
  describeDiscount,
  normalisePromoCode,
  promoCodeActionSchema,
  promoCodeInputSchema,
  promoCodePatchOver,
  promoCodePatchSchema,
  type PromoCodeRule,
} from "./core/promo-code-rules";
export {
  DEFAULT_REFUND_POLICY,
  describePolicy,
  MAX_TIERS,
  refundPolicyOf,
  refundPolicySchema,
  storedRefundPolicy,
} from "./cancelling/refund-policy";
export { specContact, type StoredContact } from "./core/booking-contact";
export { voucherPath } from "./documents/voucher";
