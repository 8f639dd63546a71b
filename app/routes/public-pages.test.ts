import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as orderLoader } from "~/routes/order.$id";
import { loader as servicesLoader } from "~/routes/services";
import { getRequest, thrownResponse } from "../../tests/support/requests";

const servicesArgs = (search = "") => ({ request: getRequest(`/services${search}`), params: {}, context: {} });

describe("public pages on a freshly seeded database", () => {
  it("home lists at least 6 packages and 4 reviews", async () => {
    const { packages, reviews } = await homeLoader();
    expect(packages.length).toBeGreaterThanOrEqual(6);
    expect(reviews.length).toBeGreaterThanOrEqual(4);
    for (const tourPackage of packages) {
      expect(tourPackage.image).toMatch(/^\/images\//);
      expect(tourPackage.costCents).toBeGreaterThan(0);
    }
  });

  it("services hides soft-deleted packages", async () => {
    const prisma = await db();
    const hidden = await prisma.service.create({
      data: {
        title: "Retired tour",
        costCents: 100_00,
        image: "/images/tours/bandarban.svg",
        description: "Old",
        deletedAt: new Date(),
      },
    });
    const { packages } = await servicesLoader(servicesArgs());
    expect(packages.map((tourPackage) => tourPackage.id)).not.toContain(hidden.id);
  });

  it("order page computes the choice from the query and 404s unknown ids", async () => {
    const { packages } = await servicesLoader(servicesArgs());
    const first = packages[0];
    const result = await orderLoader({
      request: getRequest(`/order/${first.id}?quantity=3&step=1&type=couple`),
      params: { id: first.id },
      context: {},
    });
    expect(result.tourPackage.title).toBe(first.title);
    // The first category is the spec's quantity control; the demo packages' others (Child, Infant) start at 0.
    const [adult, ...others] = result.tourPackage.priceCategories;
    expect(result.choice).toEqual({
      quantity: 4,
      packageType: "couple",
      departure: null,
      counts: { [adult.id]: 4, ...Object.fromEntries(others.map((category) => [category.id, 0])) },
    });
    expect(others.length).toBeGreaterThan(0);
    // The demo packages have open dates, with their seats left, at the package's prices.
    expect(result.departures.length).toBeGreaterThanOrEqual(3);
    expect(result.departures[0]).toEqual({
      id: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      seatsLeft: expect.any(Number),
      prices: null,
    });

    for (const id of ["does-not-exist-at-all", "x", '\'; drop table "Service"; --', "cm0000000000000000000000"]) {
      const response = await thrownResponse(() =>
        orderLoader({ request: getRequest(`/order/${id}`), params: { id }, context: {} }),
      );
      expect(response.status).toBe(404);
    }
  });
});

describe("package list cache", () => {
  it("shows a package added or deleted through the package store at once, and cards carry no description", async () => {
    const { createPackage, deletePackage } = await import("~/catalogue/package-store.server");
    const before = await homeLoader();
    expect(before.packages[0]).not.toHaveProperty("description");
    const { id } = await createPackage({
      title: "Kuakata Sunrise",
      cost: 330,
      image: "/images/tours/coxs-bazar.svg",
      description: "Sea views.",
    });
    expect((await homeLoader()).packages.map((tourPackage) => tourPackage.id)).toContain(id);
    expect(await deletePackage(id)).toBe(1);
    expect((await homeLoader()).packages.map((tourPackage) => tourPackage.id)).not.toContain(id);
  });
});
