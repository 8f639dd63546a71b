// Saving a package saves its price categories in the same transaction: the set is replaced (kept
// ids updated in place, others deleted, new ones created), the package's cost is the first one's
// price, and a booking's travellers keep the category they were booked with.
import { beforeAll, describe, expect, it } from "vitest";
import { createPackage, findPackageToOrder, updatePackage } from "~/catalogue/package-store.server";
import { DEFAULT_CATEGORY_ID, priceCategoriesSchema } from "~/catalogue/price-categories";
import { db } from "~/platform/db.server";

const base = { title: "Category Test Trip", cost: 100, image: "/images/tours/bandarban.svg", description: "Hills." };

const family = priceCategoriesSchema.parse([
  { name: "Adult", price: 300 },
  { name: "Child", price: 210, minAge: 5, maxAge: 11 },
  { name: "Infant", price: 0, maxAge: 4, max: 2 },
]);

async function rows(serviceId: string) {
  const prisma = await db();
  return prisma.priceCategory.findMany({ where: { serviceId }, orderBy: { position: "asc" } });
}

async function costOf(serviceId: string) {
  const prisma = await db();
  return (await prisma.service.findUniqueOrThrow({ where: { id: serviceId }, select: { costCents: true } })).costCents;
}

let userId = "";
beforeAll(async () => {
  const prisma = await db();
  userId = (await prisma.user.create({ data: { email: "categories@example.com", displayName: "Cat" } })).id;
});

describe("saving a package's price categories", () => {
  it("creates a package with its categories, in order, at the first one's price", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family, idRequired: true });
    const found = await findPackageToOrder(id);
    expect(found?.idRequired).toBe(true);
    expect(found?.costCents).toBe(300_00);
    expect(
      found?.priceCategories.map(({ name, type, price, minAge, maxAge, takesSeat, min, max }) => ({
        name,
        type,
        price,
        minAge,
        maxAge,
        takesSeat,
        min,
        max,
      })),
    ).toEqual([
      { name: "Adult", type: "ADULT", price: 300, minAge: null, maxAge: null, takesSeat: true, min: 0, max: 20 },
      { name: "Child", type: "CHILD", price: 210, minAge: 5, maxAge: 11, takesSeat: true, min: 0, max: 20 },
      { name: "Infant", type: "INFANT", price: 0, minAge: null, maxAge: 4, takesSeat: false, min: 0, max: 2 },
    ]);
  });

  it("a package saved without categories keeps none and sells the default Adult at its cost", async () => {
    const { id } = await createPackage(base);
    expect(await rows(id)).toEqual([]);
    const found = await findPackageToOrder(id);
    expect(found?.idRequired).toBe(false);
    expect(found?.priceCategories).toEqual([expect.objectContaining({ id: DEFAULT_CATEGORY_ID, name: "Adult", price: 100 })]);
  });

  it("replaces the set: kept ids are updated in place and reordered, others deleted, new ones created", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    const [adult, child, infant] = await rows(id);
    await updatePackage(id, {
      ...base,
      priceCategories: priceCategoriesSchema.parse([
        { _id: child.id, name: "Child", price: 150, minAge: 2, maxAge: 11 },
        { _id: adult.id, name: "Adult", price: 320 },
        { name: "Senior", price: 250, minAge: 65 },
      ]),
    });
    const after = await rows(id);
    expect(after.map((row) => [row.position, row.name, row.priceCents, row.minAge])).toEqual([
      [0, "Child", 150_00, 2],
      [1, "Adult", 320_00, null],
      [2, "Senior", 250_00, 65],
    ]);
    expect(after[0].id).toBe(child.id);
    expect(after[1].id).toBe(adult.id);
    expect(after.map((row) => row.id)).not.toContain(infant.id);
    // The first category's price is the package's cost.
    expect(await costOf(id)).toBe(150_00);
  });

  it("an unknown _id (another package's category, or the default's) is a new category", async () => {
    const other = await createPackage({ ...base, priceCategories: family });
    const [foreign] = await rows(other.id);
    const { id } = await createPackage(base);
    await updatePackage(id, {
      ...base,
      priceCategories: priceCategoriesSchema.parse([
        { _id: DEFAULT_CATEGORY_ID, name: "Adult", price: 90 },
        { _id: foreign.id, name: "Child", price: 40 },
      ]),
    });
    const after = await rows(id);
    expect(after.map((row) => row.name)).toEqual(["Adult", "Child"]);
    expect(after.map((row) => row.id)).not.toContain(foreign.id);
    expect((await rows(other.id)).map((row) => row.id)).toContain(foreign.id);
  });

  it("an edit without categories keeps them, the first one's price following the cost; idRequired left out is kept", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family, idRequired: true });
    const before = await rows(id);
    await updatePackage(id, { ...base, cost: 333 });
    const after = await rows(id);
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect(after.map((row) => row.priceCents)).toEqual([333_00, 210_00, 0]);
    expect(await costOf(id)).toBe(333_00);
    expect((await findPackageToOrder(id))?.idRequired).toBe(true);
    await updatePackage(id, { ...base, idRequired: false });
    expect((await findPackageToOrder(id))?.idRequired).toBe(false);
  });

  it("an empty list removes them all: the package sells the default Adult again", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    await updatePackage(id, { ...base, cost: 120, priceCategories: [] });
    expect(await rows(id)).toEqual([]);
    expect((await findPackageToOrder(id))?.priceCategories).toEqual([
      expect.objectContaining({ id: DEFAULT_CATEGORY_ID, price: 120 }),
    ]);
  });

  it("never changes a booking: travellers keep their copy, a deleted category's lose only the link", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    const [adult, child] = await rows(id);
    const prisma = await db();
    const order = await prisma.order.create({
      data: {
        userId,
        serviceId: id,
        serviceTitle: base.title,
        unitPriceCents: 300_00,
        quantity: 2,
        packageType: "city",
        priceCents: 510_00,
        firstName: "Rahim",
        lastName: "Uddin",
        streetAddress: "Road 1",
        townName: "Dhaka",
        district: "Dhaka",
        mobileNumber: "01700000000",
        email: "categories@example.com",
        travellers: {
          create: [adult, child].map((category, position) => ({
            position,
            categoryId: category.id,
            categoryName: category.name,
            categoryType: category.type,
            priceCents: category.priceCents,
            takesSeat: category.takesSeat,
            minAge: category.minAge,
            maxAge: category.maxAge,
          })),
        },
      },
    });
    await updatePackage(id, {
      ...base,
      priceCategories: priceCategoriesSchema.parse([{ _id: adult.id, name: "Grown-up", price: 999 }]),
    });
    const travellers = await prisma.traveller.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
    expect(travellers.map((t) => [t.categoryId, t.categoryName, t.priceCents, t.minAge, t.maxAge])).toEqual([
      [adult.id, "Adult", 300_00, null, null],
      [null, "Child", 210_00, 5, 11],
    ]);
    const saved = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([saved.priceCents, saved.unitPriceCents, saved.quantity]).toEqual([510_00, 300_00, 2]);
  });

  it("is one transaction: a category the database refuses leaves the package and its categories as they were", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    const before = await rows(id);
    const tooDear = { ...family[1], id: undefined, name: "Gold", price: 30_000_000 }; // cents beyond a 32-bit integer
    await expect(
      updatePackage(id, { ...base, title: "Renamed", priceCategories: [{ ...family[0], id: before[0].id, price: 1 }, tooDear] }),
    ).rejects.toThrow();
    expect(await rows(id)).toEqual(before);
    const prisma = await db();
    const service = await prisma.service.findUniqueOrThrow({ where: { id }, select: { title: true, costCents: true } });
    expect(service).toEqual({ title: base.title, costCents: 300_00 });
  });

  it("two edits at once each replace the whole set: the package ends with one of them, never a mix", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    const [adult, child, infant] = await rows(id);
    const first = priceCategoriesSchema.parse([
      { _id: infant.id, name: "Infant", price: 0, maxAge: 4, takesSeat: "yes" },
      { _id: adult.id, name: "Adult", price: 400 },
    ]);
    const second = priceCategoriesSchema.parse([
      { _id: child.id, name: "Child", price: 100 },
      { name: "Student", price: 200 },
      { _id: adult.id, name: "Adult", price: 500 },
    ]);
    const results = await Promise.all([
      updatePackage(id, { ...base, priceCategories: first }),
      updatePackage(id, { ...base, priceCategories: second }),
    ]);
    expect(results).toEqual([1, 1]);
    const names = (await rows(id)).map((row) => [row.position, row.name]);
    expect([
      [
        [0, "Infant"],
        [1, "Adult"],
      ],
      [
        [0, "Child"],
        [1, "Student"],
        [2, "Adult"],
      ],
    ]).toContainEqual(names);
  });

  it("updates nothing for a deleted package", async () => {
    const { id } = await createPackage({ ...base, priceCategories: family });
    const prisma = await db();
    await prisma.service.update({ where: { id }, data: { deletedAt: new Date() } });
    const before = await rows(id);
    expect(await updatePackage(id, { ...base, priceCategories: [] })).toBe(0);
    expect(await rows(id)).toEqual(before);
  });
});
