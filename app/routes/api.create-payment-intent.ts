import { z } from "zod";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { openPaymentIntent, PaymentError } from "~/domain/payments.server";
import { paymentErrorStatus } from "~/http/error-status";

// The spec's client sent only { price }; the price now always comes from the order the caller owns.
const startPaymentSchema = z.object({
  orderId: z.string({ required_error: "orderId is required: the order to pay" }).min(1, "orderId is required: the order to pay").max(100),
  price: z.unknown().optional(),
});

export const { loader, action } = apiRoute({
  // POST /api/create-payment-intent (the order's owner): { clientSecret }
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { orderId } = await readBody(request, startPaymentSchema);
    try {
      const { clientSecret } = await openPaymentIntent(orderId, user.id);
      return Response.json({ clientSecret });
    } catch (error) {
      if (error instanceof PaymentError) return jsonError(paymentErrorStatus(error), error.message);
      throw error;
    }
  },
});
