// Travellers' reviews. The author's name, email and photo are copied from their account.
import { averageRating } from "~/catalogue/reviews";
import { Prisma } from "~/generated/prisma/client";
import { cached, forgetCachedLists } from "~/platform/cache.server";
import { db, sqlTimestamp } from "~/platform/db.server";
import { isPlausibleId } from "~/platform/ids";
import { type KeysetPage, numberedPage } from "~/platform/paging";
import { cachedRead } from "~/platform/read-cache.server";

/** How many reviews the home page's carousel shows: the newest visible ones, so no one can flood it. */
export const HOME_REVIEWS = 12;

/**
 * "Verified traveller": the reviewer was checked in (Traveller.checkIn = YES) on a booking of the
 * package reviewed. A column of the lists' own query (one EXISTS per row, by the orders' userId
 * index and the travellers' orderId one), so a page of reviews stays one query.
 */
const VERIFIED_TRAVELLER = Prisma.sql`EXISTS (
    SELECT 1 FROM "Order" o JOIN "Traveller" t ON t."orderId" = o.id
    WHERE o."userId" = r."userId" AND o."serviceId" = r."serviceId" AND t."checkIn" = 'YES'
  ) AS "verifiedTraveller"`;

interface ReviewRow {
  id: string;
  name: string;
  rating: number;
  review: string;
  photo: string | null;
  verifiedTraveller: boolean;
}

/** The latest visible ones, as the home page shows them (no emails). */
export function listRecentReviews() {
  return cached("reviews", async () => {
    const prisma = await db();
    return prisma.$queryRaw<ReviewRow[]>`SELECT r.id, r.name, r.rating, r.review, r.photo, ${VERIFIED_TRAVELLER}
      FROM "Review" r WHERE r."hiddenAt" IS NULL ORDER BY r."createdAt" DESC, r.id DESC LIMIT ${HOME_REVIEWS}`;
  });
}

/**
 * A page of reviews, newest first, with the reviewers' emails (GET /api/review shows those to
 * administrators only); hidden ones only with `includeHidden` (administrators).
 */
export async function listReviewsWithEmails(page: KeysetPage, { includeHidden = false } = {}) {
  const prisma = await db();
  const where: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (!includeHidden) where.push(Prisma.sql`r."hiddenAt" IS NULL`);
  if (page.after) where.push(Prisma.sql`(r."createdAt", r.id) < (${sqlTimestamp(page.after.createdAt)}, ${page.after.id})`);
  return prisma.$queryRaw<(ReviewRow & { email: string; createdAt: Date; hiddenAt: Date | null })[]>`
    SELECT r.id, r.name, r.email, r.rating, r.review, r.photo, r."createdAt", r."hiddenAt", ${VERIFIED_TRAVELLER}
    FROM "Review" r WHERE ${Prisma.join(where, " AND ")}
    ORDER BY r."createdAt" DESC, r.id DESC LIMIT ${page.limit}`;
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

// Moderation (app/routes/dashboard.reviews.tsx). A review is flagged while someone's report of it
// stands and it is still shown; hiding settles that, showing it again dismisses the reports.
const flaggedWhere = { hiddenAt: null, reports: { some: {} } };

/** One page of every review, newest first (or only the flagged ones), with its number of reports. */
export async function listReviewsPage({ flaggedOnly, page, pageSize }: { flaggedOnly: boolean; page: number; pageSize: number }) {
  const prisma = await db();
  const where = flaggedOnly ? flaggedWhere : {};
  const { rows: reviews, total } = await numberedPage(page, pageSize, {
    count: () => prisma.review.count({ where }),
    rows: (window) =>
      prisma.review.findMany({
        where,
        ...window,
        select: {
          id: true,
          name: true,
          email: true,
          rating: true,
          review: true,
          createdAt: true,
          hiddenAt: true,
          _count: { select: { reports: true } },
        },
      }),
  });
  return { total, reviews };
}

/** The number next to the sidebar's Reviews link, kept until the next write (app/platform/read-cache.server.ts). */
export function countFlaggedReviews(): Promise<number> {
  return cachedRead("flagged-reviews", async () => {
    const prisma = await db();
    return prisma.review.count({ where: flaggedWhere });
  });
}

/** Hides a shown review; returns 1, or 0 when it is missing or hidden already. */
export async function hideReview(id: string, now = new Date()): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.review.updateMany({ where: { id, hiddenAt: null }, data: { hiddenAt: now } });
  forgetCachedLists();
  return count;
}

/** Shows a hidden review again and dismisses its reports; returns 1, or 0 when it is missing or shown. */
export async function showReview(id: string): Promise<number> {
  const prisma = await db();
  const count = await prisma.$transaction(async (tx) => {
    const shown = await tx.review.updateMany({ where: { id, hiddenAt: { not: null } }, data: { hiddenAt: null } });
    if (shown.count > 0) await tx.reviewReport.deleteMany({ where: { reviewId: id } });
    return shown.count;
  });
  forgetCachedLists();
  return count;
}

/** Deletes a review and its reports; returns how many went (0 or 1). */
export async function deleteReview(id: string): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.review.deleteMany({ where: { id } });
  forgetCachedLists();
  return count;
}

export async function findReviewToModerate(id: string) {
  const prisma = await db();
  return prisma.review.findUnique({ where: { id }, select: { name: true, review: true } });
}

/**
 * A user's report of a shown review; a second report of the same review by the same user counts
 * once. False when there is no such shown review.
 */
export async function reportReview(reviewId: string, userId: string, reason: string | null): Promise<boolean> {
  const prisma = await db();
  const review = await prisma.review.findFirst({ where: { id: reviewId, hiddenAt: null }, select: { id: true } });
  if (!review) return false;
  try {
    await prisma.reviewReport.createMany({ data: [{ reviewId, userId, reason }], skipDuplicates: true });
  } catch (error) {
    // Deleted meanwhile.
    if ((error as { code?: string }).code === "P2003") return false;
    throw error;
  }
  return true;
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
  const groups = await prisma.review.groupBy({
    by: ["rating"],
    where: { serviceId: packageId, hiddenAt: null },
    _count: { _all: true },
  });
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
      prisma.$queryRaw<(ReviewRow & { createdAt: Date })[]>`
        SELECT r.id, r.name, r.rating, r.review, r.photo, r."createdAt", ${VERIFIED_TRAVELLER}
        FROM "Review" r WHERE r."serviceId" = ${packageId} AND r."hiddenAt" IS NULL
        ORDER BY r."createdAt" DESC, r.id DESC LIMIT 6`,
      packageRating(packageId),
    ]);
    return { latest, ...rating };
  });
}
