// GET /octo/bookings (OCTO): the reseller's bookings by resellerReference, supplierReference,
// localDate or localDateStart/localDateEnd. POST /octo/bookings: a reservation (ON_HOLD), the
// seats held exactly like a website hold; the same uuid answers the same booking.
import { bodyProductId } from "~/distribution";
import { listOctoBookings, octoProductOfBody, reserveOctoBooking } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  GET: async ({ request, reseller, seller }) => listOctoBookings(new URL(request.url).searchParams, reseller, seller !== null),
  POST: async ({ request, reseller, seller }) => {
    const body = await readOctoBody(request);
    const tourPackage = await octoProductOfBody(bodyProductId(body));
    return reserveOctoBooking(tourPackage, body, reseller, seller !== null);
  },
});
