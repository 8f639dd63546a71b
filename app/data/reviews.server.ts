// Travellers' reviews. The author's name, email and photo are copied from their account.
import { cached, forgetCachedLists } from "~/data/cache.server";
import { db } from "~/data/db.server";
import { keysetAfter, type KeysetPage } from "~/data/keyset.server";

/** The latest twelve, as the home page shows them (no emails). */
export function listRecentReviews() {
  return cached("reviews", async () => {
    const prisma = await db();
    return prisma.review.findMany({
      orderBy: { createdAt: "desc" },
      take: 12,
      select: { id: true, name: true, rating: true, review: true, photo: true },
    });
  });
}

/** A page of reviews, newest first, with the reviewers' emails (GET /api/review shows those to administrators only). */
export async function listReviewsWithEmails(page: KeysetPage) {
  const prisma = await db();
  return prisma.review.findMany({
    where: keysetAfter(page.after),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit,
    select: { id: true, name: true, email: true, rating: true, review: true, photo: true, createdAt: true },
  });
}

export async function addReview(
  author: { id: string; displayName: string; email: string; photoUrl: string | null },
  input: { review: string; rating: number },
) {
  const prisma = await db();
  const created = await prisma.review.create({
    data: { userId: author.id, name: author.displayName, email: author.email, photo: author.photoUrl, rating: input.rating, review: input.review },
    select: { id: true },
  });
  forgetCachedLists();
  return created;
}

export async function countReviews(): Promise<number> {
  const prisma = await db();
  return prisma.review.count();
}
