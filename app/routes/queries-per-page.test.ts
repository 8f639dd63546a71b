// Pages run a fixed number of queries, however much data there is (no N+1): counted through
// Prisma's query events.
import { describe, expect, it } from "vitest";
import { forgetCachedLists } from "~/platform/cache.server";
import { db, queriesRun } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as orderLoader } from "~/routes/order.$id";
import { loader as servicesLoader } from "~/routes/services";
import { getRequest } from "../../tests/support/requests";

async function queriesOf(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm: migrations and seed are done before counting
  forgetCachedLists();
  const before = queriesRun();
  await run();
  return queriesRun() - before;
}

describe("queries per page", () => {
  it("stay the same when packages and reviews multiply", async () => {
    const prisma = await db();
    const [service] = await prisma.service.findMany({ take: 1 });
    const pages = {
      home: () => homeLoader(),
      services: () => servicesLoader({ request: getRequest("/services?sort=rating&month=2030-01"), params: {}, context: {} }),
      order: () => orderLoader({ request: getRequest(`/order/${service.id}`), params: { id: service.id }, context: {} }),
    };
    const small = {
      home: await queriesOf(pages.home),
      services: await queriesOf(pages.services),
      order: await queriesOf(pages.order),
    };
    // home: its first cards, how many there are, their ratings (one grouped query), reviews; services: one page and its count;
    // order: the package list and its price categories (one batched query for all packages), its
    // newest reviews (each "Verified traveller" read in the same query), their rating by stars, and its departures.
    expect(small).toEqual({ home: 4, services: 2, order: 5 });

    await prisma.service.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        title: `Extra tour ${index}`,
        costCents: 100_00,
        image: "/images/tours/bandarban.svg",
        description: "More.",
      })),
    });
    const extra = await prisma.service.findMany({ where: { title: { startsWith: "Extra tour" } }, select: { id: true } });
    await prisma.departure.createMany({
      data: [
        ...extra.map(({ id }) => ({ serviceId: id, startDate: new Date("2030-01-10"), seats: 10 })),
        // and many dates of the package the order page shows
        ...Array.from({ length: 30 }, (_, index) => ({
          serviceId: service.id,
          startDate: new Date(Date.UTC(2030, 1, 1 + index)),
          seats: 10,
        })),
      ],
    });
    await prisma.review.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        serviceId: extra[index].id,
        name: `Reviewer ${index}`,
        email: `r${index}@example.com`,
        rating: 4,
        review: "Good.",
      })),
    });
    const large = {
      home: await queriesOf(pages.home),
      services: await queriesOf(pages.services),
      order: await queriesOf(pages.order),
    };
    expect(large).toEqual(small);
    // The home page's grid stays bounded: its first packages and a link to all of them.
    const home = await homeLoader();
    expect(home.packages).toHaveLength(12);
    expect(home.morePackages).toBe(true);
  });
});
