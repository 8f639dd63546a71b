import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { loader as homeLoader } from "~/routes/_index";
import { loader as orderLoader } from "~/routes/order.$id";
import { loader as servicesLoader } from "~/routes/services";
import { getRequest, thrownResponse } from "../../tests/support/requests";

describe("public pages on a freshly seeded database", () => {
  it("home lists at least 6 packages and 4 reviews", async () => {
    const { services, reviews } = await homeLoader();
    expect(services.length).toBeGreaterThanOrEqual(6);
    expect(reviews.length).toBeGreaterThanOrEqual(4);
    for (const service of services) {
      expect(service.image).toMatch(/^\/images\//);
      expect(service.costCents).toBeGreaterThan(0);
    }
  });

  it("services hides soft-deleted packages", async () => {
    const prisma = await db();
    const hidden = await prisma.service.create({
      data: { title: "Retired tour", costCents: 100_00, image: "/images/tours/bandarban.svg", description: "Old", deletedAt: new Date() },
    });
    const { services } = await servicesLoader();
    expect(services.map((service) => service.id)).not.toContain(hidden.id);
  });

  it("order page computes the choice from the query and 404s unknown ids", async () => {
    const { services } = await servicesLoader();
    const first = services[0];
    const result = await orderLoader({
      request: getRequest(`/order/${first.id}?quantity=3&step=1&type=couple`),
      params: { id: first.id },
      context: {},
    });
    expect(result.service.title).toBe(first.title);
    expect(result.choice).toEqual({ quantity: 4, packageType: "couple" });

    for (const id of ["does-not-exist-at-all", "x", "'; drop table \"Service\"; --", "cm0000000000000000000000"]) {
      const response = await thrownResponse(() => orderLoader({ request: getRequest(`/order/${id}`), params: { id }, context: {} }));
      expect(response.status).toBe(404);
    }
  });
});

describe("catalog cache", () => {
  it("shows a package added or deleted through the catalog at once, and cards carry no description", async () => {
    const { createService, deleteService } = await import("~/catalog.server");
    const before = await servicesLoader();
    expect(before.services[0]).not.toHaveProperty("description");
    const { id } = await createService({ title: "Kuakata Sunrise", cost: 330, image: "/images/tours/coxs-bazar.svg", description: "Sea views." });
    expect((await servicesLoader()).services.map((service) => service.id)).toContain(id);
    expect(await deleteService(id)).toBe(1);
    expect((await servicesLoader()).services.map((service) => service.id)).not.toContain(id);
  });
});
