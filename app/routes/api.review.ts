import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readBody, requireApiUser } from "~/api.server";
import { addReview } from "~/catalog.server";
import { db } from "~/db.server";
import { reviewSchema } from "~/reviews";
import { getUser } from "~/session.server";

// GET /api/review: reviewers' emails are shown to administrators only.
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getUser(request);
  const prisma = await db();
  const reviews = await prisma.review.findMany({
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, name: true, email: true, rating: true, review: true, photo: true },
  });
  return Response.json(
    reviews.map(({ id, email, ...review }) => ({ _id: id, ...review, ...(viewer?.isAdmin ? { email } : {}) })),
  );
}

// POST /api/review (signed in): name, email and photo come from the session, not the body.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiUser(request);
  const input = await readBody(request, reviewSchema);
  const created = await addReview(user, input);
  return Response.json({ insertedId: created.id }, { status: 201 });
}
