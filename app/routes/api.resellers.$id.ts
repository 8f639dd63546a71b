import { resellerCapsPatchSchema } from "~/distribution";
import { setResellerHoldCaps } from "~/distribution/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// PATCH /api/resellers/{id} (admin): { maxHeldSeatsPerDeparture?, maxHeldSeats? }, the seats its holds may keep → { modifiedCount }.
const patchReseller: ApiHandler = async ({ request, params }) => {
  await requireApiAdmin(request);
  const caps = await readBody(request, resellerCapsPatchSchema);
  if (!(await setResellerHoldCaps(params.id ?? "", caps))) return jsonError(404, "No such reseller.");
  return Response.json({ modifiedCount: 1 });
};

export const { loader, action } = apiRoute({ PATCH: patchReseller });
