// Door of app/distribution/ for the server: its operations.
// Distribution: resellers, their API keys and the OCTO supplier API they book through.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { commissionReport } from "./commission-store.server";
export {
  getOctoProduct,
  listOctoProducts,
  octoAvailability,
  octoCalendar,
  octoProductOfBody,
  octoTripOfBody,
} from "./octo.server";
export {
  cancelBooking as cancelOctoBooking,
  confirmBooking as confirmOctoBooking,
  extendBooking as extendOctoBooking,
  getBooking as getOctoBooking,
  listBookings as listOctoBookings,
  reserveBooking as reserveOctoBooking,
  updateBooking as updateOctoBooking,
} from "./octo-bookings.server";
export { authenticateResellerKey, createResellerKey, type ResellerCaller } from "./reseller-keys.server";
export {
  listResellers,
  resellerAccount,
  revokeKey as revokeResellerKey,
  setResellerActive,
  setResellerHoldCaps,
} from "./reseller-store.server";
export { createReseller } from "./resellers.server";
