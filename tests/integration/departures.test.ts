// Departures through the pages, with real Requests: the order page's dates, the checkout of a date
// (checked in its loader and action), and the admin page as each role (a refused write changes nothing).
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as checkout from "~/routes/addCart.$total";
import * as departuresPage from "~/routes/dashboard.departures.$id";
import * as orderPage from "~/routes/order.$id";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { billing } from "../support/orders";
import { callRoute, getRequest } from "../support/requests";

async function setup() {
  const prisma = await db();
  const tourPackage = await prisma.service.create({
    data: { title: "Ratargul Swamp Boat", costCents: 180_00, image: "/images/tours/bandarban.svg", description: "Boats." },
  });
  const [early, soldOut, late] = await Promise.all(
    [
      { startDate: new Date("2030-01-05"), seats: 4 },
      { startDate: new Date("2030-02-05"), seats: 2, seatsTaken: 2 },
      { startDate: new Date("2030-03-05"), seats: 10, status: "CLOSED" as const },
    ].map((data) => prisma.departure.create({ data: { serviceId: tourPackage.id, ...data } })),
  );
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  return {
    prisma,
    tourPackage,
    early,
    soldOut,
    late,
    customer,
    customerCookie: await signIn(customer.id),
    adminCookie: await signIn(admin.id),
  };
}

const checkoutFields = (service: string, departure: string, quantity: string) => ({
  ...billing,
  City: "",
  Postcode: "",
  service,
  departure,
  quantity,
  type: "group",
  formKey: `form-${Math.random().toString(36).slice(2)}-0000000`,
});

describe("the order page", () => {
  it("lists the open future dates with their seats left, sold-out ones included", async () => {
    const { tourPackage, early, soldOut } = await setup();
    const page = await callRoute(orderPage.loader, getRequest(`/order/${tourPackage.id}?departure=${early.id}`), {
      id: tourPackage.id,
    });
    expect(page.data.departures).toEqual([
      { id: early.id, date: "2030-01-05", seatsLeft: 4, prices: null },
      { id: soldOut.id, date: "2030-02-05", seatsLeft: 0, prices: null },
    ]);
    expect(page.data.choice.departure).toBe(early.id);
  });
});

describe("the checkout of a date", () => {
  it("shows the date, and refuses a missing date, a closed one or more persons than seats left", async () => {
    const { tourPackage, early, soldOut, late, customerCookie } = await setup();
    const open = (query: string) =>
      callRoute(checkout.loader, authedGet(`/addCart/720?service=${tourPackage.id}&type=group&${query}`, customerCookie), {
        total: "720",
      });
    const fine = await open(`quantity=4&departure=${early.id}`);
    expect(fine.status).toBe(200);
    expect(fine.data.departure).toEqual({ id: early.id, date: "2030-01-05", seatsLeft: 4 });
    const wrongTotal = await open(`quantity=2&departure=${early.id}`);
    expect(wrongTotal.location).toBe(`/addCart/360?service=${tourPackage.id}&quantity=2&type=group&departure=${early.id}`);
    expect(await open("quantity=2")).toMatchObject({ status: 400, data: { message: "Please choose a departure date." } });
    expect(await open(`quantity=5&departure=${early.id}`)).toMatchObject({
      status: 409,
      data: { message: "Only 4 seats left on this date." },
    });
    expect(await open(`quantity=1&departure=${soldOut.id}`)).toMatchObject({
      status: 409,
      data: { message: "This date is sold out." },
    });
    expect((await open(`quantity=1&departure=${late.id}`)).status).toBe(409);
  });

  it("books the seats on submit, or says how many are left with everything typed kept", async () => {
    const { prisma, tourPackage, early, customer, customerCookie } = await setup();
    const refused = await callRoute(
      checkout.action,
      authedPost("/addCart/900", checkoutFields(tourPackage.id, early.id, "5"), customerCookie),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toEqual({ "": ["Only 4 seats left on this date."] });
    expect(refused.data.initialValue).toMatchObject({ firstName: "Rina", streetAddress: "House 4, Road 2", quantity: "5" });
    expect(await prisma.order.count({ where: { userId: customer.id } })).toBe(0);

    const placed = await callRoute(
      checkout.action,
      authedPost("/addCart/540", checkoutFields(tourPackage.id, early.id, "3"), customerCookie),
    );
    expect(placed.location).toBe("/dashboard/myOrder");
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id } });
    expect(order).toMatchObject({ departureId: early.id, quantity: 3, priceCents: 540_00, bookingStatus: "PENDING" });
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: early.id } })).seatsTaken).toBe(3);
  });
});

describe("the admin page of departures", () => {
  it("is for administrators only; a customer's write changes nothing", async () => {
    const { prisma, tourPackage, early, customerCookie } = await setup();
    const path = `/dashboard/departures/${tourPackage.id}`;
    const params = { id: tourPackage.id };
    expect((await callRoute(departuresPage.loader, authedGet(path, null), params)).status).toBe(302);
    expect((await callRoute(departuresPage.loader, authedGet(path, customerCookie), params)).status).toBe(302);
    const writes: Record<string, string>[] = [
      { intent: "add", date: "2031-01-01", seats: "5" },
      { intent: "seats", id: early.id, seats: "40" },
      { intent: "close", id: early.id },
      { intent: "cancel", id: early.id, confirm: "yes" },
    ];
    for (const fields of writes) {
      expect((await callRoute(departuresPage.action, authedPost(path, fields, customerCookie), params)).status).toBe(403);
      expect((await callRoute(departuresPage.action, authedPost(path, fields, null), params)).status).toBe(403);
    }
    expect(await prisma.departure.count({ where: { serviceId: tourPackage.id } })).toBe(3);
    expect(await prisma.departure.findUniqueOrThrow({ where: { id: early.id } })).toMatchObject({ seats: 4, status: "OPEN" });
  });

  it("adds, changes, closes, reopens and (after asking) cancels, with clear errors", async () => {
    const { prisma, tourPackage, early, soldOut, adminCookie } = await setup();
    const path = `/dashboard/departures/${tourPackage.id}`;
    const params = { id: tourPackage.id };
    const post = (fields: Record<string, string>) =>
      callRoute(departuresPage.action, authedPost(path, fields, adminCookie), params);

    const list = await callRoute(departuresPage.loader, authedGet(path, adminCookie), params);
    expect(
      list.data.departures.map((row: { date: string; sold: number; left: number }) => [row.date, row.sold, row.left]),
    ).toEqual([
      ["2030-01-05", 0, 4],
      ["2030-02-05", 2, 0],
      ["2030-03-05", 0, 10],
    ]);

    expect((await post({ intent: "add", date: "2020-01-01", seats: "5" })).data.result.error).toEqual({
      date: ["The date must be in the future."],
    });
    expect((await post({ intent: "add", date: "2030-01-05", seats: "5" })).data.result.error).toEqual({
      date: ["This package already has a departure on that date."],
    });
    expect((await post({ intent: "add", date: "2031-01-01", seats: "0" })).data.result.error).toEqual({
      seats: ["At least 1 seat."],
    });
    expect((await post({ intent: "add", date: "2031-01-01", seats: "12" })).data.message).toBe("Departure added.");

    const tooFew = await post({ intent: "seats", id: soldOut.id, seats: "1" });
    expect(tooFew.status).toBe(409);
    expect(tooFew.data.result.error).toEqual({ seats: ["2 seats are sold: the seats cannot be fewer."] });
    expect((await post({ intent: "seats", id: soldOut.id, seats: "6" })).data.message).toBe("Seats changed.");
    expect((await post({ intent: "close", id: early.id })).data.message).toBe("Departure closed: no new bookings.");
    expect((await post({ intent: "reopen", id: early.id })).data.message).toBe("Departure reopened.");

    const asked = await post({ intent: "cancel", id: early.id });
    expect(asked.data.ask).toBe(true);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: early.id } })).status).toBe("OPEN");
    expect((await post({ intent: "cancel", id: early.id, confirm: "yes" })).data.message).toBe("Departure cancelled.");

    expect(
      await prisma.departure.findMany({ where: { serviceId: tourPackage.id }, orderBy: { startDate: "asc" } }),
    ).toMatchObject([
      { seats: 4, status: "CANCELLED" },
      { seats: 6, seatsTaken: 2, status: "OPEN" },
      { seats: 10, status: "CLOSED" },
      { seats: 12, status: "OPEN" },
    ]);
  });
});
