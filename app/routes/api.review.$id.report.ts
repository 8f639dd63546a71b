import { reviewReportInputSchema } from "~/catalogue";
import { reportReview } from "~/catalogue/index.server";
import { apiRoute, jsonError, readBody, requireApiUser, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/platform/client-address.server";
import { isPlausibleId } from "~/platform/ids";
import { take } from "~/platform/rate-limit.server";

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
