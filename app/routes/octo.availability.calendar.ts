// POST /octo/availability/calendar (OCTO): one entry per day from localDateStart to localDateEnd.
import { bodyProductId, readCalendarQuery } from "~/distribution";
import { octoCalendar, octoTripOfBody } from "~/distribution/index.server";
import { octoRoute, readOctoBody } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({
  POST: async ({ request, seller }) => {
    const body = await readOctoBody(request);
    const tourPackage = await octoTripOfBody(bodyProductId(body));
    return octoCalendar(tourPackage, readCalendarQuery(body), seller);
  },
});
