// Tour packages (the Prisma model Service). Orders keep a package's title and price of their own.
import type { PackageInput, PaymentPlanInput } from "~/catalogue/packages";
import {
  newPriceCategoryRows,
  type PriceCategoryInput,
  priceCategoriesOf,
  priceCategorySelect,
  priceFirstCategory,
  replacePriceCategories,
} from "~/catalogue/price-category-store.server";
import { Prisma } from "~/generated/prisma/client";
import { cached, forgetCachedLists } from "~/platform/cache.server";
import { db } from "~/platform/db.server";
import { isPlausibleId } from "~/platform/ids";

const packageSelect = {
  id: true,
  title: true,
  costCents: true,
  image: true,
  description: true,
  destination: true,
  durationDays: true,
  itinerary: true,
  included: true,
  excluded: true,
  meetingPoint: true,
  maxGroupSize: true,
  gallery: true,
  idRequired: true,
  depositPercent: true,
  depositPerTravellerCents: true,
  balanceDueDays: true,
  priceCategories: { orderBy: { position: "asc" }, select: priceCategorySelect },
} as const;
const packageCardSelect = { id: true, title: true, costCents: true, image: true } as const;

/** Every package on sale, with its description (the order page reads one from it). */
function listPackages() {
  return cached("packages", async () => {
    const prisma = await db();
    const packages = await prisma.service.findMany({
      where: { deletedAt: null },
      orderBy: { createdAt: "asc" },
      select: packageSelect,
    });
    // The default Adult at its cost for a package without categories of its own.
    return packages.map((tourPackage) => ({ ...tourPackage, priceCategories: priceCategoriesOf(tourPackage) }));
  });
}

/** What a card shows (the home page): no description; the reviews' average stars in one grouped query. */
/** How many packages the home page's grid shows; /services pages through all of them. */
const HOME_PACKAGES = 12;

/** The home page's cards (the first HOME_PACKAGES, in the order they were added) and how many are on sale. */
export function listPackageCards() {
  return cached("package-cards", async () => {
    const prisma = await db();
    const [cards, total] = await Promise.all([
      prisma.service.findMany({
        where: { deletedAt: null },
        orderBy: { createdAt: "asc" },
        take: HOME_PACKAGES,
        select: packageCardSelect,
      }),
      prisma.service.count({ where: { deletedAt: null } }),
    ]);
    const ratings = await prisma.review.groupBy({
      by: ["serviceId"],
      // A review left at 0 gives no stars (app/platform/fields.ts rating).
      where: { serviceId: { in: cards.map((card) => card.id) }, rating: { gt: 0 }, hiddenAt: null },
      _avg: { rating: true },
      _count: { _all: true },
    });
    const byPackage = new Map(ratings.map((rating) => [rating.serviceId, rating]));
    const withRatings = cards.map((card) => {
      const rating = byPackage.get(card.id);
      return { ...card, averageRating: rating?._avg.rating ?? null, ratingCount: rating?._count._all ?? 0 };
    });
    return { cards: withRatings, total };
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
  const found = await prisma.service.findFirst({
    where: { id, deletedAt: null },
    select: {
      id: true,
      title: true,
      costCents: true,
      image: true,
      idRequired: true,
      depositPercent: true,
      depositPerTravellerCents: true,
      balanceDueDays: true,
      priceCategories: { orderBy: { position: "asc" }, select: priceCategorySelect },
    },
  });
  return found && { ...found, priceCategories: priceCategoriesOf(found) };
}

/**
 * Every package on sale with what orders it, read afresh like findPackageToOrder, in one query
 * whatever their number (the OCTO products list), in the order they were added.
 */
export async function listPackagesToOrder() {
  const prisma = await db();
  const found = await prisma.service.findMany({
    where: { deletedAt: null },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      title: true,
      description: true,
      meetingPoint: true,
      durationDays: true,
      idRequired: true,
      priceCategories: { orderBy: { position: "asc" }, select: priceCategorySelect },
      costCents: true,
    },
  });
  return found.map((tourPackage) => ({ ...tourPackage, priceCategories: priceCategoriesOf(tourPackage) }));
}

/** The columns of a package as the admin's form or the API gives it (prices in cents). */
function packageData(input: PackageWrite) {
  // The first category's price is the package's cost (the spec's `Cost:` and `/addCart/{total}`).
  const first = input.priceCategories?.[0];
  return {
    title: input.title,
    costCents: (first ? first.price : input.cost) * 100,
    idRequired: input.idRequired,
    image: input.image,
    description: input.description,
    destination: input.destination ?? null,
    durationDays: input.durationDays ?? null,
    itinerary: input.itinerary?.length ? input.itinerary : Prisma.DbNull,
    included: input.included ?? [],
    excluded: input.excluded ?? [],
    meetingPoint: input.meetingPoint ?? null,
    maxGroupSize: input.maxGroupSize ?? null,
    gallery: input.gallery ?? [],
    ...(input.paymentPlan ? paymentPlanColumns(input.paymentPlan) : {}),
  };
}

/** The plan's columns: at most one kind of deposit, in cents per traveller or a percent. */
function paymentPlanColumns(plan: PaymentPlanInput) {
  return {
    depositPercent: plan.deposit?.percent ?? null,
    depositPerTravellerCents: plan.deposit?.perTraveller !== undefined ? plan.deposit.perTraveller * 100 : null,
    balanceDueDays: plan.balanceDueDays,
  };
}

/**
 * The spec's four fields are required; a fact left out is cleared. `priceCategories` left out keeps
 * the package's categories (the first one's price follows `cost`); an empty list leaves none (one
 * Adult at the cost). `idRequired` and `paymentPlan` left out keep what the package has (false,
 * and full payment, for a new one).
 */
type PackageWrite = Pick<PackageInput, "title" | "cost" | "image" | "description"> &
  Partial<Omit<PackageInput, "priceCategories">> & { priceCategories?: PriceCategoryInput[] };

/** A new package and its categories, in one statement. */
export async function createPackage(input: PackageWrite) {
  const prisma = await db();
  const created = await prisma.service.create({
    data: { ...packageData(input), priceCategories: { create: newPriceCategoryRows(input.priceCategories ?? []) } },
    select: { id: true },
  });
  forgetCachedLists();
  return created;
}

/**
 * Replaces a package on sale with the admin's edit: 1, or 0 when there is no such package. Orders
 * keep the title and price they were placed with (their own columns), whatever changes here.
 */
export async function updatePackage(id: string, input: PackageWrite): Promise<number> {
  if (!isPlausibleId(id)) return 0;
  const prisma = await db();
  const data = packageData(input);
  // One transaction: the package's row is updated (and so locked) first, then its categories.
  const count = await prisma.$transaction(async (tx) => {
    const updated = await tx.service.updateMany({ where: { id, deletedAt: null }, data });
    if (updated.count === 0) return 0;
    if (input.priceCategories) await replacePriceCategories(tx, id, input.priceCategories);
    else await priceFirstCategory(tx, id, data.costCents);
    return updated.count;
  });
  forgetCachedLists();
  return count;
}

/** Soft delete: orders keep pointing at the package (and keep its title and price). */
export async function deletePackage(id: string): Promise<number> {
  if (!isPlausibleId(id)) return 0;
  const prisma = await db();
  const { count } = await prisma.service.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: new Date() } });
  forgetCachedLists();
  return count;
}

/** Every package on sale and when it last changed, for /sitemap.xml. */
export async function listPackagesForSitemap() {
  const prisma = await db();
  return prisma.service.findMany({
    where: { deletedAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, updatedAt: true },
  });
}

/** A package's refund policy (booking's rules read it; null: the default). Returns false when the package does not exist (or is deleted). */
export async function savePackageRefundPolicy(
  packageId: string,
  tiers: { minDays: number; percent: number }[] | null,
): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.service.updateMany({
    where: { id: packageId, deletedAt: null },
    data: { refundPolicy: tiers === null ? Prisma.DbNull : tiers },
  });
  return count === 1;
}
