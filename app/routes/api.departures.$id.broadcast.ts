// POST /api/departures/{id}/broadcast (administrators, and the departure's guide): one message to
// the contact of every booking holding seats on the departure, by the channels chosen; the answer
// lists each recipient's message and its status (queued, or failed at once).
import { BroadcastError, broadcastToDeparture, departureToBroadcast } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiStaff } from "~/http/api.server";
import { broadcastInputSchema } from "~/messages";

export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const staff = await requireApiStaff(request);
    const found = await departureToBroadcast(params.id ?? "", staff);
    if ("refused" in found) return jsonError(found.refused.status, found.refused.message);
    const input = await readBody(request, broadcastInputSchema);
    try {
      const recipients = await broadcastToDeparture(found.departure, input);
      return Response.json({ recipients });
    } catch (error) {
      if (error instanceof BroadcastError) return jsonError(400, error.message, { [error.field]: [error.message] });
      throw error;
    }
  },
});
