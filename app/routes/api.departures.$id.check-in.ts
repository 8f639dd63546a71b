import { apiCheckIn, CHECK_IN_VALUES } from "~/booking";
import { setCheckIn } from "~/booking/index.server";
import { checkInInputSchema } from "~/http/api-schemas";
import { apiRoute, jsonError, readBody, requireApiStaff } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // POST /api/departures/{id}/check-in (guides and administrators): { traveller, checkedIn } → the same, as saved.
  POST: async ({ request, params }) => {
    const staff = await requireApiStaff(request);
    const { traveller, checkedIn } = await readBody(request, checkInInputSchema);
    const value = checkedIn === null ? null : CHECK_IN_VALUES[checkedIn];
    const changed = await setCheckIn(params.id ?? "", traveller, value, staff.id);
    if (changed === 0) return jsonError(404, "No such traveller on this departure.");
    return Response.json({ traveller, checkedIn: apiCheckIn(value) });
  },
});
