import { reviewInputSchema } from "~/api-schemas";
import { apiRoute, getApiUser, jsonError, readBody, requireApiUser } from "~/api.server";
import { addReview } from "~/catalog.server";
import { db } from "~/db.server";
import { clientAddress, retryAfter, take } from "~/rate-limit.server";

export const { loader, action } = apiRoute({
  // GET /api/review: reviewers' emails are shown to administrators only.
  GET: async ({ request }) => {
    const viewer = await getApiUser(request);
    const prisma = await db();
    const reviews = await prisma.review.findMany({
      orderBy: { createdAt: "desc" },
      take: 200,
      select: { id: true, name: true, email: true, rating: true, review: true, photo: true },
    });
    return Response.json(
      reviews.map(({ id, email, ...review }) => ({ _id: id, ...review, ...(viewer?.isAdmin ? { email } : {}) })),
    );
  },

  // POST /api/review (signed in): name, email and photo come from the session, not the body.
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const input = await readBody(request, reviewInputSchema);
    const counted = await take("review", { account: user.id, address: clientAddress(request, context) });
    if (counted.refused) return jsonError(429, counted.refused.message, undefined, retryAfter(counted.refused));
    const created = await addReview(user, input);
    return Response.json({ insertedId: created.id }, { status: 201 });
  },
});
