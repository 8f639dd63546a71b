// POST /api/my-orders/{id}/payment-sessions (the order's owner): { provider, part } → { redirectUrl },
// the gateway's page for the amount due now (docs/payments.md). Stripe keeps /api/create-payment-intent.
import { openGatewayPayment } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { paymentErrorStatus } from "~/http/error-status";
import { paymentSessionInputSchema } from "~/payments";
import { PaymentError } from "~/payments/index.server";

export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const { provider, part } = await readBody(request, paymentSessionInputSchema);
    try {
      return Response.json(await openGatewayPayment(params.id ?? "", user.id, provider, part), { status: 201 });
    } catch (error) {
      if (error instanceof PaymentError) {
        const status = paymentErrorStatus(error);
        // not offered here, or no usable exchange rate: until the agency sets it up
        return jsonError(status, error.message, undefined, status === 503 ? { "Retry-After": "3600" } : {});
      }
      throw error;
    }
  },
});
