import { listReviewsWithEmails } from "~/data/reviews.server";
import { take } from "~/domain/rate-limit.server";
import { postReview } from "~/domain/reviews.server";
import { reviewJson } from "~/http/api-json";
import { reviewInputSchema } from "~/http/api-schemas";
import { apiRoute, getApiUser, jsonError, readBody, requireApiUser, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/http/client-address.server";

export const { loader, action } = apiRoute({
  // GET /api/review: reviewers' emails and hidden reviews are shown to administrators only.
  GET: async ({ request }) => {
    const viewer = await getApiUser(request);
    const reviews = await listReviewsWithEmails({ includeHidden: viewer?.isAdmin === true });
    return Response.json(reviews.map((review) => reviewJson(review, viewer?.isAdmin === true)));
  },

  // POST /api/review (signed in): name, email and photo come from the session, not the body; a
  // package named must be one the caller has ordered (400 otherwise).
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const input = await readBody(request, reviewInputSchema);
    const counted = await take("review", { account: user.id, address: clientAddress(request, context) });
    if (counted.refused) return tooManyRequests(counted.refused);
    const posted = await postReview(user, input);
    if ("refused" in posted) return jsonError(400, posted.refused, { service: [posted.refused] });
    return Response.json({ insertedId: posted.id }, { status: 201 });
  },
});
