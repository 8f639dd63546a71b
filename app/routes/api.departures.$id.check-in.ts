import { apiCheckIn, CHECK_IN_VALUES, checkInInputSchema } from "~/booking";
import { setCheckIn, staffDeparture } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiStaff } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // POST /api/departures/{id}/check-in (administrators, and the departure's guide): { traveller, checkedIn } → the same, as saved.
  POST: async ({ request, params }) => {
    const staff = await requireApiStaff(request);
    const { traveller, checkedIn } = await readBody(request, checkInInputSchema);
    const found = await staffDeparture(params.id ?? "", staff);
    if ("refused" in found) return jsonError(found.refused.status, found.refused.message);
    const value = checkedIn === null ? null : CHECK_IN_VALUES[checkedIn];
    const changed = await setCheckIn(found.departure.id, traveller, value, staff.id);
    if (changed === 0) return jsonError(404, "No such traveller on this departure.");
    return Response.json({ traveller, checkedIn: apiCheckIn(value) });
  },
});
