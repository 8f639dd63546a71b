import { beforeAll, describe, expect, it } from "vitest";
import { type CatalogueFilters, readCatalogueQuery } from "~/catalogue/search";
import { type CatalogueItem, searchCatalogueAfter, searchCataloguePage } from "~/catalogue/search-store.server";
import { db } from "~/platform/db.server";

const TODAY = "2029-12-01";
const ids: Record<string, string> = {};

/** Five packages of our own (the seeded ones are hidden), with departures and reviews. */
beforeAll(async () => {
  const prisma = await db();
  await prisma.service.updateMany({ where: { deletedAt: null }, data: { deletedAt: new Date() } });
  const packages = [
    {
      name: "A",
      title: "Old Dhaka Walk",
      destination: "Dhaka",
      durationDays: 3,
      costCents: 100_00,
      description: "Lanes and food.",
    },
    {
      name: "B",
      title: "Tea Gardens",
      destination: "Sylhet",
      durationDays: 5,
      costCents: 250_00,
      description: "Hills, 100% green.",
    },
    {
      name: "C",
      title: "Sea Days",
      destination: "Cox's Bazar",
      durationDays: 8,
      costCents: 500_00,
      description: "The longest beach.",
    },
    { name: "D", title: "Hill Tracts", destination: "Bandarban", durationDays: null, costCents: 50_00, description: "Trek." },
    {
      name: "E",
      title: "Sundarbans Cruise",
      destination: "Khulna",
      durationDays: 2,
      costCents: 250_00,
      description: "Mangroves.",
    },
  ];
  for (const [index, { name, ...data }] of packages.entries()) {
    const created = await prisma.service.create({
      data: { ...data, image: "/images/tours/bandarban.svg", createdAt: new Date(Date.UTC(2029, 0, 1 + index)) },
    });
    ids[name] = created.id;
  }
  const departure = (name: string, startDate: string, seats: number, seatsTaken = 0, status: "OPEN" | "CLOSED" = "OPEN") => ({
    serviceId: ids[name],
    startDate: new Date(startDate),
    seats,
    seatsTaken,
    status,
  });
  await prisma.departure.createMany({
    data: [
      departure("A", "2030-01-15", 10, 3),
      departure("B", "2030-01-20", 10, 10), // full
      departure("B", "2030-02-10", 10),
      departure("C", "2030-01-05", 10, 0, "CLOSED"),
      departure("D", "2029-11-20", 10), // past
      departure("E", TODAY, 10), // leaves today: no longer bookable
    ],
  });
  const review = (name: string, rating: number) => ({
    serviceId: ids[name],
    name: "R",
    email: "r@example.com",
    rating,
    review: ".",
  });
  await prisma.review.createMany({
    data: [review("A", 5), review("A", 4), review("A", 0), review("B", 5), review("C", 3)],
  });
});

function filters(query: string): CatalogueFilters {
  const read = readCatalogueQuery(new URLSearchParams(query));
  expect(read.errors).toEqual({});
  return read.filters;
}

const names = (items: CatalogueItem[]) => items.map((item) => Object.keys(ids).find((name) => ids[name] === item.id));

async function found(query: string): Promise<(string | undefined)[]> {
  const { items, total } = await searchCataloguePage(filters(query), { page: 1, pageSize: 50, today: TODAY });
  expect(total).toBe(items.length);
  return names(items);
}

describe("catalogue filters", () => {
  it("search title, destination and description in any case, with % and _ taken literally", async () => {
    expect(await found("q=beach")).toEqual(["C"]);
    expect(await found("q=SUNDARBANS")).toEqual(["E"]);
    expect(await found("q=sylhet")).toEqual(["B"]);
    expect(await found("q=100%25")).toEqual(["B"]);
    expect(await found("q=%25")).toEqual(["B"]);
    expect(await found("q=_")).toEqual([]);
    expect(await found("q=nowhere")).toEqual([]);
  });

  it("filter by destination, price, duration", async () => {
    expect(await found("destination=Dhaka")).toEqual(["A"]);
    expect(await found("minCost=100&maxCost=250&sort=price-asc")).toEqual([
      "A",
      ...[ids.B, ids.E].sort().map((id) => (id === ids.B ? "B" : "E")),
    ]);
    expect(await found("minCost=251")).toEqual(["C"]);
    expect(await found("days=1-3&sort=price-asc")).toEqual(["A", "E"]);
    expect(await found("days=5")).toEqual(["B"]);
    expect(await found("days=8%2B")).toEqual(["C"]);
    expect(await found("days=4%2B&sort=price-asc")).toEqual(["B", "C"]);
  });

  it("filter by month: an open departure with seats left, after today", async () => {
    expect(await found("month=2030-01")).toEqual(["A"]); // B's is full, C's closed
    expect(await found("month=2030-02")).toEqual(["B"]);
    expect(await found("month=2029-11")).toEqual([]); // D's has left
    expect(await found("month=2029-12")).toEqual([]); // E's leaves today
  });

  it("combine filters", async () => {
    expect(await found("days=1-3&maxCost=150")).toEqual(["A"]);
    expect(await found("q=a&month=2030-02&minCost=200")).toEqual(["B"]);
    expect(await found("destination=Dhaka&days=4-7")).toEqual([]);
  });
});

describe("catalogue sorts", () => {
  it("newest first by default", async () => {
    expect(await found("")).toEqual(["E", "D", "C", "B", "A"]);
  });

  it("by price, ties by id", async () => {
    const tie = [ids.B, ids.E].sort().map((id) => (id === ids.B ? "B" : "E"));
    expect(await found("sort=price-asc")).toEqual(["D", "A", ...tie, "C"]);
    expect(await found("sort=price-desc")).toEqual(["C", ...tie.reverse(), "A", "D"]);
  });

  it("by highest average rating (stars given only), unrated last", async () => {
    const { items } = await searchCataloguePage(filters("sort=rating"), { page: 1, pageSize: 50, today: TODAY });
    expect(names(items).slice(0, 3)).toEqual(["B", "A", "C"]);
    expect(items.slice(0, 3).map((item) => [item.averageRating, item.ratingCount])).toEqual([
      [5, 1],
      [4.5, 2],
      [3, 1],
    ]);
    expect(items.slice(3).map((item) => item.averageRating)).toEqual([null, null]);
  });

  it("by soonest bookable departure, packages without one last", async () => {
    const { items } = await searchCataloguePage(filters("sort=departure"), { page: 1, pageSize: 50, today: TODAY });
    expect(names(items).slice(0, 2)).toEqual(["A", "B"]);
    expect(items.map((item) => item.nextDeparture)).toEqual(["2030-01-15", "2030-02-10", null, null, null]);
  });
});

describe("catalogue pages", () => {
  it("cut the list into pages and count them all", async () => {
    const page = (number: number) => searchCataloguePage(filters("sort=price-asc"), { page: number, pageSize: 2, today: TODAY });
    const pages = await Promise.all([1, 2, 3, 4].map(page));
    expect(pages.map((result) => result.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((result) => result.total)).toEqual([5, 5, 5, 5]);
    expect(new Set(pages.flatMap((result) => names(result.items))).size).toBe(5);
  });

  it("continue after a cursor without repeats or gaps, even when packages are added meanwhile", async () => {
    for (const sort of ["newest", "price-asc", "price-desc", "rating", "departure"] as const) {
      const seen: string[] = [];
      let after: { key: string | number; id: string } | undefined;
      for (let round = 0; round < 10; round++) {
        const { items, more } = await searchCatalogueAfter(filters(`sort=${sort}`), { limit: 2, after, today: TODAY });
        seen.push(...items.map((item) => item.id));
        if (round === 0) {
          // A package that sorts before the cursor (newest, cheapest...) must not shift what follows.
          const prisma = await db();
          await prisma.service.create({
            data: {
              title: `Inserted ${sort}`,
              costCents: sort === "price-desc" ? 900_00 : 1_00,
              image: "/x.svg",
              description: ".",
            },
          });
        }
        if (!more) break;
        const last = items[items.length - 1];
        after = { key: last.sortKey, id: last.id };
      }
      const ours = seen.filter((id) => Object.values(ids).includes(id));
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(ours.length, sort).toBe(5);
      const prisma = await db();
      await prisma.service.updateMany({ where: { title: { startsWith: "Inserted" } }, data: { deletedAt: new Date() } });
    }
  });
});
