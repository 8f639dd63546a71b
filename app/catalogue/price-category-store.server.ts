// A package's price categories (the Prisma model PriceCategory): read with the package, and replaced
// as a set in the transaction that saves the package. Bookings copy their category (Traveller), so
// changing or deleting a category here never changes a booking; a deleted category's travellers keep
// their copy and lose only the link (categoryId set null by the schema).
import { defaultCategories, type PriceCategory } from "~/catalogue/price-categories";
import type { Db, Tx } from "~/platform/db.server";

/** The columns of a price category row that make a PriceCategory. */
export const priceCategorySelect = {
  id: true,
  name: true,
  type: true,
  priceCents: true,
  minAge: true,
  maxAge: true,
  takesSeat: true,
  minPerBooking: true,
  maxPerBooking: true,
} as const;

interface PriceCategoryRow {
  id: string;
  name: string;
  type: PriceCategory["type"];
  priceCents: number;
  minAge: number | null;
  maxAge: number | null;
  takesSeat: boolean;
  minPerBooking: number;
  maxPerBooking: number;
}

/** A package's categories as sold: its own rows, or the one Adult at its cost when it has none. */
export function priceCategoriesOf(service: { costCents: number; priceCategories: PriceCategoryRow[] }): PriceCategory[] {
  if (service.priceCategories.length === 0) return defaultCategories(service.costCents / 100);
  return service.priceCategories.map(({ priceCents, minPerBooking, maxPerBooking, ...row }) => ({
    ...row,
    price: priceCents / 100,
    min: minPerBooking,
    max: maxPerBooking,
  }));
}

/** The categories of these packages in one query, in their order, by package id (none: not in the map). */
export async function priceCategoryRowsOf(prisma: Db, serviceIds: string[]): Promise<Map<string, PriceCategoryRow[]>> {
  const byPackage = new Map<string, PriceCategoryRow[]>();
  if (serviceIds.length === 0) return byPackage;
  const rows = await prisma.priceCategory.findMany({
    where: { serviceId: { in: serviceIds } },
    orderBy: [{ serviceId: "asc" }, { position: "asc" }],
    select: { ...priceCategorySelect, serviceId: true },
  });
  for (const { serviceId, ...row } of rows) byPackage.set(serviceId, [...(byPackage.get(serviceId) ?? []), row]);
  return byPackage;
}

/** A category as the admin saved it (price in dollars); `id` names one the package has, to keep it. */
export type PriceCategoryInput = Omit<PriceCategory, "id"> & { id?: string };

function columns(category: PriceCategoryInput, position: number) {
  return {
    position,
    name: category.name,
    type: category.type,
    priceCents: category.price * 100,
    minAge: category.minAge,
    maxAge: category.maxAge,
    takesSeat: category.takesSeat,
    minPerBooking: category.min,
    maxPerBooking: category.max,
  };
}

/** The rows to create with a new package, in their order. */
export function newPriceCategoryRows(categories: PriceCategoryInput[]) {
  return categories.map((category, position) => columns(category, position));
}

// Kept rows step aside to positions from here while the set is rewritten: (serviceId, position) is
// unique, and a reordered row would otherwise meet another one's old position.
const ASIDE = 1000;

/**
 * Makes the package's categories exactly these, in this order, inside the caller's transaction
 * (which has already updated, and so locked, the package's row): a category whose id the package
 * has is updated in place (its bookings keep their link), an unknown or missing id is a new
 * category, and the package's other categories are deleted. An empty list leaves none: the
 * package sells the one default Adult at its cost.
 */
export async function replacePriceCategories(tx: Tx, serviceId: string, categories: PriceCategoryInput[]): Promise<void> {
  const existing = new Set(
    (await tx.priceCategory.findMany({ where: { serviceId }, select: { id: true } })).map((row) => row.id),
  );
  const kept = categories.map((category) => (category.id !== undefined && existing.has(category.id) ? category.id : null));
  const keptIds = kept.filter((id) => id !== null);
  await tx.priceCategory.deleteMany({ where: { serviceId, id: { notIn: keptIds } } });
  for (const [position, id] of kept.entries()) {
    if (id !== null) await tx.priceCategory.update({ where: { id }, data: { position: ASIDE + position } });
  }
  for (const [position, category] of categories.entries()) {
    const id = kept[position];
    if (id === null) await tx.priceCategory.create({ data: { serviceId, ...columns(category, position) } });
    else await tx.priceCategory.update({ where: { id }, data: columns(category, position) });
  }
}

/** An edit that leaves the categories as they are still keeps the first one's price equal to the package's cost. */
export async function priceFirstCategory(tx: Tx, serviceId: string, costCents: number): Promise<void> {
  await tx.priceCategory.updateMany({ where: { serviceId, position: 0 }, data: { priceCents: costCents } });
}
