import { reviewInputSchema, reviewJson } from "~/catalogue";
import { listReviewsWithEmails, postReview } from "~/catalogue/index.server";
import { apiRoute, getApiUser, jsonError, readBody, requireApiUser, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/platform/client-address.server";
import { CURSOR_INVALID, createdAtCursor, createdAtKey, pagedJson, readApiPage } from "~/platform/paging";
import { take } from "~/platform/rate-limit.server";

export const { loader, action } = apiRoute({
  // GET /api/review: newest first, `limit` a page (Link: the next); reviewers' emails and hidden
  // reviews to administrators only.
  GET: async ({ request }) => {
    const page = readApiPage(request.url);
    if (!page.ok) return jsonError(400, page.message, { [page.field]: [page.message] });
    const after = page.cursor && createdAtCursor(page.cursor);
    if (page.cursor && !after) return jsonError(400, CURSOR_INVALID, { cursor: [CURSOR_INVALID] });
    const viewer = await getApiUser(request);
    const isAdmin = viewer?.isAdmin === true;
    const reviews = await listReviewsWithEmails({ after: after ?? null, limit: page.limit + 1 }, { includeHidden: isAdmin });
    return pagedJson(request, reviews, page.limit, (review) => reviewJson(review, isAdmin), createdAtKey);
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
