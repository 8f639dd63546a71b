// POST /octo/bookings/{uuid}/confirm (OCTO): the contact and the unit items' contacts become the booking's contact and travellers; CONFIRMED.
import { octoBookingUuid } from "~/distribution";
import { confirmOctoBooking } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  POST: async ({ request, params, reseller, seller }) =>
    confirmOctoBooking(octoBookingUuid(params.uuid), await readOctoBody(request), reseller, seller !== null),
});
