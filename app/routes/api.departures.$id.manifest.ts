import { manifestEntryJson, manifestRows } from "~/booking";
import { listManifestTravellers, staffDeparture } from "~/booking/index.server";
import { apiRoute, jsonError, requireApiStaff } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // GET /api/departures/{id}/manifest (administrators, and the departure's guide): the travellers of its live bookings.
  GET: async ({ request, params }) => {
    const staff = await requireApiStaff(request);
    const found = await staffDeparture(params.id ?? "", staff);
    if ("refused" in found) return jsonError(found.refused.status, found.refused.message);
    const { departure } = found;
    const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
    return Response.json(rows.map(manifestEntryJson));
  },
});
