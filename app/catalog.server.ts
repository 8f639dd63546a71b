// Tour packages and reviews as the public pages show them.
import { db } from "~/db.server";

const serviceCardSelect = { id: true, title: true, costCents: true, image: true, description: true } as const;

export async function listServices() {
  const prisma = await db();
  return prisma.service.findMany({
    where: { deletedAt: null },
    orderBy: { createdAt: "asc" },
    select: serviceCardSelect,
  });
}

/** An id that cannot be ours is "not found", not an error. */
export function isPlausibleId(id: string | undefined): id is string {
  return typeof id === "string" && /^[a-z0-9]{10,40}$/i.test(id);
}

export async function findService(id: string | undefined) {
  if (!isPlausibleId(id)) return null;
  const prisma = await db();
  return prisma.service.findFirst({ where: { id, deletedAt: null }, select: serviceCardSelect });
}

export async function listReviews(limit = 12) {
  const prisma = await db();
  return prisma.review.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, name: true, rating: true, review: true, photo: true },
  });
}

export type ServiceCard = Awaited<ReturnType<typeof listServices>>[number];
export type ReviewCard = Awaited<ReturnType<typeof listReviews>>[number];

export async function createService(input: { title: string; cost: number; image: string; description: string }) {
  const prisma = await db();
  return prisma.service.create({
    data: { title: input.title, costCents: input.cost * 100, image: input.image, description: input.description },
    select: { id: true },
  });
}

/** Soft delete: orders keep pointing at the package (and keep its title and price). */
export async function deleteService(id: string): Promise<number> {
  if (!isPlausibleId(id)) return 0;
  const prisma = await db();
  return (await prisma.service.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } })).count;
}

export async function addReview(
  author: { id: string; displayName: string; email: string; photoUrl: string | null },
  input: { review: string; rating: number },
) {
  const prisma = await db();
  return prisma.review.create({
    data: { userId: author.id, name: author.displayName, email: author.email, photo: author.photoUrl, rating: input.rating, review: input.review },
    select: { id: true },
  });
}
