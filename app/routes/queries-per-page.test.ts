// Pages run a fixed number of queries, however much data there is (no N+1): counted through
// Prisma's query events.
import { describe, expect, it } from "vitest";
import { forgetCachedLists } from "~/data/cache.server";
import { db, queriesRun } from "~/data/db.server";
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
      services: () => servicesLoader(),
      order: () => orderLoader({ request: getRequest(`/order/${service.id}`), params: { id: service.id }, context: {} }),
    };
    const small = {
      home: await queriesOf(pages.home),
      services: await queriesOf(pages.services),
      order: await queriesOf(pages.order),
    };
    // The order page: the (cached) package list, then the package's departures.
    expect(small).toEqual({ home: 2, services: 1, order: 2 });

    await prisma.service.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        title: `Extra tour ${index}`,
        costCents: 100_00,
        image: "/images/tours/bandarban.svg",
        description: "More.",
      })),
    });
    await prisma.departure.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
        serviceId: service.id,
        startDate: new Date(Date.UTC(2030, 0, 1 + index)),
        seats: 10,
      })),
    });
    await prisma.review.createMany({
      data: Array.from({ length: 30 }, (_, index) => ({
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
  });
});
