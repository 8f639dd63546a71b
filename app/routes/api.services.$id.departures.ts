import { departureInputSchema, departureJson } from "~/booking";
import { addDeparture, DepartureError, departureErrorStatus, departuresOf, findDepartureGuides } from "~/booking/index.server";
import { findPackageToOrder } from "~/catalogue/index.server";
import { apiRoute, getApiUser, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { isPlausibleId } from "~/platform/ids";

export const { loader, action } = apiRoute({
  // GET /api/services/{id}/departures: the open future ones, every one for an administrator; by date.
  // Staff also see each one's guide (a staff member's name and phone are not for the public).
  GET: async ({ request, params }) => {
    const tourPackage = isPlausibleId(params.id) ? await findPackageToOrder(params.id) : null;
    if (!tourPackage) return jsonError(404, "No such package.");
    const user = await getApiUser(request);
    const departures = await departuresOf(tourPackage.id, { all: user?.isAdmin === true });
    const categories = tourPackage.priceCategories;
    if (!user?.isAdmin && !user?.isGuide) {
      return Response.json(departures.map((departure) => departureJson(departure, categories)));
    }
    const guides = await findDepartureGuides(departures.map((departure) => departure.id));
    return Response.json(departures.map((departure) => departureJson(departure, categories, guides.get(departure.id) ?? null)));
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
