// Tour packages and reviews as the public pages show them.
import { db } from "~/db.server";

const serviceSelect = { id: true, title: true, costCents: true, image: true, description: true } as const;
const serviceCardSelect = { id: true, title: true, costCents: true, image: true } as const;

/**
 * The catalog changes rarely and is read on every public page: lists are kept for a few seconds.
 * A write through this module clears this instance's copy at once; other replicas catch up
 * within CATALOG_TTL_MS.
 */
const CATALOG_TTL_MS = 5_000;
const catalogCache = new Map<string, { expires: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = catalogCache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  catalogCache.set(key, { expires: now + CATALOG_TTL_MS, value });
  value.catch(() => catalogCache.delete(key));
  return value;
}

export function forgetCatalog() {
  catalogCache.clear();
}

/** Every package on sale, with its description (API, admin). */
export function listServices() {
  return cached("services", async () => {
    const prisma = await db();
    return prisma.service.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "asc" }, select: serviceSelect });
  });
}

/** What a card shows: no description (the home and services pages). */
export function listServiceCards() {
  return cached("service-cards", async () => {
    const prisma = await db();
    return prisma.service.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "asc" }, select: serviceCardSelect });
  });
}

/** An id that cannot be ours is "not found", not an error. */
export function isPlausibleId(id: string | undefined): id is string {
  return typeof id === "string" && /^[a-z0-9]{10,40}$/i.test(id);
}

/** One package on sale, from the cached list: the order page is the busiest page after the home page. */
export async function findService(id: string | undefined) {
  if (!isPlausibleId(id)) return null;
  return (await listServices()).find((service) => service.id === id) ?? null;
}

export function listReviews() {
  return cached("reviews", async () => {
    const prisma = await db();
    return prisma.review.findMany({
      orderBy: { createdAt: "desc" },
      take: 12,
      select: { id: true, name: true, rating: true, review: true, photo: true },
    });
  });
}


export async function createService(input: { title: string; cost: number; image: string; description: string }) {
  const prisma = await db();
  const created = await prisma.service.create({
    data: { title: input.title, costCents: input.cost * 100, image: input.image, description: input.description },
    select: { id: true },
  });
  forgetCatalog();
  return created;
}

/** Soft delete: orders keep pointing at the package (and keep its title and price). */
export async function deleteService(id: string): Promise<number> {
  if (!isPlausibleId(id)) return 0;
  const prisma = await db();
  const { count } = await prisma.service.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
  forgetCatalog();
  return count;
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
  forgetCatalog();
  return created;
}
