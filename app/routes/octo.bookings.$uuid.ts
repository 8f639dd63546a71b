// GET /octo/bookings/{uuid} (OCTO): one of the reseller's bookings (another's is INVALID_BOOKING_UUID).
// PATCH /octo/bookings/{uuid}: its reference, notes, contact, travellers' names or hold time.
import { octoBookingUuid } from "~/distribution";
import { getOctoBooking, updateOctoBooking } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  GET: async ({ params, reseller, seller }) => getOctoBooking(octoBookingUuid(params.uuid), reseller, seller !== null),
  PATCH: async ({ request, params, reseller, seller }) =>
    updateOctoBooking(octoBookingUuid(params.uuid), await readOctoBody(request), reseller, seller !== null),
});
