// Travellers' reviews. The author's name, email and photo are copied from their account.
import { cached, forgetCachedLists } from "~/data/cache.server";
import { db } from "~/data/db.server";
import { isPlausibleId } from "~/domain/ids";
import { averageRating } from "~/domain/reviews";

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

/** The latest 200 with the reviewers' emails (GET /api/review shows those to administrators only). */
export async function listReviewsWithEmails() {
  const prisma = await db();
  return prisma.review.findMany({
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, name: true, email: true, rating: true, review: true, photo: true },
  });
}

export async function addReview(
  author: { id: string; displayName: string; email: string; photoUrl: string | null },
  input: { review: string; rating: number; service?: string },
) {
  const prisma = await db();
  const created = await prisma.review.create({
    data: {
      userId: author.id,
      name: author.displayName,
      email: author.email,
      photo: author.photoUrl,
      rating: input.rating,
      review: input.review,
      serviceId: input.service ?? null,
    },
    select: { id: true },
  });
  forgetCachedLists();
  return created;
}

export async function countReviews(): Promise<number> {
  const prisma = await db();
  return prisma.review.count();
}

/** The packages on sale a customer has orders for (not deleted), to name in a review. */
export async function reviewablePackages(userId: string) {
  const prisma = await db();
  return prisma.service.findMany({
    where: { deletedAt: null, orders: { some: { userId, deletedAt: null } } },
    orderBy: { title: "asc" },
    select: { id: true, title: true },
  });
}

export async function hasOrderedPackage(userId: string, packageId: string): Promise<boolean> {
  if (!isPlausibleId(packageId)) return false;
  const prisma = await db();
  const order = await prisma.order.findFirst({
    where: { userId, serviceId: packageId, deletedAt: null, service: { deletedAt: null } },
    select: { id: true },
  });
  return order !== null;
}

/**
 * A package's reviews: count, and the average of the rated ones (0 stars means "No rating" on the
 * form) to one decimal, null when none is rated. One query, at most six groups.
 */
export async function packageRating(packageId: string): Promise<{ average: number | null; count: number; rated: number }> {
  const prisma = await db();
  const groups = await prisma.review.groupBy({ by: ["rating"], where: { serviceId: packageId }, _count: { _all: true } });
  const rated = groups.filter((group) => group.rating > 0);
  const ratedCount = rated.reduce((sum, group) => sum + group._count._all, 0);
  const stars = rated.reduce((sum, group) => sum + group.rating * group._count._all, 0);
  return {
    average: averageRating(stars, ratedCount),
    count: groups.reduce((sum, group) => sum + group._count._all, 0),
    rated: ratedCount,
  };
}

/** What the package page shows: its newest reviews, average and count, kept like the other lists. */
export function packageReviews(packageId: string) {
  return cached(`package-reviews:${packageId}`, async () => {
    const prisma = await db();
    const [latest, rating] = await Promise.all([
      prisma.review.findMany({
        where: { serviceId: packageId },
        orderBy: { createdAt: "desc" },
        take: 6,
        select: { id: true, name: true, rating: true, review: true, photo: true, createdAt: true },
      }),
      packageRating(packageId),
    ]);
    return { latest, ...rating };
  });
}
