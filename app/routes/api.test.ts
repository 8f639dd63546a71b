// The documented REST calls (docs/spec.md §7) under /api, called with real Requests against the database.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as departureById from "~/routes/api.departures.$id";
import * as myOrders from "~/routes/api.my-orders";
import * as myOrder from "~/routes/api.my-orders.$id";
import * as openApi from "~/routes/api.openapi[.]json";
import * as review from "~/routes/api.review";
import * as services from "~/routes/api.services";
import * as serviceById from "~/routes/api.services.$id";
import * as departuresOf from "~/routes/api.services.$id.departures";
import * as users from "~/routes/api.users";
import * as userByEmail from "~/routes/api.users.$email";
import * as makeAdmin from "~/routes/api.users.admin";
import { createUser, signIn } from "../../tests/support/auth";
import { billing } from "../../tests/support/orders";
import { callRoute, ORIGIN } from "../../tests/support/requests";

// Creating and migrating this file's database takes seconds on a busy machine: do it under the hook timeout.
beforeAll(async () => {
  await db();
});

function call(
  path: string,
  method = "GET",
  { body, cookie, origin = ORIGIN }: { body?: unknown; cookie?: string; origin?: string | null } = {},
) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  if (method !== "GET" && origin) headers.set("Origin", origin);
  return new Request(new URL(path, ORIGIN), {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function people() {
  const customer = await createUser();
  const other = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  return {
    customer,
    other,
    admin,
    customerCookie: await signIn(customer.id),
    otherCookie: await signIn(other.id),
    adminCookie: await signIn(admin.id),
  };
}

/** The first open date of a package, as GET /api/services/{id}/departures lists them (demo packages have some). */
async function firstDeparture(serviceId: string): Promise<string> {
  const listed = await callRoute(departuresOf.loader, call(`/api/services/${serviceId}/departures`), { id: serviceId });
  return listed.data.find((departure: { seatsLeft: number }) => departure.seatsLeft >= 2)._id;
}

describe("services", () => {
  it("lists and reads packages with the spec's shape", async () => {
    const list = await callRoute(services.loader, call("/api/services"));
    expect(list.status).toBe(200);
    expect(list.data.length).toBeGreaterThanOrEqual(6);
    // the spec's fields first, then the trip facts
    expect(Object.keys(list.data[0]).slice(0, 5)).toEqual(["_id", "title", "cost", "image", "description"]);
    const one = await callRoute(serviceById.loader, call(`/api/services/${list.data[0]._id}`), { id: list.data[0]._id });
    expect(one.data).toEqual(list.data[0]);
    expect((await callRoute(serviceById.loader, call("/api/services/nope"), { id: "nope" })).status).toBe(404);
  });

  it("lets only admins add and delete packages", async () => {
    const { customerCookie, adminCookie } = await people();
    const product = {
      title: "Rangamati Lake Day",
      cost: 120,
      image: "/images/tours/bandarban.svg",
      description: "Kaptai lake by boat.",
    };
    expect((await callRoute(services.action, call("/api/services", "POST", { body: product }))).status).toBe(401);
    expect(
      (await callRoute(services.action, call("/api/services", "POST", { body: product, cookie: customerCookie }))).status,
    ).toBe(403);
    const bad = await callRoute(
      services.action,
      call("/api/services", "POST", { body: { ...product, cost: -3 }, cookie: adminCookie }),
    );
    expect(bad).toMatchObject({ status: 400, data: { error: "The cost must be more than 0." } });
    const created = await callRoute(services.action, call("/api/services", "POST", { body: product, cookie: adminCookie }));
    expect(created.status).toBe(201);
    const id = created.data.insertedId;
    expect((await callRoute(serviceById.loader, call(`/api/services/${id}`), { id })).data.cost).toBe(120);

    expect(
      (await callRoute(serviceById.action, call(`/api/services/${id}`, "DELETE", { cookie: customerCookie }), { id })).status,
    ).toBe(403);
    expect(
      (await callRoute(serviceById.action, call(`/api/services/${id}`, "DELETE", { cookie: adminCookie }), { id })).data,
    ).toEqual({ deletedCount: 1 });
    expect(
      (await callRoute(serviceById.action, call(`/api/services/${id}`, "DELETE", { cookie: adminCookie }), { id })).status,
    ).toBe(404);
  });

  it("refuses malformed bodies and cross-site writes without writing", async () => {
    const { adminCookie } = await people();
    const prisma = await db();
    const before = await prisma.service.count();
    for (const body of ["{not json", "[]", "null", JSON.stringify({ title: "x".repeat(500), cost: "abc" })]) {
      const result = await callRoute(services.action, call("/api/services", "POST", { body, cookie: adminCookie }));
      expect(result.status).toBe(400);
      expect(typeof result.data.error).toBe("string");
    }
    const forged = await callRoute(
      services.action,
      call("/api/services", "POST", {
        body: { title: "Evil", cost: 1, image: "/x.svg", description: "x" },
        cookie: adminCookie,
        origin: "https://evil.example",
      }),
    );
    expect(forged.status).toBe(403);
    expect(await prisma.service.count()).toBe(before);
  });
});

describe("users", () => {
  it("tells whether an email is an admin, and nothing else", async () => {
    const { customer, admin } = await people();
    expect((await callRoute(userByEmail.loader, call(`/api/users/${admin.email}`), { email: admin.email })).data).toEqual({
      admin: true,
    });
    expect((await callRoute(userByEmail.loader, call(`/api/users/${customer.email}`), { email: customer.email })).data).toEqual({
      admin: false,
    });
    expect(
      (await callRoute(userByEmail.loader, call("/api/users/nobody@example.com"), { email: "nobody@example.com" })).data,
    ).toEqual({ admin: false });
  });

  it("lists users for admins only and lets a user save only their own record", async () => {
    const { customer, other, customerCookie, adminCookie } = await people();
    expect((await callRoute(users.loader, call("/api/users", "GET", { cookie: customerCookie }))).status).toBe(403);
    const list = await callRoute(users.loader, call("/api/users", "GET", { cookie: adminCookie }));
    expect(list.data.map((user: { email: string }) => user.email)).toContain(customer.email);
    expect(JSON.stringify(list.data)).not.toMatch(/hash|password/i);

    const own = await callRoute(
      users.action,
      call("/api/users", "PUT", { body: { email: customer.email, displayName: "Rina D." }, cookie: customerCookie }),
    );
    expect(own.status).toBe(200);
    const foreign = await callRoute(
      users.action,
      call("/api/users", "POST", { body: { email: other.email, displayName: "Hacked" }, cookie: customerCookie }),
    );
    expect(foreign.status).toBe(403);
    const prisma = await db();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).displayName).toBe(other.displayName);
  });

  it("makes admins only at an admin's request", async () => {
    const { customer, customerCookie, adminCookie } = await people();
    expect(
      (
        await callRoute(
          makeAdmin.action,
          call("/api/users/admin", "PUT", { body: { email: customer.email }, cookie: customerCookie }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callRoute(
          makeAdmin.action,
          call("/api/users/admin", "PUT", { body: { email: "nobody@example.com" }, cookie: adminCookie }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          makeAdmin.action,
          call("/api/users/admin", "PUT", { body: { email: customer.email }, cookie: adminCookie }),
        )
      ).data,
    ).toEqual({ modifiedCount: 1 });
    expect(
      (
        await callRoute(
          makeAdmin.action,
          call("/api/users/admin", "PUT", { body: { email: customer.email }, cookie: adminCookie }),
        )
      ).data,
    ).toEqual({ modifiedCount: 0 });
  });
});

describe("reviews", () => {
  it("takes name and email from the session and hides emails from non-admins", async () => {
    const { customer, customerCookie, adminCookie } = await people();
    expect((await callRoute(review.action, call("/api/review", "POST", { body: { review: "Great", rating: 5 } }))).status).toBe(
      401,
    );
    expect(
      (await callRoute(review.action, call("/api/review", "POST", { body: { review: "", rating: 9 }, cookie: customerCookie })))
        .status,
    ).toBe(400);
    const created = await callRoute(
      review.action,
      call("/api/review", "POST", {
        body: { review: "Lovely trip <script>alert(1)</script>", rating: 4, name: "Someone Else", email: "fake@example.com" },
        cookie: customerCookie,
      }),
    );
    expect(created.status).toBe(201);
    const publicList = await callRoute(review.loader, call("/api/review"));
    const mine = publicList.data.find((item: { _id: string }) => item._id === created.data.insertedId);
    expect(mine).toMatchObject({ name: customer.displayName, rating: 4 });
    expect(mine.email).toBeUndefined();
    const adminList = await callRoute(review.loader, call("/api/review", "GET", { cookie: adminCookie }));
    expect(adminList.data.find((item: { _id: string }) => item._id === created.data.insertedId).email).toBe(customer.email);
  });
});

describe("orders", () => {
  it("prices orders on the server and keeps them to their owner", async () => {
    const { customer, customerCookie, otherCookie, adminCookie } = await people();
    const [service] = (await callRoute(services.loader, call("/api/services"))).data;
    const base = { ...billing, service: service._id, departure: await firstDeparture(service._id), quantity: 2, type: "couple" };

    const tampered = await callRoute(
      myOrders.action,
      call("/api/my-orders", "POST", { body: { ...base, Price: 1 }, cookie: customerCookie }),
    );
    expect(tampered.status).toBe(400);
    const created = await callRoute(
      myOrders.action,
      call("/api/my-orders", "POST", { body: { ...base, Price: service.cost * 2 }, cookie: customerCookie }),
    );
    expect(created.status).toBe(201);
    const id = created.data.insertedId;

    const mine = await callRoute(
      myOrders.loader,
      call(`/api/my-orders?email=${customer.email}`, "GET", { cookie: customerCookie }),
    );
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({
      _id: id,
      Price: service.cost * 2,
      name: service.title,
      payment: null,
      City: "",
      district: "Dhaka",
    });
    expect(
      (await callRoute(myOrders.loader, call(`/api/my-orders?email=${customer.email}`, "GET", { cookie: otherCookie }))).status,
    ).toBe(403);
    expect((await callRoute(myOrders.loader, call("/api/my-orders", "GET", { cookie: customerCookie }))).status).toBe(403);
    const all = await callRoute(myOrders.loader, call("/api/my-orders", "GET", { cookie: adminCookie }));
    expect(all.data.map((order: { _id: string }) => order._id)).toContain(id);

    expect((await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: otherCookie }), { id })).status).toBe(
      404,
    );
    expect(
      (await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: customerCookie }), { id })).data._id,
    ).toBe(id);
    expect(
      (
        await callRoute(
          myOrder.action,
          call(`/api/my-orders/${id}`, "PUT", { body: { amount: 1, last4: "4242" }, cookie: customerCookie }),
          { id },
        )
      ).status,
    ).toBe(400);
    expect(
      (await callRoute(myOrder.action, call(`/api/my-orders/${id}`, "DELETE", { cookie: otherCookie }), { id })).status,
    ).toBe(404);
    expect(
      (await callRoute(myOrder.action, call(`/api/my-orders/${id}`, "DELETE", { cookie: customerCookie }), { id })).data,
    ).toEqual({ deletedCount: 1 });
    expect((await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: adminCookie }), { id })).status).toBe(
      404,
    );
  });

  it("takes names, districts and mobile numbers as Bangladeshi customers write them, and returns what is stored", async () => {
    const { customer, customerCookie } = await people();
    const [service] = (await callRoute(services.loader, call("/api/services"))).data;
    const body = {
      ...billing,
      firstName: "Md",
      lastName: "Mohammad Abdur Rahman Chowdhury",
      streetAddress: "House 7, Road 3, Block B, Mirpur 10",
      district: "Cox's Bazar",
      mobileNumber: "+880 1712-345678",
      service: service._id,
      departure: await firstDeparture(service._id),
      quantity: 1,
      type: "city",
    };
    const created = await callRoute(myOrders.action, call("/api/my-orders", "POST", { body, cookie: customerCookie }));
    expect(created.status).toBe(201);
    const id = created.data.insertedId;
    const stored = await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: customerCookie }), { id });
    expect(stored.data).toMatchObject({
      firstName: "Md",
      lastName: "Mohammad Abdur Rahman Chowdhury",
      streetAddress: "House 7, Road 3, Block B, Mirpur 10",
      district: "Cox's Bazar",
      mobileNumber: "01712345678",
    });

    for (const [field, value] of [
      ["firstName", "R2D2"],
      ["district", "Calcutta"],
      ["mobileNumber", "+8801212345678"],
      ["streetAddress", "x".repeat(101)],
    ]) {
      const refused = await callRoute(
        myOrders.action,
        call("/api/my-orders", "POST", { body: { ...body, [field]: value }, cookie: customerCookie }),
      );
      expect(refused.status, field).toBe(400);
    }
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(1);

    // The OpenAPI document is generated from the same schema: it lists the 64 districts.
    const document = await callRoute(openApi.loader, call("/api/openapi.json"));
    expect(JSON.stringify(document.data)).toContain('"Cox\'s Bazar"');
  });

  it("creates one order for one Idempotency-Key", async () => {
    const { customer, customerCookie } = await people();
    const [service] = (await callRoute(services.loader, call("/api/services"))).data;
    const body = { ...billing, service: service._id, departure: await firstDeparture(service._id), quantity: 1, type: "city" };
    const ids = new Set<string>();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const request = call("/api/my-orders", "POST", { body, cookie: customerCookie });
      request.headers.set("Idempotency-Key", "retry-key-0123456789");
      ids.add((await callRoute(myOrders.action, request)).data.insertedId);
    }
    expect(ids.size).toBe(1);
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(1);
  });
});

describe("departures", () => {
  async function freshPackage() {
    const prisma = await db();
    return prisma.service.create({
      data: { title: "Departure Tour", costCents: 100_00, image: "/images/tours/bandarban.svg", description: "Dates." },
    });
  }
  const listOf = async (id: string, cookie?: string) =>
    (await callRoute(departuresOf.loader, call(`/api/services/${id}/departures`, "GET", { cookie }), { id })).data;
  const add = (id: string, body: unknown, cookie?: string) =>
    callRoute(departuresOf.action, call(`/api/services/${id}/departures`, "POST", { body, cookie }), { id });
  const patch = (id: string, body: unknown, cookie?: string) =>
    callRoute(departureById.action, call(`/api/departures/${id}`, "PATCH", { body, cookie }), { id });

  it("lets only admins add dates: in the future, 1 to 500 seats, one per date", async () => {
    const { customerCookie, adminCookie } = await people();
    const tourPackage = await freshPackage();
    const departure = { date: "2030-06-01", seats: 12 };
    expect((await add(tourPackage.id, departure)).status).toBe(401);
    expect((await add(tourPackage.id, departure, customerCookie)).status).toBe(403);
    expect(await listOf(tourPackage.id, adminCookie)).toEqual([]);

    expect(await add(tourPackage.id, { date: "2020-01-01", seats: 12 }, adminCookie)).toMatchObject({
      status: 400,
      data: { error: "The date must be in the future.", details: { date: ["The date must be in the future."] } },
    });
    expect((await add(tourPackage.id, { date: "2030-06-01", seats: 501 }, adminCookie)).status).toBe(400);
    expect((await add(tourPackage.id, { date: "2030-02-30", seats: 5 }, adminCookie)).status).toBe(400);
    expect((await add("unknownpackage1", departure, adminCookie)).status).toBe(404);
    const created = await add(tourPackage.id, departure, adminCookie);
    expect(created.status).toBe(201);
    expect(await add(tourPackage.id, { date: "2030-06-01", seats: 3 }, adminCookie)).toMatchObject({
      status: 409,
      data: { error: "This package already has a departure on that date." },
    });
    await add(tourPackage.id, { date: "2030-05-01", seats: 4 }, adminCookie);
    expect(await listOf(tourPackage.id)).toEqual([
      {
        _id: expect.any(String),
        date: "2030-05-01",
        seats: 4,
        seatsLeft: 4,
        status: "open",
        prices: [{ category: "adult", price: 100 }],
      },
      {
        _id: created.data.insertedId,
        date: "2030-06-01",
        seats: 12,
        seatsLeft: 12,
        status: "open",
        prices: [{ category: "adult", price: 100 }],
      },
    ]);
  });

  it("shows visitors only open future dates, admins every one; only admins change them", async () => {
    const { customer, customerCookie, adminCookie } = await people();
    const tourPackage = await freshPackage();
    const prisma = await db();
    const [past, closed, open] = await Promise.all(
      [
        { startDate: new Date("2020-03-01"), seats: 5 },
        { startDate: new Date("2030-03-01"), seats: 5, status: "CLOSED" as const },
        { startDate: new Date("2030-04-01"), seats: 5 },
      ].map((data) => prisma.departure.create({ data: { serviceId: tourPackage.id, ...data } })),
    );
    expect((await listOf(tourPackage.id)).map((departure: { _id: string }) => departure._id)).toEqual([open.id]);
    expect((await listOf(tourPackage.id, customerCookie)).map((departure: { _id: string }) => departure._id)).toEqual([open.id]);
    expect((await listOf(tourPackage.id, adminCookie)).map((departure: { status: string }) => departure.status)).toEqual([
      "open",
      "closed",
      "open",
    ]);
    expect((await listOf(tourPackage.id, adminCookie))[0]._id).toBe(past.id);

    expect((await patch(open.id, { status: "closed" })).status).toBe(401);
    expect((await patch(open.id, { status: "closed" }, customerCookie)).status).toBe(403);
    expect((await patch(open.id, { seats: 1 }, customerCookie)).status).toBe(403);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: open.id } })).status).toBe("OPEN");

    expect((await patch(open.id, { status: "closed" }, adminCookie)).data).toEqual({ modifiedCount: 1 });
    expect((await patch(open.id, { status: "closed" }, adminCookie)).data).toEqual({ modifiedCount: 0 });
    expect((await patch(closed.id, { status: "open" }, adminCookie)).data).toEqual({ modifiedCount: 1 });
    expect((await patch(closed.id, { status: "paused" }, adminCookie)).status).toBe(400);
    expect((await patch(closed.id, {}, adminCookie)).status).toBe(400);
    expect((await patch(closed.id, { status: "open", seats: 3 }, adminCookie)).status).toBe(400);
    expect((await patch("unknowndeparture1", { seats: 3 }, adminCookie)).status).toBe(404);

    // Seats: never below the seats sold.
    const booked = await callRoute(
      myOrders.action,
      call("/api/my-orders", "POST", {
        body: { ...billing, email: customer.email, service: tourPackage.id, departure: closed.id, quantity: 3, type: "city" },
        cookie: customerCookie,
      }),
    );
    expect(booked.status).toBe(201);
    expect(await patch(closed.id, { seats: 2 }, adminCookie)).toMatchObject({
      status: 409,
      data: { error: "3 seats are sold: the seats cannot be fewer." },
    });
    expect((await patch(closed.id, { seats: 3 }, adminCookie)).data).toEqual({ modifiedCount: 1 });
    expect(await prisma.departure.findUniqueOrThrow({ where: { id: closed.id } })).toMatchObject({ seats: 3, seatsTaken: 3 });

    // Cancelling: a date with bookings is refused by this branch's cancelDeparture; an empty one is cancelled.
    expect((await patch(open.id, { status: "cancelled" }, customerCookie)).status).toBe(403);
    expect((await patch(open.id, { status: "cancelled" }, adminCookie)).data).toEqual({ modifiedCount: 1 });
    expect((await patch(open.id, { status: "open" }, adminCookie)).status).toBe(409);
    expect((await patch(open.id, { seats: 9 }, adminCookie)).status).toBe(409);
  });

  it("books seats with the order: 409 when too few are left, 400 without a date when the package has dates", async () => {
    const { customer, customerCookie } = await people();
    const tourPackage = await freshPackage();
    const order = { ...billing, email: customer.email, service: tourPackage.id, type: "group" };
    const post = (body: unknown) => callRoute(myOrders.action, call("/api/my-orders", "POST", { body, cookie: customerCookie }));
    // Without departures the package is ordered as before.
    expect((await post({ ...order, quantity: 2 })).status).toBe(201);
    const prisma = await db();
    const departure = await prisma.departure.create({
      data: { serviceId: tourPackage.id, startDate: new Date("2030-08-08"), seats: 4 },
    });
    expect(await post({ ...order, quantity: 2 })).toMatchObject({
      status: 400,
      data: { error: "Please choose a departure date." },
    });
    const placed = await post({ ...order, departure: departure.id, quantity: 3 });
    expect(placed.status).toBe(201);
    expect(await post({ ...order, departure: departure.id, quantity: 2 })).toMatchObject({
      status: 409,
      data: { error: "Only 1 seat left on this date." },
    });
    expect((await post({ ...order, departure: departure.id, quantity: 1 })).status).toBe(201);
    expect(await post({ ...order, departure: departure.id, quantity: 1 })).toMatchObject({
      status: 409,
      data: { error: "This date is sold out." },
    });
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(4);
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(3);

    const id = placed.data.insertedId;
    const json = (await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: customerCookie }), { id })).data;
    expect(json).toMatchObject({ departure: departure.id, date: "2030-08-08", quantity: 3, status: "pending" });
    // A pending booking past its hold reads as expired before any sweep.
    await prisma.order.update({ where: { id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    const expired = (await callRoute(myOrder.loader, call(`/api/my-orders/${id}`, "GET", { cookie: customerCookie }), { id }))
      .data;
    expect(expired.status).toBe("expired");
  });
});
