import { departurePricesBulkSchema } from "~/booking";
import { changeDeparturePricesBetween, DepartureError, departureErrorStatus } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // POST /api/services/{id}/departures/prices (admin): { from, to, prices | percent } → { modifiedCount }
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { from, to, ...body } = await readBody(request, departurePricesBulkSchema);
    const change = body.prices !== undefined ? { prices: body.prices } : { percent: body.percent ?? null };
    try {
      const modifiedCount = await changeDeparturePricesBetween(params.id ?? "", { from, to }, change, admin.id);
      return Response.json({ modifiedCount });
    } catch (error) {
      if (!(error instanceof DepartureError)) throw error;
      const details = error.field && error.code === "invalid" ? { [error.field]: [error.message] } : undefined;
      return jsonError(departureErrorStatus(error), error.message, details);
    }
  },
});
