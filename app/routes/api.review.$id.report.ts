import { reportReview } from "~/data/reviews.server";
import { isPlausibleId } from "~/domain/ids";
import { take } from "~/domain/rate-limit.server";
import { reviewReportInputSchema } from "~/http/api-schemas";
import { apiRoute, jsonError, readBody, requireApiUser, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/http/client-address.server";

export const { loader, action } = apiRoute({
  // POST /api/review/{id}/report (signed in): { reported: true }; reporting again counts once.
  POST: async ({ request, params, context }) => {
    const user = await requireApiUser(request);
    const { reason } = await readBody(request, reviewReportInputSchema);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such review.");
    const counted = await take("review-report", { account: user.id, address: clientAddress(request, context) });
    if (counted.refused) return tooManyRequests(counted.refused);
    if (!(await reportReview(params.id, user.id, reason ?? null))) return jsonError(404, "No such review.");
    return Response.json({ reported: true });
  },
});
