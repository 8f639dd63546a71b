// POST /api/my-orders/{id}/cancel: the owner cancels their booking (refund per the package's
// policy), or an admin any booking, with the policy refund or the { amount } in dollars they send.
import { cancelInputSchema, cancellationJson, toCents } from "~/booking";
import { cancelBooking, CancellationError } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { cancellationErrorStatus } from "~/http/error-status";
import { isPlausibleId } from "~/platform/ids";

export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    const { amount, reason } = await readBody(request, cancelInputSchema);
    try {
      const outcome = await cancelBooking(params.id, user, {
        ...(amount !== undefined ? { amountCents: toCents(amount) } : {}),
        ...(reason !== undefined ? { reason } : {}),
      });
      return Response.json(cancellationJson(outcome));
    } catch (error) {
      if (error instanceof CancellationError) return jsonError(cancellationErrorStatus(error), error.message);
      throw error;
    }
  },
});
