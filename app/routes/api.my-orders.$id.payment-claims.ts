// POST /api/my-orders/{id}/payment-claims (the order's owner): a bKash/Nagad transaction id to verify.
import { paymentClaimInputSchema, toCents } from "~/booking";
import { OfflinePaymentError, submitPaymentClaim } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { offlinePaymentErrorResponse } from "~/http/error-status";
import { clientAddress } from "~/platform/client-address.server";

export const { loader, action } = apiRoute({
  POST: async ({ request, params, context }) => {
    const user = await requireApiUser(request);
    const { amount, method, reference } = await readBody(request, paymentClaimInputSchema);
    try {
      const insertedId = await submitPaymentClaim(
        params.id ?? "",
        user.id,
        { amountCents: toCents(amount), method, reference },
        clientAddress(request, context),
      );
      return Response.json({ insertedId }, { status: 201 });
    } catch (error) {
      if (error instanceof OfflinePaymentError) return offlinePaymentErrorResponse(error, jsonError);
      throw error;
    }
  },
});
