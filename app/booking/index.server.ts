// Door of app/booking/ for the server: its operations.
// Booking: choosing, checkout, departures and seats, the order and its status, holds,
// cancellation, paying a booking by card, the sweep, the order lists, the emails.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export {
  closedBookingMessage,
  confirmPayment,
  handlePaymentEvent,
  openPaymentIntent,
  paymentPageOrder,
} from "./booking-payments.server";
export {
  claimsOfOrder,
  countPendingClaims,
  decidePaymentClaim,
  listPaymentClaims,
  OfflinePaymentError,
  recordOfflinePayment,
  submitPaymentClaim,
} from "./offline-payments.server";
export {
  findOrderPage,
  findRefundPolicy,
  listOfflineRefundsOwed,
  listRefundPolicies,
  saveRefundPolicy,
} from "./booking-store.server";
export { bookingJobs, sweepBookings } from "./booking-sweep.server";
export {
  cancelBooking,
  decideCancellation,
  CancellationError,
  type CancellationOutcome,
  cancellationPreview,
  offlineRefundableCents,
  quoteCancellation,
  recordOfflineRefund,
} from "./cancellation.server";
export {
  addDeparture,
  changeDepartureSeats,
  changeDepartureStatus,
  DepartureError,
  departureErrorStatus,
  departuresOf,
} from "./departures.server";
export { listHolds, listResellerHolds, seatsHeldNow } from "./hold-store.server";
export { listPackageChoices, orderPages } from "./order-list-store.server";
export { loadOrderPage } from "./order-pages.server";
export { findLastBillingContact, findOrderRecord, listOrderRecords } from "./order-store.server";
export { bookingTravellers, ownersCutoff, TravellersError, updateTravellers } from "./traveller-edit.server";
export { deleteOrder, departureToBook, OrderError, orderToDelete, placeOrder, quote } from "./orders.server";
export {
  listIdNumberReveals,
  listManifestTravellers,
  listStaffDepartures as staffDepartures,
  revealIdNumbers,
  setCheckIn,
} from "./manifest-store.server";
export { assignGuide, mayRunDeparture, staffDeparture } from "./departure-guides.server";
export { findDepartureGuides, listGuides } from "./guide-store.server";
export { invoiceOf, invoicePdfOf } from "./invoices.server";
export { voucherOf } from "./voucher.server";
export { type MonthReconciliation, reconcileCardMonth, recordProviderPayment } from "./reconciliation.server";
export {
  tryPromoCode,
  createPromoCode,
  findPromoCode,
  listPromoCodes,
  PromoCodeError,
  promoCodeInputOf,
  updatePromoCode,
} from "./promo-codes.server";
export {
  cancelChannelBooking,
  type ChannelBooking,
  type ChannelHoldRefusal,
  type ChannelOutcome,
  confirmChannelBooking,
  extendChannelHold,
  findChannelBooking,
  listChannelBookings,
  placeChannelHold,
  updateChannelBooking,
} from "./channel-bookings.server";
