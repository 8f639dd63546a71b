// POST /octo/bookings/{uuid}/cancel (OCTO): under the package's refund policy (cancellation.refund); a booking ON_HOLD is CANCELLED at once (decision 0015).
import { octoBookingUuid } from "~/distribution";
import { cancelOctoBooking } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  POST: async ({ request, params, reseller, seller }) =>
    cancelOctoBooking(octoBookingUuid(params.uuid), await readOctoBody(request), reseller, seller !== null),
});
