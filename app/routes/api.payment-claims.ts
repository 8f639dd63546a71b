// GET /api/payment-claims?status=pending (administrators): the claims to verify, oldest first.
import { paymentClaimJson, paymentClaimsQuerySchema } from "~/booking";
import { listPaymentClaims } from "~/booking/index.server";
import { apiRoute, jsonError, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const query = paymentClaimsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return jsonError(400, query.error.issues[0].message, { status: [query.error.issues[0].message] });
    const { status } = query.data;
    const claims = await listPaymentClaims(status.toUpperCase() as "PENDING" | "ACCEPTED" | "REJECTED");
    return Response.json(claims.map(paymentClaimJson));
  },
});
