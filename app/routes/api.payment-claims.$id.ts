// PATCH /api/payment-claims/{id} (administrators): accept a claim (it becomes a payment) or reject it with a reason.
import { paymentClaimDecisionSchema } from "~/booking";
import { decidePaymentClaim, OfflinePaymentError } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { offlinePaymentErrorResponse } from "~/http/error-status";

export const { loader, action } = apiRoute({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const decision = await readBody(request, paymentClaimDecisionSchema);
    try {
      await decidePaymentClaim(params.id ?? "", admin, decision);
      return Response.json({ modifiedCount: 1 });
    } catch (error) {
      if (error instanceof OfflinePaymentError) return offlinePaymentErrorResponse(error, jsonError);
      throw error;
    }
  },
});
