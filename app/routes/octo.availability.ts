// POST /octo/availability (OCTO): the departures of a product by localDate, localDateStart and
// localDateEnd, or availabilityIds, with the website's seats left.
import { bodyProductId, readAvailabilityQuery } from "~/distribution";
import { octoAvailability, octoTripOfBody } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  POST: async ({ request, seller }) => {
    const body = await readOctoBody(request);
    const tourPackage = await octoTripOfBody(bodyProductId(body));
    return octoAvailability(tourPackage, readAvailabilityQuery(body), seller);
  },
});
