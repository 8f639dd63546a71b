// /services: the search parameters of the URL choose the packages shown (the page's texts and the
// form are checked in the browser, tests/e2e/catalogue.spec.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader } from "~/routes/services";
import { getRequest } from "../../tests/support/requests";

const load = (search: string) => loader({ request: getRequest(`/services${search}`), params: {}, context: {} });

beforeAll(async () => {
  const prisma = await db();
  // 26 packages of ours, $10 to $260: three pages of 12.
  await prisma.service.createMany({
    data: Array.from({ length: 26 }, (_, index) => ({
      title: `Paged tour ${String(index + 1).padStart(2, "0")}`,
      costCents: (index + 1) * 10_00,
      image: "/images/tours/bandarban.svg",
      description: "One of many.",
      destination: index % 2 === 0 ? "Sylhet" : "Rangamati",
      durationDays: (index % 9) + 1,
    })),
  });
});

describe("/services", () => {
  it("without parameters shows the first 12 packages, newest first, with page links", async () => {
    const prisma = await db();
    const total = await prisma.service.count({ where: { deletedAt: null } });
    const first = await load("");
    expect(first.packages).toHaveLength(12);
    expect(first).toMatchObject({ total, page: 1, pageCount: Math.ceil(total / 12), filtered: false, errors: {} });
    const newest = await prisma.service.findMany({
      where: { deletedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 12,
    });
    expect(first.packages.map((card) => card.id)).toEqual(newest.map((card) => card.id));
    expect(first.packages[0]).not.toHaveProperty("description");
  });

  it("pages through a search with the page parameter", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => load(`?q=paged+tour&sort=price-asc&page=${page}`)));
    expect(pages.map((page) => page.packages.length)).toEqual([12, 12, 2]);
    expect(pages[0].packages[0].title).toBe("Paged tour 01");
    expect(pages[2].packages.map((card) => card.title)).toEqual(["Paged tour 25", "Paged tour 26"]);
    expect(pages.map((page) => [page.total, page.pageCount])).toEqual([
      [26, 3],
      [26, 3],
      [26, 3],
    ]);
    const beyond = await load("?q=paged+tour&page=9");
    expect(beyond.packages).toEqual([]);
    expect(beyond.total).toBe(26);
  });

  it("filters with every parameter of the form together", async () => {
    const { packages, total } = await load("?q=paged&destination=Sylhet&minCost=50&maxCost=150&days=1-5&sort=price-desc");
    // Sylhet: odd numbers 1..25; $50-$150: 5..15; days (n-1)%9+1 <= 5: 5, 11, 13.
    expect(packages.map((card) => card.title)).toEqual(["Paged tour 13", "Paged tour 11", "Paged tour 05"]);
    expect(total).toBe(3);
  });

  it("says nothing matched, and names bad parameters while keeping what was typed", async () => {
    const none = await load("?q=no+such+tour+anywhere");
    expect(none).toMatchObject({ packages: [], total: 0, filtered: true });
    const bad = await load("?q=paged&month=someday&page=x");
    expect(bad.errors).toEqual({ month: ["month must be a month as YYYY-MM, like 2026-12."] });
    expect(bad.values).toMatchObject({ q: "paged", month: "someday" });
    expect(bad.page).toBe(1);
    expect(bad.total).toBe(26);
  });

  it("shows each package's average stars and number of reviews", async () => {
    const prisma = await db();
    const tour = await prisma.service.findFirstOrThrow({ where: { title: "Paged tour 26" } });
    await prisma.review.createMany({
      data: [4, 5, 0].map((rating) => ({ serviceId: tour.id, name: "R", email: "r@example.com", rating, review: "." })),
    });
    const { packages } = await load("?q=paged+tour+26");
    expect(packages).toEqual([expect.objectContaining({ id: tour.id, averageRating: 4.5, ratingCount: 2 })]);
    const unrated = await load("?q=paged+tour+25");
    expect(unrated.packages[0]).toMatchObject({ averageRating: null, ratingCount: 0 });
  });
});
