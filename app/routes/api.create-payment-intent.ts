import { paymentIntentInputSchema } from "~/booking";
import { openPaymentIntent } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { paymentErrorStatus } from "~/http/error-status";
import { PaymentError } from "~/payments/index.server";

export const { loader, action } = apiRoute({
  // POST /api/create-payment-intent (the order's owner): { clientSecret } for `part` (default: all that is due)
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { orderId, part } = await readBody(request, paymentIntentInputSchema);
    try {
      const { clientSecret } = await openPaymentIntent(orderId, user.id, part);
      return Response.json({ clientSecret });
    } catch (error) {
      if (error instanceof PaymentError) return jsonError(paymentErrorStatus(error), error.message);
      throw error;
    }
  },
});
