// Reseller bookings in the back office: Manage All Orders' channel column and filter (a GET form),
// the admin order JSON's channel fields, the orders CSV's channel columns, the commission report's
// CSV, no card payment for a reseller booking, and its cancellation by an admin kept on record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_WEBHOOK_SECRET = "whsec_test_secret_for_tests";
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
const manageAllOrders = await import("~/routes/dashboard.manageAllOrders");
const orderPage = await import("~/routes/dashboard.orders.$id");
const ordersCsv = await import("~/routes/dashboard.export.orders[.]csv");
const commissionPage = await import("~/routes/dashboard.resellers_.commission");
const commissionCsv = await import("~/routes/dashboard.resellers_.commission[.]csv");
const orderApi = await import("~/routes/api.my-orders.$id");
const ordersApi = await import("~/routes/api.my-orders");
const createIntentApi = await import("~/routes/api.create-payment-intent");
const manifestPage = await import("~/routes/dashboard.departures.$id");
const manifestCsv = await import("~/routes/dashboard.departures.$id_.manifest[.]csv");
const { orderSchema } = await import("~/booking");
const { authedGet, authedPost, createUser, signIn, uniqueEmail } = await import("../support/auth");
const { callRoute, ORIGIN } = await import("../support/requests");
const { createTestReseller, resellerBooking } = await import("../support/resellers");
const { createDeparture, createPackage, inDays } = await import("../support/bookings");

let adminCookie: string;
let ownerCookie: string;
let reseller: { id: string; name: string };
let other: { id: string; name: string };
let resold: { id: string };
let website: { id: string };
let owner: { id: string; email: string };

beforeAll(async () => {
  const prisma = await db();
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
  owner = await createUser({ email: uniqueEmail("resold-owner") });
  ownerCookie = await signIn(owner.id);
  // a name a spreadsheet would run as a formula
  reseller = await createTestReseller('=HYPERLINK("x") Trails', 1500);
  other = await createTestReseller("Padma Partners", 1000);
  resold = await resellerBooking(reseller, { priceCents: 120_00, reference: "BT-1042", userId: owner.id });
  await resellerBooking(other, { priceCents: 80_00, reference: "PP-7" });
  website = await prisma.order.create({
    data: {
      userId: owner.id,
      serviceTitle: "Sajek valley",
      unitPriceCents: 50_00,
      quantity: 1,
      packageType: "city",
      priceCents: 50_00,
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "Road 1",
      townName: "Dhaka",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email: owner.email,
      bookingStatus: "PENDING",
      holdExpiresAt: new Date(Date.now() + 3_600_000),
    },
  });
});

type ListedOrder = { id: string; resellerName: string | null; resellerReference: string | null };
type ListPage = { orders: ListedOrder[]; errors: string[]; resellers: { id: string; name: string }[] };

const list = (query: string) =>
  callRoute<ListPage>(manageAllOrders.loader, authedGet(`/dashboard/manageAllOrders${query}`, adminCookie));

/** All the ids of a filtered list, following Next. */
async function allIds(query: string) {
  const ids: string[] = [];
  let next: string | null = query;
  while (next !== null) {
    const answer: { data: ListPage & { next: string | null } } = await callRoute<ListPage & { next: string | null }>(
      manageAllOrders.loader,
      authedGet(`/dashboard/manageAllOrders${next}`, adminCookie),
    );
    ids.push(...answer.data.orders.map((order) => order.id));
    next = answer.data.next;
  }
  return ids;
}

describe("Manage All Orders: the channel", () => {
  it("shows the reseller's name and reference, and offers each reseller in the filter", async () => {
    const answer = await list("");
    expect(answer.status).toBe(200);
    const row = answer.data.orders.find((order) => order.id === resold.id)!;
    expect(row).toMatchObject({ resellerName: reseller.name, resellerReference: "BT-1042" });
    expect(answer.data.orders.find((order) => order.id === website.id)).toMatchObject({
      resellerName: null,
      resellerReference: null,
    });
    expect(answer.data.resellers.map((choice) => choice.name)).toEqual(expect.arrayContaining([reseller.name, other.name]));
  });

  it("filters by channel from the query string: the website, or one reseller", async () => {
    const prisma = await db();
    const mine = await allIds(`?channel=${reseller.id}`);
    expect(mine).toEqual([resold.id]);
    const websiteIds = await allIds("?channel=website");
    const expected = await prisma.order.findMany({ where: { deletedAt: null, channel: "WEBSITE" }, select: { id: true } });
    expect(new Set(websiteIds)).toEqual(new Set(expected.map((order) => order.id)));
    expect(websiteIds).toContain(website.id);
    expect(websiteIds).not.toContain(resold.id);
    // combined with the other filters (a GET form sends them all)
    expect(await allIds(`?channel=${other.id}&status=CONFIRMED&q=anika`)).toHaveLength(1);
    const bad = await list("?channel=%3Cscript%3E");
    expect(bad.data.errors).toContain("Unknown channel.");
  });

  it("the orders CSV has the channel and the reseller's reference, formula-safe", async () => {
    const answer = await callRoute<string>(
      ordersCsv.loader,
      authedGet(`/dashboard/export/orders.csv?channel=${reseller.id}`, adminCookie),
    );
    expect(answer.status).toBe(200);
    const lines = answer.data
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0].endsWith(",Channel,Reseller reference")).toBe(true);
    expect(lines[1].endsWith(`,"'=HYPERLINK(""x"") Trails",BT-1042`)).toBe(true);
    const site = await callRoute<string>(
      ordersCsv.loader,
      authedGet(`/dashboard/export/orders.csv?q=${website.id}`, adminCookie),
    );
    expect(site.data.trim().endsWith(",Website,")).toBe(true);
  });
});

describe("the departure manifest", () => {
  it("names the reseller and its reference on the page and in the CSV; the website's booking says Website", async () => {
    const prisma = await db();
    const tour = await createPackage();
    const departure = await createDeparture(tour.id, inDays(20));
    const onDeparture = await resellerBooking(reseller, { priceCents: 90_00, reference: "BT-2001" });
    const siteBooking = await resellerBooking(other, { priceCents: 90_00 });
    await prisma.order.update({ where: { id: siteBooking.id }, data: { channel: "WEBSITE", resellerId: null } });
    for (const [index, booking] of [onDeparture, siteBooking].entries()) {
      await prisma.order.update({
        where: { id: booking.id },
        data: { departureId: departure.id, travelDate: departure.startDate },
      });
      await prisma.traveller.create({
        data: {
          orderId: booking.id,
          position: 0,
          categoryName: "Adult",
          categoryType: "ADULT",
          priceCents: 90_00,
          takesSeat: true,
          name: `Traveller ${index}`,
        },
      });
    }
    const page = await callRoute(manifestPage.loader, authedGet(`/dashboard/departures/${departure.id}`, adminCookie), {
      id: departure.id,
    });
    const rows = page.data.rows as { orderId: string; channel: string; resellerReference: string | null; payment: string }[];
    expect(rows.find((row) => row.orderId === onDeparture.id)).toMatchObject({
      channel: reseller.name,
      resellerReference: "BT-2001",
      payment: "Paid via reseller",
    });
    expect(rows.find((row) => row.orderId === siteBooking.id)).toMatchObject({ channel: "Website", resellerReference: null });
    const csv = await callRoute<string>(
      manifestCsv.loader,
      authedGet(`/dashboard/departures/${departure.id}/manifest.csv`, adminCookie),
      {
        id: departure.id,
      },
    );
    expect(csv.data).toContain(`,"'=HYPERLINK(""x"") Trails",BT-2001\r\n`);
    expect(csv.data).toContain(",Website,\r\n");
  });
});

describe("the order JSON", () => {
  it("names the channel, the reseller and its reference (the website's: null)", async () => {
    const one = await callRoute(orderApi.loader, authedGet(`/api/my-orders/${resold.id}`, adminCookie), { id: resold.id });
    expect(one.status).toBe(200);
    expect(orderSchema.parse(one.data)).toMatchObject({
      channel: "reseller",
      reseller: { _id: reseller.id, name: reseller.name },
      resellerReference: "BT-1042",
    });
    const all = await callRoute<unknown[]>(ordersApi.loader, authedGet("/api/my-orders?limit=100", adminCookie));
    const listed = all.data.map((order) => orderSchema.parse(order));
    expect(listed.find((order) => order._id === website.id)).toMatchObject({
      channel: "website",
      reseller: null,
      resellerReference: null,
    });
    expect(listed.find((order) => order._id === resold.id)?.channel).toBe("reseller");
  });
});

describe("no card payment for a reseller's booking", () => {
  it("the booking page says who pays; the payment intent is refused with 409", async () => {
    const page = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${resold.id}`, ownerCookie), { id: resold.id });
    expect(page.data.order.reseller).toEqual({ name: reseller.name, reference: "BT-1042" });
    expect(page.data.actions.canPay).toBe(false);
    // even while it is pending (an OCTO hold): nothing to pay by card
    const prisma = await db();
    await prisma.order.update({
      where: { id: resold.id },
      data: { bookingStatus: "PENDING", holdExpiresAt: new Date(Date.now() + 3_600_000) },
    });
    try {
      const held = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${resold.id}`, ownerCookie), { id: resold.id });
      expect(held.data.actions.canPay).toBe(false);
      const response = await createIntentApi.action({
        request: new Request(new URL("/api/create-payment-intent", ORIGIN), {
          method: "POST",
          body: JSON.stringify({ orderId: resold.id }),
          headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: ownerCookie },
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toBe(
        `This booking was sold by ${reseller.name}, who pays the agency for it: it cannot be paid by card here.`,
      );
      expect((await prisma.order.findUniqueOrThrow({ where: { id: resold.id } })).stripePaymentIntentId).toBeNull();
    } finally {
      await prisma.order.update({ where: { id: resold.id }, data: { bookingStatus: "CONFIRMED", holdExpiresAt: null } });
    }
  });

  it("an admin's delete cancels it per the policy, on record, with no card refund", async () => {
    const prisma = await db();
    const booking = await resellerBooking(other, { priceCents: 60_00, reference: "PP-8" });
    const asked = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "ask-delete", id: booking.id }, adminCookie),
    );
    expect(asked.data.confirm.id).toBe(booking.id);
    expect(asked.data.confirm.what).toContain("sold by Padma Partners. It will not be deleted: the booking will be cancelled");
    const done = await callRoute(
      manageAllOrders.action,
      authedPost("/dashboard/manageAllOrders", { intent: "delete", id: booking.id }, adminCookie),
    );
    expect(done.status).toBe(200);
    expect(done.data.message).toBe(
      "Sold by a reseller, so it was cancelled instead of deleted and kept in the records: nothing refunded by card.",
    );
    const after = await prisma.order.findUniqueOrThrow({
      where: { id: booking.id },
      include: { refunds: true, statusChanges: true },
    });
    expect(after.deletedAt).toBeNull();
    expect(after.bookingStatus).toBe("CANCELLED");
    expect(after.refunds).toEqual([]);
    expect(after.statusChanges.map((change) => change.toStatus)).toContain("CANCELLED");
  });
});

describe("the commission report", () => {
  it("administrators only; the page and the CSV give the same figures, the CSV formula-safe", async () => {
    expect((await callRoute(commissionPage.loader, authedGet("/dashboard/resellers/commission", ownerCookie))).status).toBe(302);
    expect((await callRoute(commissionCsv.loader, authedGet("/dashboard/resellers/commission.csv", ownerCookie))).status).toBe(
      302,
    );
    const prisma = await db();
    const month = "2030-05";
    // 15 %: $100.10 → 1501.5 → 1502 cents; $33.33 → 499.95 → 500 cents; a cancelled one not counted
    await resellerBooking(reseller, { priceCents: 100_10, createdAt: new Date("2030-05-02T06:00:00Z") });
    await resellerBooking(reseller, { priceCents: 33_33, createdAt: new Date("2030-05-03T06:00:00Z") });
    await resellerBooking(reseller, { priceCents: 999_00, status: "CANCELLED", createdAt: new Date("2030-05-03T06:00:00Z") });
    const page = await callRoute(commissionPage.loader, authedGet(`/dashboard/resellers/commission?month=${month}`, adminCookie));
    const row = page.data.rows.find((line: { resellerId: string }) => line.resellerId === reseller.id);
    expect(row).toMatchObject({ bookings: 2, retailCents: 133_43, commissionCents: 20_02, netCents: 113_41, commission: "15%" });
    const resellers = await prisma.reseller.count();
    expect(page.data.rows).toHaveLength(resellers);
    const csv = await callRoute<string>(
      commissionCsv.loader,
      authedGet(`/dashboard/resellers/commission.csv?month=${month}`, adminCookie),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="commission-${month}.csv"`);
    const lines = csv.data
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Month,Reseller,Commission rate,Bookings,Retail (USD),Commission (USD),Net (USD)");
    expect(lines).toContain(`${month},"'=HYPERLINK(""x"") Trails",15%,2,133.43,20.02,113.41`);
    expect(lines[lines.length - 1]).toBe(`${month},Total,,2,133.43,20.02,113.41`);
    expect(lines).toHaveLength(resellers + 2);
    expect(
      (await callRoute(commissionCsv.loader, authedGet("/dashboard/resellers/commission.csv?month=May", adminCookie))).status,
    ).toBe(400);
    const bad = await callRoute(commissionPage.loader, authedGet("/dashboard/resellers/commission?month=May", adminCookie));
    expect(bad.data.error).toBe("The month must look like 2026-11.");
  });
});
