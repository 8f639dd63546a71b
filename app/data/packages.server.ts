// Tour packages (the Prisma model Service). Orders keep a package's title and price of their own.
import { cached, forgetCachedLists } from "~/data/cache.server";
import { db } from "~/data/db.server";
import { isPlausibleId } from "~/domain/ids";

const packageSelect = { id: true, title: true, costCents: true, image: true, description: true } as const;
const packageCardSelect = { id: true, title: true, costCents: true, image: true } as const;

/** Every package on sale, with its description (API, admin). */
export function listPackages() {
  return cached("packages", async () => {
    const prisma = await db();
    return prisma.service.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "asc" }, select: packageSelect });
  });
}

/** What a card shows: no description (the home and services pages). */
export function listPackageCards() {
  return cached("package-cards", async () => {
    const prisma = await db();
    return prisma.service.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "asc" }, select: packageCardSelect });
  });
}

/** One package on sale, from the cached list: the order page is the busiest page after the home page. */
export async function findPackage(id: string | undefined) {
  if (!isPlausibleId(id)) return null;
  return (await listPackages()).find((tourPackage) => tourPackage.id === id) ?? null;
}

/** A package on sale as an order is priced from it, read afresh (not from the cached list). */
export async function findPackageToOrder(id: string) {
  const prisma = await db();
  return prisma.service.findFirst({ where: { id, deletedAt: null }, select: { id: true, title: true, costCents: true, image: true } });
}

export async function createPackage(input: { title: string; cost: number; image: string; description: string }) {
  const prisma = await db();
  const created = await prisma.service.create({
    data: { title: input.title, costCents: input.cost * 100, image: input.image, description: input.description },
    select: { id: true },
  });
  forgetCachedLists();
  return created;
}

/** Soft delete: orders keep pointing at the package (and keep its title and price). */
export async function deletePackage(id: string): Promise<number> {
  if (!isPlausibleId(id)) return 0;
  const prisma = await db();
  const { count } = await prisma.service.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
  forgetCachedLists();
  return count;
}

export async function countPackages(): Promise<number> {
  const prisma = await db();
  return prisma.service.count({ where: { deletedAt: null } });
}

/** Every package on sale and when it last changed, for /sitemap.xml. */
export async function listPackagesForSitemap() {
  const prisma = await db();
  return prisma.service.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "asc" }, select: { id: true, updatedAt: true } });
}
