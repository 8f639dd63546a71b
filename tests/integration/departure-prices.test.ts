// A price per departure (issue 42 items 1, 4, 5 and 7): an administrator gives a departure its own
// prices or a percent (PATCH /api/departures/{id}) or many at once (POST
// /api/services/{id}/departures/prices); the departure's JSON, the order page, the checkout, a
// booking and OCTO all price it so; a booking keeps the prices it was made at, also under a
// concurrent change; every change is recorded with who made it, from and to.
import { beforeAll, describe, expect, it } from "vitest";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import * as checkout from "~/routes/addCart.$total";
import * as departureApi from "~/routes/api.departures.$id";
import * as myOrdersApi from "~/routes/api.my-orders";
import * as departuresApi from "~/routes/api.services.$id.departures";
import * as bulkApi from "~/routes/api.services.$id.departures.prices";
import * as pricesPage from "~/routes/dashboard.departures.$id_.prices";
import * as availability from "~/routes/octo.availability";
import * as octoBookings from "~/routes/octo.bookings";
import * as orderPage from "~/routes/order.$id";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { familyPackage } from "../support/families";
import { billing } from "../support/orders";
import { callRoute, getRequest, ORIGIN } from "../support/requests";
import { octoCall } from "../support/resellers";

let admin: { id: string };
const adminName = "Admin Prices";
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  admin = await createUser({ role: "ADMIN", displayName: adminName });
  adminCookie = await signIn(admin.id);
  customerCookie = await signIn((await createUser()).id);
});

function apiRequest(method: string, path: string, cookie: string | null, body?: unknown) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const patch = (id: string, body: unknown, cookie = adminCookie) =>
  callRoute(departureApi.action, apiRequest("PATCH", `/api/departures/${id}`, cookie, body), { id });

async function departuresJson(packageId: string) {
  const answer = await callRoute<{ _id: string; prices: { category: string; price: number }[] }[]>(
    departuresApi.loader,
    apiRequest("GET", `/api/services/${packageId}/departures`, null),
    { id: packageId },
  );
  return answer.data;
}

async function pricesOf(packageId: string, departureId: string) {
  const found = (await departuresJson(packageId)).find((departure) => departure._id === departureId);
  return Object.fromEntries(found!.prices.map(({ category, price }) => [category, price]));
}

describe("a departure's own prices", () => {
  it("are set by prices or by a percent, shown in its JSON, removed by null; refused changes name the field and change nothing", async () => {
    const { tourPackage, departure, adult, child, infant } = await familyPackage({ date: "2030-04-12" });
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 100, [child.id]: 60, [infant.id]: 0 });

    expect(await patch(departure.id, { prices: [{ category: adult.id, price: 125 }] })).toMatchObject({
      status: 200,
      data: { modifiedCount: 1 },
    });
    // A category left out costs the package's price.
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 125, [child.id]: 60, [infant.id]: 0 });
    expect((await patch(departure.id, { prices: [{ category: adult.id, price: 125 }] })).data).toEqual({ modifiedCount: 0 });

    // A percent replaces own prices, on every category, rounded to whole dollars.
    expect((await patch(departure.id, { percent: 25 })).data).toEqual({ modifiedCount: 1 });
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 125, [child.id]: 75, [infant.id]: 0 });
    expect((await patch(departure.id, { percent: -15 })).data).toEqual({ modifiedCount: 1 });
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 85, [child.id]: 51, [infant.id]: 0 });

    const refusals: [unknown, string, string][] = [
      [{ prices: [{ category: "nope", price: 10 }] }, "prices", 'prices: "nope" is not a price category of this package.'],
      [{ prices: [{ category: adult.id, price: 10.5 }] }, "prices", "prices: price must be whole dollars."],
      [{ prices: [{ category: adult.id, price: -1 }] }, "prices", "prices: price cannot be negative."],
      [
        {
          prices: [
            { category: adult.id, price: 10 },
            { category: adult.id, price: 20 },
          ],
        },
        "prices",
        `prices: "${adult.id}" is given twice.`,
      ],
      [{ percent: 12.5 }, "percent", "percent must be a whole number (e.g. 25 or -10)."],
      [{ percent: -95 }, "percent", "percent must be at least -90."],
      [{ percent: 10, prices: null }, "status", "Send one of status, seats, guide, prices or percent."],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await patch(departure.id, body);
      expect(answer.status).toBe(400);
      const { error, details } = answer.data as { error: string; details: Record<string, string[]> };
      expect(error).toBe(message);
      // The field, or the part of it (prices.0.price), that is wrong.
      expect(Object.keys(details)[0].split(".")[0]).toBe(field);
    }
    expect((await patch(departure.id, { percent: 10 }, customerCookie)).status).toBe(403);
    expect((await patch(departure.id, { percent: 10 }, "")).status).toBe(401);
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 85, [child.id]: 51, [infant.id]: 0 });

    expect((await patch(departure.id, { prices: null })).data).toEqual({ modifiedCount: 1 });
    expect(await pricesOf(tourPackage.id, departure.id)).toEqual({ [adult.id]: 100, [child.id]: 60, [infant.id]: 0 });

    // Every change recorded: who, when, from, to.
    const prisma = await db();
    const changes = await prisma.departurePriceChange.findMany({
      where: { departureId: departure.id },
      orderBy: { createdAt: "asc" },
    });
    expect(changes.map((change) => [change.userId, change.fromPrices, change.toPrices])).toEqual([
      [admin.id, { [adult.id]: 100, [child.id]: 60, [infant.id]: 0 }, { [adult.id]: 125, [child.id]: 60, [infant.id]: 0 }],
      [admin.id, { [adult.id]: 125, [child.id]: 60, [infant.id]: 0 }, { [adult.id]: 125, [child.id]: 75, [infant.id]: 0 }],
      [admin.id, { [adult.id]: 125, [child.id]: 75, [infant.id]: 0 }, { [adult.id]: 85, [child.id]: 51, [infant.id]: 0 }],
      [admin.id, { [adult.id]: 85, [child.id]: 51, [infant.id]: 0 }, { [adult.id]: 100, [child.id]: 60, [infant.id]: 0 }],
    ]);
  });

  it("are set in bulk over a range of dates, both ends included, cancelled departures left as they are", async () => {
    const { tourPackage, departure: first, adult } = await familyPackage({ date: "2030-04-10" });
    const prisma = await db();
    const [middle, last, cancelled, after] = await Promise.all(
      [
        { startDate: new Date("2030-04-15"), seats: 10 },
        { startDate: new Date("2030-04-20"), seats: 10 },
        { startDate: new Date("2030-04-17"), seats: 10, status: "CANCELLED" as const },
        { startDate: new Date("2030-04-21"), seats: 10 },
      ].map((data) => prisma.departure.create({ data: { serviceId: tourPackage.id, ...data } })),
    );
    const bulk = (body: unknown, cookie = adminCookie) =>
      callRoute(bulkApi.action, apiRequest("POST", `/api/services/${tourPackage.id}/departures/prices`, cookie, body), {
        id: tourPackage.id,
      });
    expect(await bulk({ from: "2030-04-10", to: "2030-04-20", percent: 25 })).toMatchObject({
      status: 200,
      data: { modifiedCount: 3 },
    });
    const rows = await prisma.departure.findMany({
      where: { serviceId: tourPackage.id },
      select: { id: true, pricePercent: true },
    });
    const percentOf = (id: string) => rows.find((row) => row.id === id)!.pricePercent;
    expect([first, middle, last].map((departure) => percentOf(departure.id))).toEqual([25, 25, 25]);
    expect(percentOf(cancelled.id)).toBeNull();
    expect(percentOf(after.id)).toBeNull();

    expect((await bulk({ from: "2030-04-21", to: "2030-04-10", percent: 5 })).status).toBe(400);
    expect((await bulk({ from: "2030-04-10", to: "2030-04-21" })).status).toBe(400);
    expect((await bulk({ from: "2030-04-10", to: "2030-04-21", percent: 5, prices: null })).status).toBe(400);
    expect((await bulk({ from: "2030-04-10", to: "2030-04-21", percent: 5 }, customerCookie)).status).toBe(403);
    expect(await bulk({ from: "2030-04-10", to: "2030-04-21", prices: [{ category: adult.id, price: 90 }] })).toMatchObject({
      status: 200,
      data: { modifiedCount: 4 },
    });
    expect(await pricesOf(tourPackage.id, after.id)).toMatchObject({ [adult.id]: 90 });
  });
});

describe("a booking of a departure at its own prices", () => {
  it("is priced so on the order page, the checkout and the booking, and keeps its prices when they change later", async () => {
    const { tourPackage, departure, adult, child } = await familyPackage({ date: "2030-05-02" });
    await patch(departure.id, { prices: [{ category: adult.id, price: 140 }] });

    const page = await callRoute<{ departures: { id: string; prices: Record<string, number> | null }[] }>(
      orderPage.loader,
      getRequest(`/order/${tourPackage.id}`),
      { id: tourPackage.id },
    );
    expect(page.data.departures.find((option) => option.id === departure.id)?.prices).toMatchObject({
      [adult.id]: 140,
      [child.id]: 60,
    });

    // The checkout's total is the departure's: 2 adults at $140, 1 child at $60.
    const open = (total: string) =>
      callRoute(
        checkout.loader,
        authedGet(
          `/addCart/${total}?service=${tourPackage.id}&type=group&quantity=2&count.${child.id}=1&departure=${departure.id}`,
          customerCookie,
        ),
        { total },
      );
    expect((await open("340")).status).toBe(200);
    expect((await open("260")).location).toContain("/addCart/340?");

    const place = (Price: number) =>
      callRoute<{ insertedId: string; error?: string }>(
        myOrdersApi.action,
        apiRequest("POST", "/api/my-orders", customerCookie, {
          service: tourPackage.id,
          departure: departure.id,
          quantity: 2,
          type: "group",
          Price,
          ...billing,
        }),
      );
    expect((await place(200)).data.error).toBe("The price does not match: 2 x this package costs 280.");
    const placed = await place(280);
    expect(placed.status).toBe(201);
    const prisma = await db();
    const booking = await prisma.order.findUniqueOrThrow({
      where: { id: placed.data.insertedId },
      include: { travellers: true },
    });
    expect(booking.priceCents).toBe(280_00);
    expect(booking.travellers.map((traveller) => traveller.priceCents)).toEqual([140_00, 140_00]);

    await patch(departure.id, { percent: 50 });
    const after = await prisma.order.findUniqueOrThrow({ where: { id: booking.id }, include: { travellers: true } });
    expect(after.priceCents).toBe(280_00);
    expect(after.travellers.map((traveller) => traveller.priceCents)).toEqual([140_00, 140_00]);
  });

  it("under a concurrent change of prices, costs the old prices or the new ones, never a mix", async () => {
    const { tourPackage, departure, adult } = await familyPackage({ date: "2030-05-09", seats: 100 });
    const customers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const cookies = await Promise.all(customers.map((customer) => signIn(customer.id)));
    const book = (cookie: string, index: number) =>
      callRoute<{ insertedId: string }>(
        myOrdersApi.action,
        apiRequest("POST", "/api/my-orders", cookie, {
          service: tourPackage.id,
          departure: departure.id,
          travellers: [
            { category: adult.id, name: `Rina ${"ABCDEFGH"[index]}`, dateOfBirth: "1990-01-01" },
            { category: adult.id, name: `Karim ${"ABCDEFGH"[index]}`, dateOfBirth: "1991-01-01" },
          ],
          type: "group",
          ...billing,
        }),
      );
    const [placed] = await Promise.all([
      Promise.all(cookies.map((cookie, index) => book(cookie, index))),
      patch(departure.id, { prices: [{ category: adult.id, price: 150 }] }),
    ]);
    expect(placed.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const prisma = await db();
    const bookings = await prisma.order.findMany({ where: { departureId: departure.id }, include: { travellers: true } });
    expect(bookings).toHaveLength(8);
    for (const booking of bookings) {
      const each = booking.travellers.map((traveller) => traveller.priceCents);
      expect([
        [100_00, 100_00],
        [150_00, 150_00],
      ]).toContainEqual(each);
      expect(booking.priceCents).toBe(each[0] + each[1]);
    }
  });
});

describe("OCTO at a departure's own prices", () => {
  it("carries them in unitPricing (original the package's when lower) and prices a reseller's booking so", async () => {
    const { tourPackage, departure, adult, child } = await familyPackage({ date: "2030-06-06" });
    await patch(departure.id, {
      prices: [
        { category: adult.id, price: 80 },
        { category: child.id, price: 70 },
      ],
    });
    const reseller = await createReseller({
      name: "Price Reader",
      email: "p@prices.example",
      commissionPercent: 10,
      active: true,
    });
    const key = (await createResellerKey(reseller.id))!.key;
    const answer = await octoCall<
      { id: string; unitPricing: { unitId: string; original: number; retail: number; net: number }[] }[]
    >(availability.action as never, "/octo/availability", {
      key,
      method: "POST",
      pricing: true,
      body: { productId: tourPackage.id, optionId: "DEFAULT", localDate: "2030-06-06" },
    });
    expect(answer.status).toBe(200);
    const [day] = answer.body;
    const unit = (id: string) => day.unitPricing.find((pricing) => pricing.unitId === id);
    expect(unit(adult.id)).toMatchObject({ original: 100_00, retail: 80_00, net: 72_00 });
    expect(unit(child.id)).toMatchObject({ original: 70_00, retail: 70_00, net: 63_00 });

    const booked = await octoCall<{ pricing: { retail: number } }>(octoBookings.action as never, "/octo/bookings", {
      key,
      method: "POST",
      pricing: true,
      body: {
        productId: tourPackage.id,
        optionId: "DEFAULT",
        availabilityId: day.id,
        unitItems: [{ unitId: adult.id }, { unitId: child.id }],
      },
    });
    expect(booked.status).toBe(200);
    expect(booked.body.pricing.retail).toBe(150_00);
  });
});

describe("the departure's prices page", () => {
  it("sets own prices, a percent or the package's again, for administrators only, and lists every change with who made it", async () => {
    const { tourPackage, departure, adult, child } = await familyPackage({ date: "2030-07-04" });
    const path = `/dashboard/departures/${departure.id}/prices`;
    const post = (fields: Record<string, string>, cookie = adminCookie) =>
      callRoute(pricesPage.action, authedPost(path, fields, cookie), { id: departure.id });

    // A customer is sent away, and their write changes nothing.
    expect((await callRoute(pricesPage.loader, authedGet(path, customerCookie), { id: departure.id })).status).toBe(302);
    expect((await post({ intent: "percent", percent: "10" }, customerCookie)).status).toBe(403);
    expect(await pricesOf(tourPackage.id, departure.id)).toMatchObject({ [adult.id]: 100, [child.id]: 60 });
    expect(await post({ intent: "discount" })).toMatchObject({ status: 400, data: { error: "Unknown action." } });
    expect(await post({ intent: "percent", percent: "ten" })).toMatchObject({
      status: 400,
      data: { error: "The percent must be a whole number (e.g. 25 or -10)." },
    });

    // A blank price is the package's.
    const own = await post({
      intent: "prices",
      "prices[0].category": adult.id,
      "prices[0].price": "130",
      "prices[1].category": child.id,
      "prices[1].price": "",
    });
    expect(own.data).toMatchObject({ saved: true });
    expect(await pricesOf(tourPackage.id, departure.id)).toMatchObject({ [adult.id]: 130, [child.id]: 60 });
    expect((await post({ intent: "percent", percent: "-10" })).data).toMatchObject({ saved: true });
    expect(await pricesOf(tourPackage.id, departure.id)).toMatchObject({ [adult.id]: 90, [child.id]: 54 });
    expect((await post({ intent: "reset" })).data).toMatchObject({ saved: true });
    expect(await pricesOf(tourPackage.id, departure.id)).toMatchObject({ [adult.id]: 100, [child.id]: 60 });

    const page = await callRoute<{
      categories: { id: string; packagePrice: number; price: number }[];
      changes: { by: string | null; from: Record<string, number>; to: Record<string, number> }[];
    }>(pricesPage.loader, authedGet(path, adminCookie), { id: departure.id });
    expect(page.data.categories.find((category) => category.id === adult.id)).toMatchObject({ packagePrice: 100, price: 100 });
    expect(page.data.changes.map((change) => [change.from[adult.id], change.to[adult.id]])).toEqual([
      [90, 100],
      [130, 90],
      [100, 130],
    ]);
    expect(new Set(page.data.changes.map((change) => change.by))).toEqual(new Set([adminName]));
  });
});
