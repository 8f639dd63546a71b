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
} from "./paying/booking-payments.server";
export {
  claimsOfBooking,
  countPendingClaims,
  decidePaymentClaim,
  listPaymentClaims,
  OfflinePaymentError,
  recordOfflinePayment,
  submitPaymentClaim,
} from "./paying/offline-payments.server";
export {
  findBookingPage,
  findRefundPolicy,
  listOfflineRefundsOwed,
  listRefundPolicies,
  saveRefundPolicy,
} from "./cancelling/cancellation-store.server";
export { bookingJobs, sweepBookings } from "./sweep/booking-sweep.server";
export {
  cancelBooking,
  decideCancellation,
  CancellationError,
  cancellationPreview,
  offlineRefundableCents,
  quoteCancellation,
  recordOfflineRefund,
} from "./cancelling/cancellation.server";
export {
  addDeparture,
  changeDeparturePrices,
  changeDeparturePricesBetween,
  changeDepartureSeats,
  changeDepartureStatus,
  DepartureError,
  departurePricesOf,
  departureErrorStatus,
  departuresOf,
} from "./departures/departures.server";
export { listHolds, listResellerHolds, seatsHeldNow } from "./core/hold-store.server";
export { listPackageChoices, orderPages } from "./lists/booking-list-store.server";
export { loadOrderPage } from "./lists/booking-list-pages.server";
export {
  findBookingRecord,
  findLastBillingContact,
  forgetCustomerBookings,
  listBookingRecords,
} from "./core/booking-store.server";
export { bookingTravellers, ownersCutoff, TravellersError, updateTravellers } from "./travellers/traveller-edit.server";
export {
  deleteBooking,
  departureToBook,
  BookingError,
  bookingToDelete,
  placeBooking,
  quote,
} from "./placing/booking-placement.server";
export {
  listIdNumberReveals,
  listManifestTravellers,
  listStaffDepartures as staffDepartures,
  revealIdNumbers,
  setCheckIn,
} from "./departures/manifest-store.server";
export { assignGuide, departureToBroadcast, mayRunDeparture, staffDeparture } from "./departures/departure-guides.server";
export { findDepartureGuides, listGuides } from "./departures/guide-store.server";
export { BroadcastError, broadcastToDeparture, departureBroadcasts } from "./departures/departure-broadcast.server";
export {
  departureWaitlist,
  joinWaitlist,
  leaveWaitlist,
  myWaitlist,
  packageWaitlist,
  WaitlistError,
  waitlistErrorStatus,
} from "./waitlist/waitlist.server";
export { invoiceOf, invoicePdfOf } from "./documents/booking-invoices.server";
export { calendarOf } from "./documents/booking-calendar.server";
export { voucherOf } from "./documents/voucher.server";
export { type MonthReconciliation, reconcileCardMonth, recordProviderPayment } from "./paying/booking-reconciliation.server";
export {
  tryPromoCode,
  createPromoCode,
  findPromoCode,
  listPromoCodes,
  PromoCodeError,
  promoCodeInputOf,
  updatePromoCode,
} from "./promo-codes/promo-codes.server";
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
} from "./channel/channel-bookings.server";
export {
  acceptHeldPayment,
  checkOpenSessions,
  listHeldPayments,
  listRefundsNotMade,
  openGatewayPayment,
  refundHeldPaymentByAdmin,
  orderResultPath,
  settleBkash,
  settleSslcommerz,
  takaQuote,
} from "./paying/gateway-payments.server";
