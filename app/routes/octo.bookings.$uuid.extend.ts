// POST /octo/bookings/{uuid}/extend (OCTO): the hold runs expirationMinutes more.
import { octoBookingUuid } from "~/distribution";
import { extendOctoBooking } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  POST: async ({ request, params, reseller, seller }) =>
    extendOctoBooking(octoBookingUuid(params.uuid), await readOctoBody(request), reseller, seller !== null),
});
