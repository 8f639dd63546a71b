import { addDeparture, DepartureError, departureErrorStatus, departuresOf } from "~/booking/index.server";
import { findPackageToOrder } from "~/catalogue/index.server";
import { departureJson } from "~/http/api-json";
import { departureInputSchema } from "~/http/api-schemas";
import { apiRoute, getApiUser, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { isPlausibleId } from "~/platform/ids";

export const { loader, action } = apiRoute({
  // GET /api/services/{id}/departures: the open future ones, every one for an administrator; by date.
  GET: async ({ request, params }) => {
    const tourPackage = isPlausibleId(params.id) ? await findPackageToOrder(params.id) : null;
    if (!tourPackage) return jsonError(404, "No such package.");
    const user = await getApiUser(request);
    const departures = await departuresOf(tourPackage.id, { all: user?.isAdmin === true });
    return Response.json(departures.map(departureJson));
  },

  // POST /api/services/{id}/departures (admin): { insertedId }
  POST: async ({ request, params }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, departureInputSchema);
    try {
      const created = await addDeparture(params.id ?? "", input);
      return Response.json({ insertedId: created.id }, { status: 201 });
    } catch (error) {
      if (!(error instanceof DepartureError)) throw error;
      const details = error.field && error.code === "invalid" ? { [error.field]: [error.message] } : undefined;
      return jsonError(departureErrorStatus(error), error.message, details);
    }
  },
});
