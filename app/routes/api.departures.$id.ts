import { departurePatchSchema } from "~/booking";
import {
  assignGuide,
  changeDeparturePrices,
  changeDepartureSeats,
  changeDepartureStatus,
  DepartureError,
  departureErrorStatus,
} from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // PATCH /api/departures/{id} (admin): { status }, { seats }, { guide }, { prices } or { percent } → { modifiedCount }
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const patch = await readBody(request, departurePatchSchema);
    const id = params.id ?? "";
    try {
      const modifiedCount =
        patch.guide !== undefined
          ? await assignGuide(id, patch.guide)
          : patch.seats !== undefined
            ? await changeDepartureSeats(id, patch.seats)
            : patch.prices !== undefined
              ? await changeDeparturePrices(id, { prices: patch.prices }, admin.id)
              : patch.percent !== undefined
                ? await changeDeparturePrices(id, { percent: patch.percent }, admin.id)
                : await changeDepartureStatus(id, patch.status!, admin.id);
      return Response.json({ modifiedCount });
    } catch (error) {
      if (!(error instanceof DepartureError)) throw error;
      const details = error.field && error.code === "invalid" ? { [error.field]: [error.message] } : undefined;
      return jsonError(departureErrorStatus(error), error.message, details);
    }
  },
});
