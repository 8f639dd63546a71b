// GET /api/my-orders/{id}/messages (the owner, administrators): every message sent, or to be sent,
// about the booking, by any channel, with its status (the delivery log). Someone else's order is not
// found, as everywhere in the API.
import { findBookingRecord } from "~/booking/index.server";
import { apiRoute, jsonError, requireApiUser } from "~/http/api.server";
import { messageLogEntryJson } from "~/messages";
import { messagesOfOrders } from "~/messages/index.server";
import { isPlausibleId } from "~/platform/ids";

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    const order = await findBookingRecord(params.id, user.isAdmin ? undefined : user.id);
    if (!order) return jsonError(404, "No such order.");
    return Response.json((await messagesOfOrders([params.id])).map(messageLogEntryJson));
  },
});
