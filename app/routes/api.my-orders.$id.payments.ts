// POST /api/my-orders/{id}/payments (administrators): money received offline (cash, bank, bKash, Nagad).
import { offlinePaymentInputSchema, toCents } from "~/booking";
import { OfflinePaymentError, recordOfflinePayment } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { offlinePaymentErrorResponse } from "~/http/error-status";

export const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const { amount, method, reference } = await readBody(request, offlinePaymentInputSchema);
    try {
      const insertedId = await recordOfflinePayment(params.id ?? "", admin, { amountCents: toCents(amount), method, reference });
      return Response.json({ insertedId }, { status: 201 });
    } catch (error) {
      if (error instanceof OfflinePaymentError) return offlinePaymentErrorResponse(error, jsonError);
      throw error;
    }
  },
});
