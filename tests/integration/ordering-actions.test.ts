// The checkout and dashboard actions with real Requests: valid input, invalid fields, wrong role,
// wrong owner, tampered price, double submit.
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as checkout from "~/routes/addCart.$total";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as addReview from "~/routes/dashboard.addReview";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as manageProducts from "~/routes/dashboard.manageProducts";
import * as myOrder from "~/routes/dashboard.myOrder";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { callRoute } from "../support/requests";

async function setup() {
  const prisma = await db();
  // A package without departures, ordered as before them (tests/integration/departures.test.ts books dates).
  const service = await prisma.service.create({
    data: { title: "Lalbagh Fort Walk", costCents: 150_00, image: "/images/tours/bandarban.svg", description: "Old Dhaka." },
  });
  const customer = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  return {
    prisma,
    service,
    customer,
    other,
    customerCookie: await signIn(customer.id),
    otherCookie: await signIn(other.id),
    adminCookie: await signIn(admin.id),
  };
}

const billing = (serviceId: string, formKey = `form-${Math.random().toString(36).slice(2)}-0000000`) => ({
  firstName: "Rina",
  lastName: "Das",
  streetAddress: "House 4, Road 2",
  City: "",
  townName: "Dhanmondi",
  district: "Dhaka",
  Postcode: "1205",
  mobileNumber: "01712345678",
  email: "rina@example.com",
  service: serviceId,
  quantity: "2",
  type: "couple",
  formKey,
});

describe("checkout", () => {
  it("needs a signed-in user and redirects a wrong total to the server's", async () => {
    const { service, customerCookie } = await setup();
    const query = `service=${service.id}&quantity=2&type=couple`;
    const anonymous = await callRoute(checkout.loader, authedGet(`/addCart/1?${query}`, null), { total: "1" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const tampered = await callRoute(checkout.loader, authedGet(`/addCart/1?${query}`, customerCookie), { total: "1" });
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("Location")).toBe(`/addCart/${(service.costCents * 2) / 100}?${query}`);
    const invalid = await callRoute(
      checkout.loader,
      authedGet(`/addCart/5?service=${service.id}&quantity=21&type=couple`, customerCookie),
      { total: "5" },
    );
    expect(invalid.status).toBe(400);
  });

  it("stores the server's price once, however often the form is posted", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    const fields = { ...billing(service.id), Price: "1" };
    const first = await callRoute(checkout.action, authedPost("/addCart/1", fields, customerCookie));
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard/myOrder");
    await callRoute(checkout.action, authedPost("/addCart/1", fields, customerCookie));
    const orders = await prisma.order.findMany({ where: { userId: customer.id } });
    expect(orders).toHaveLength(1);
    expect(orders[0].priceCents).toBe(service.costCents * 2);
  });

  it("takes optional fields sent blank or as spaces as absent", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    for (const blank of ["", "   "]) {
      const result = await callRoute(
        checkout.action,
        authedPost("/addCart/1", { ...billing(service.id), City: blank, Postcode: blank }, customerCookie),
      );
      expect(result.status, JSON.stringify(blank)).toBe(302);
    }
    const orders = await prisma.order.findMany({ where: { userId: customer.id }, select: { city: true, postcode: true } });
    expect(orders).toEqual([
      { city: null, postcode: null },
      { city: null, postcode: null },
    ]);
    const bad = await callRoute(
      checkout.action,
      authedPost("/addCart/1", { ...billing(service.id), Postcode: " 12 " }, customerCookie),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("The postcode is 4 to 10 digits.");
  });

  it("takes names in any script, all 64 districts and the common mobile formats, storing 01XXXXXXXXX", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    const people = [
      { firstName: "Md", lastName: "Mohammad Abdur Rahman Chowdhury", district: "Sylhet", mobileNumber: "+8801712345678" },
      { firstName: "মোঃ আব্দুর", lastName: "রহমান", district: "Cox's Bazar", mobileNumber: "8801812-345678" },
      { firstName: "Anne-Marie", lastName: "D'Costa", district: "Bandarban", mobileNumber: "019 1234 5678" },
    ];
    for (const person of people) {
      const result = await callRoute(
        checkout.action,
        authedPost("/addCart/1", { ...billing(service.id), ...person }, customerCookie),
      );
      expect(result.status, JSON.stringify(person)).toBe(302);
    }
    const orders = await prisma.order.findMany({
      where: { userId: customer.id },
      orderBy: { createdAt: "asc" },
      select: { firstName: true, lastName: true, district: true, mobileNumber: true },
    });
    expect(orders).toEqual([
      { ...people[0], mobileNumber: "01712345678" },
      { ...people[1], mobileNumber: "01812345678" },
      { ...people[2], mobileNumber: "01912345678" },
    ]);
  });

  it("stores a whole Bangladeshi address, and refuses a longer one naming the field instead of cutting it", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    const address = {
      streetAddress: "House 7, Road 3, Block B, Mirpur 10",
      City: "Flat 4B, Shanti Niketan Apartments, Level 4",
      townName: "Mirpur, Dhaka North City Corporation",
    };
    const placed = await callRoute(
      checkout.action,
      authedPost("/addCart/1", { ...billing(service.id), ...address }, customerCookie),
    );
    expect(placed.status).toBe(302);
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });
    expect({ streetAddress: order.streetAddress, City: order.city, townName: order.townName }).toEqual(address);

    for (const [field, value, message] of [
      ["streetAddress", "x".repeat(101), "Your street address can be at most 100 characters."],
      ["City", "x".repeat(101), "The apartment line can be at most 100 characters."],
      ["townName", "x".repeat(51), "Your town can be at most 50 characters."],
    ]) {
      const refused = await callRoute(
        checkout.action,
        authedPost("/addCart/1", { ...billing(service.id), [field]: value }, customerCookie),
      );
      expect(refused.status, field).toBe(400);
      expect(refused.data.error[field]).toEqual([message]);
      // The typed value comes back whole, for the person to shorten.
      expect(refused.data.initialValue[field]).toBe(value);
    }
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(1);
  });

  it("applies a promo code without placing the order, keeping what is typed, and refuses an unknown intent", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    const page = `/addCart/300?service=${service.id}&quantity=2&type=couple`;
    // Apply before the form is complete (no mobile yet): no field is checked, everything typed comes back.
    const { mobileNumber: _, ...typed } = billing(service.id);
    const applied = await callRoute(
      checkout.action,
      authedPost(page, { ...typed, promo: "nope-1", intent: "apply-promo" }, customerCookie),
      { total: "300" },
    );
    expect(applied.status).toBe(200);
    const body = applied.data as { error?: unknown; initialValue: Record<string, unknown>; order: { promo: unknown } };
    expect(body.error).toBeUndefined();
    expect(body.initialValue).toMatchObject({ firstName: "Rina", streetAddress: "House 4, Road 2", promo: "nope-1" });
    expect(body.order.promo).toEqual({
      text: "nope-1",
      code: null,
      discountCents: 0,
      refusal: "This promo code does not exist.",
    });
    const unknown = await callRoute(
      checkout.action,
      authedPost(page, { ...billing(service.id), intent: "place-order-twice" }, customerCookie),
      { total: "300" },
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.data)).toContain("Unknown action.");
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(0);
  });

  it("refuses each invalid field with its message and writes nothing", async () => {
    const { prisma, service, customer, customerCookie } = await setup();
    for (const [field, value] of [
      ["firstName", "R2D2"],
      ["lastName", "x".repeat(61)],
      ["district", ""],
      ["district", "Calcutta"],
      ["mobileNumber", "555"],
      ["email", "nope"],
      ["quantity", "0"],
      ["type", "Choose"],
      ["service", "unknown-service-id-123"],
    ]) {
      const result = await callRoute(
        checkout.action,
        authedPost("/addCart/1", { ...billing(service.id), [field]: value }, customerCookie),
      );
      expect(result.status, field).toBe(400);
    }
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(0);
  });
});

describe("my orders and manage all orders", () => {
  it("lets a customer delete only their own order, and an admin any", async () => {
    const { prisma, service, customer, customerCookie, otherCookie, adminCookie } = await setup();
    await callRoute(checkout.action, authedPost("/addCart/1", billing(service.id), customerCookie));
    await callRoute(checkout.action, authedPost("/addCart/1", billing(service.id), customerCookie));
    const [first, second] = await prisma.order.findMany({ where: { userId: customer.id }, orderBy: { createdAt: "asc" } });

    const mine = await callRoute(myOrder.loader, authedGet("/dashboard/myOrder", customerCookie));
    expect(mine.data.orders).toHaveLength(2);
    const others = await callRoute(myOrder.loader, authedGet("/dashboard/myOrder", otherCookie));
    expect(others.data.orders).toHaveLength(0);

    const stolen = await callRoute(
      myOrder.action,
      authedPost("/dashboard/myOrder", { intent: "delete", id: first.id }, otherCookie),
    );
    expect(stolen.status).toBe(404);
    const own = await callRoute(
      myOrder.action,
      authedPost("/dashboard/myOrder", { intent: "delete", id: first.id }, customerCookie),
    );
    expect(own.data).toEqual({ ok: true, message: "Deleted sucessfully" });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: first.id } })).deletedAt).not.toBeNull();

    const notAdmin = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "delete", id: second.id }, customerCookie),
    );
    expect(notAdmin.status).toBe(403);
    const byAdmin = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "delete", id: second.id }, adminCookie),
    );
    expect(byAdmin.data.message).toBe("Deleted sucessfully");
  });
});

describe("deletes without JavaScript: the first post asks, the confirmed post deletes", () => {
  it("My Orders asks about the customer's own unpaid order only, and deletes once confirmed", async () => {
    const { prisma, service, customer, customerCookie, otherCookie } = await setup();
    await callRoute(checkout.action, authedPost("/addCart/1", billing(service.id), customerCookie));
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });
    const live = async () => (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deletedAt === null;

    const asked = await callRoute(
      myOrder.action,
      authedPost("/dashboard/myOrder", { intent: "ask-delete", id: order.id }, customerCookie),
    );
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({
      confirm: { id: order.id, what: `Your order of ${service.title}: 2 × couple, $${(service.costCents * 2) / 100}.` },
    });
    expect(await live()).toBe(true);

    for (const intent of ["ask-delete", "delete"]) {
      const stolen = await callRoute(myOrder.action, authedPost("/dashboard/myOrder", { intent, id: order.id }, otherCookie));
      expect(stolen.status, intent).toBe(404);
      expect(stolen.data).toEqual({ ok: false, message: "This order does not exist." });
      expect(JSON.stringify(stolen.data)).not.toContain(service.title);
    }
    expect(await live()).toBe(true);

    await prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "PAID" } });
    const paid = await callRoute(
      myOrder.action,
      authedPost("/dashboard/myOrder", { intent: "ask-delete", id: order.id }, customerCookie),
    );
    expect(paid.status).toBe(409);
    await prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "UNPAID" } });

    const confirmed = await callRoute(
      myOrder.action,
      authedPost("/dashboard/myOrder", { intent: "delete", id: order.id }, customerCookie),
    );
    expect(confirmed.data).toEqual({ ok: true, message: "Deleted sucessfully" });
    expect(await live()).toBe(false);
  });

  it("Manage All Orders and Manage Products ask an admin first, and refuse a customer", async () => {
    const { prisma, service, customer, customerCookie, adminCookie } = await setup();
    await callRoute(checkout.action, authedPost("/addCart/1", billing(service.id), customerCookie));
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });

    const notAdmin = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "ask-delete", id: order.id }, customerCookie),
    );
    expect(notAdmin.status).toBe(403);
    const asked = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "ask-delete", id: order.id }, adminCookie),
    );
    expect(asked.data.confirm.what).toBe(
      `The order of Rina Das for ${service.title}: 2 × couple, $${(service.costCents * 2) / 100}.`,
    );
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deletedAt).toBeNull();
    const deleted = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "delete", id: order.id }, adminCookie),
    );
    expect(deleted.data.message).toBe("Deleted sucessfully");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deletedAt).not.toBeNull();

    const tourPackage = await prisma.service.create({
      data: { title: "Kuakata Sunset", costCents: 12_000, image: "/images/tours/coxs-bazar.svg", description: "Sunset." },
    });
    const packageLive = async () =>
      (await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).deletedAt === null;
    expect(
      (
        await callRoute(
          manageProducts.action,
          authedPost("/dashboard/manageProducts", { intent: "ask-delete", id: tourPackage.id }, customerCookie),
        )
      ).status,
    ).toBe(403);
    const askedPackage = await callRoute(
      manageProducts.action,
      authedPost("/dashboard/manageProducts", { intent: "ask-delete", id: tourPackage.id }, adminCookie),
    );
    expect(askedPackage.data).toEqual({ confirm: { id: tourPackage.id, what: "The package Kuakata Sunset ($120)." } });
    expect(await packageLive()).toBe(true);
    const deletedPackage = await callRoute(
      manageProducts.action,
      authedPost("/dashboard/manageProducts", { intent: "delete", id: tourPackage.id }, adminCookie),
    );
    expect(deletedPackage.data).toEqual({ ok: true, message: "Deleted sucessfully" });
    expect(await packageLive()).toBe(false);
    const gone = await callRoute(
      manageProducts.action,
      authedPost("/dashboard/manageProducts", { intent: "ask-delete", id: tourPackage.id }, adminCookie),
    );
    expect(gone.status).toBe(404);
  });
});

describe("products", () => {
  it("adds and soft-deletes packages for admins only; orders keep the package", async () => {
    const { prisma, customerCookie, adminCookie } = await setup();
    const product = {
      title: "Kuakata Sunrise",
      cost: "330",
      image: "/images/tours/coxs-bazar.svg",
      description: "Sunrise and sunset over the sea.",
    };
    expect((await callRoute(addProduct.action, authedPost("/dashboard/addProduct", product, customerCookie))).status).toBe(403);
    const invalid = await callRoute(
      addProduct.action,
      authedPost("/dashboard/addProduct", { ...product, cost: "3.5", image: "javascript:alert(1)" }, adminCookie),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.data.result.error.cost).toEqual(["The cost must be a whole number of dollars."]);
    expect(invalid.data.result.error.image[0]).toMatch(/http\(s\) URL/);
    expect(await prisma.service.count({ where: { title: "Kuakata Sunrise" } })).toBe(0);

    const added = await callRoute(addProduct.action, authedPost("/dashboard/addProduct", product, adminCookie));
    expect(added.data.added).toBe(true);
    const created = await prisma.service.findFirstOrThrow({ where: { title: "Kuakata Sunrise" } });
    expect(created.costCents).toBe(33_000);

    const customer = await createUser();
    const cookie = await signIn(customer.id);
    await callRoute(checkout.action, authedPost("/addCart/1", billing(created.id), cookie));

    expect(
      (
        await callRoute(
          manageProducts.action,
          authedPost("/dashboard/manageProducts", { intent: "delete", id: created.id }, customerCookie),
        )
      ).status,
    ).toBe(403);
    const deleted = await callRoute(
      manageProducts.action,
      authedPost("/dashboard/manageProducts", { intent: "delete", id: created.id }, adminCookie),
    );
    expect(deleted.data).toEqual({ ok: true, message: "Deleted sucessfully" });
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });
    expect(order).toMatchObject({ serviceTitle: "Kuakata Sunrise", priceCents: 66_000, deletedAt: null });
  });
});

describe("reviews", () => {
  it("takes the reviewer from the session and validates the rating", async () => {
    const { prisma, customer, customerCookie } = await setup();
    const bad = await callRoute(
      addReview.action,
      authedPost("/dashboard/addReview", { review: "", rating: "7" }, customerCookie),
    );
    expect(bad.status).toBe(400);
    const ok = await callRoute(
      addReview.action,
      authedPost(
        "/dashboard/addReview",
        { review: "<b>Great</b> guides", rating: "5", name: "Someone Else", email: "x@example.com" },
        customerCookie,
      ),
    );
    expect(ok.data.added).toBe(true);
    const stored = await prisma.review.findFirstOrThrow({ where: { userId: customer.id } });
    expect(stored).toMatchObject({ name: customer.displayName, email: customer.email, rating: 5, review: "<b>Great</b> guides" });
    expect((await callRoute(addReview.action, authedPost("/dashboard/addReview", { review: "x" }, null))).status).toBe(302);
  });
});
