import { cancellationJson, orderJson, paymentInputSchema } from "~/booking";
import { CancellationError, confirmPayment, deleteBooking, findBookingRecord, BookingError } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { cancellationErrorStatus, deleteErrorStatus, paymentErrorStatus } from "~/http/error-status";
import { PaymentError } from "~/payments/index.server";
import { isPlausibleId } from "~/platform/ids";

export const { loader, action } = apiRoute({
  // GET /api/my-orders/{id}: the owner or an admin; anyone else gets the same 404 as a missing order.
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    const order = await findBookingRecord(params.id, user.isAdmin ? undefined : user.id);
    return order ? Response.json(orderJson(order)) : jsonError(404, "No such order.");
  },

  // PUT /api/my-orders/{id} (owner or admin): { modifiedCount } once Stripe confirms the payment.
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    const { transaction } = await readBody(request, paymentInputSchema);
    try {
      const recorded = await confirmPayment(params.id, transaction, user.isAdmin ? undefined : user.id);
      return Response.json({ modifiedCount: recorded ? 1 : 0 });
    } catch (error) {
      if (error instanceof PaymentError) return jsonError(paymentErrorStatus(error), error.message);
      throw error;
    }
  },

  // DELETE /api/my-orders/{id}: a soft delete by the owner (unpaid orders) or an admin; an admin's
  // delete of a paid booking cancels it with the policy refund instead (deletedCount 0, the cancellation).
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    try {
      const { deletedCount, cancellation } = await deleteBooking(params.id, user);
      return Response.json({ deletedCount, ...(cancellation ? cancellationJson(cancellation) : {}) });
    } catch (error) {
      if (error instanceof BookingError) return jsonError(deleteErrorStatus(error), error.message);
      if (error instanceof CancellationError) return jsonError(cancellationErrorStatus(error), error.message);
      throw error;
    }
  },
});
