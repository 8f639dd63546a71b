import { manifestRows } from "~/booking";
import { findManifestDeparture, listManifestTravellers } from "~/booking/index.server";
import { manifestEntryJson } from "~/http/api-json";
import { apiRoute, jsonError, requireApiStaff } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // GET /api/departures/{id}/manifest (guides and administrators): the travellers of its live bookings.
  GET: async ({ request, params }) => {
    await requireApiStaff(request);
    const departure = await findManifestDeparture(params.id ?? "");
    if (!departure) return jsonError(404, "No departure has this id.");
    const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
    return Response.json(rows.map(manifestEntryJson));
  },
});
