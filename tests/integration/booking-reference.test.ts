// A booking's reference ("TB-7K3P9Q"): drawn with the order (drawn again when taken), found by
// Manage All Orders' search, returned by the API, written in the emails and the CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "~/booking/core/booking-store.server";
import { formatCalendarDate } from "~/platform/dates";
import { db } from "~/platform/db.server";
import * as myOrdersApi from "~/routes/api.my-orders";
import * as orderApi from "~/routes/api.my-orders.$id";
import * as ordersCsv from "~/routes/dashboard.export.orders[.]csv";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as myOrder from "~/routes/dashboard.myOrder";
import * as orderPage from "~/routes/dashboard.orders.$id";
import { authedGet, createUser, signIn } from "../support/auth";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import { billing, placeTestOrder } from "../support/orders";
import { callRoute } from "../support/requests";

const NO_HOLD_LIMITS = { perDeparture: 1000, perAccount: 1000, sharePerDeparture: 100 };

const REFERENCE = /^TB-[2-9A-HJKMNP-Z]{6}$/;

beforeAll(() => db(), 180_000);

async function newBookingData() {
  const user = await createUser();
  const tourPackage = await createPackage(10_000);
  const departure = await createDeparture(tourPackage.id, inDays(40), 10);
  const data = {
    ...billing,
    userId: user.id,
    serviceId: tourPackage.id,
    serviceTitle: tourPackage.title,
    unitPriceCents: 10_000,
    quantity: 2,
    packageType: "group" as const,
    priceCents: 20_000,
    departureId: departure.id,
    travelDate: departure.startDate,
  };
  return { user, departure, data };
}

describe("a booking's reference", () => {
  it("is drawn with the order and written in its emails", async () => {
    const user = await createUser();
    const order = await placeTestOrder(user.id, { email: "ref-buyer@example.com" });
    expect(order.reference).toMatch(REFERENCE);
    const prisma = await db();
    const emails = await prisma.outboxEmail.findMany({ where: { text: { contains: order.reference } } });
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(email.subject.endsWith(`[${order.reference}]`)).toBe(true);
      expect(email.text).toContain(`Booking reference: ${order.reference}`);
      expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}|GMT/);
    }
  });

  it("is drawn again when taken, the booking (seats, history, emails) made once", async () => {
    const taken = (await placeTestOrder((await createUser()).id)).reference;
    const { data } = await newBookingData();
    const draws = [taken, "TB-FRESH2"];
    const created = await createBooking(data, {
      today: inDays(0),
      now: new Date(),
      holdLimits: NO_HOLD_LIMITS,
      emails: ({ reference }) => [{ to: "x@example.com", subject: `New ${reference}`, text: reference }],
      reference: () => draws.shift()!,
    });
    expect(created).toMatchObject({ ok: true, reference: "TB-FRESH2" });
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: (created as { id: string }).id },
      include: { statusChanges: true, departure: true },
    });
    expect(order.reference).toBe("TB-FRESH2");
    expect(draws).toEqual([]);
    expect(order.statusChanges).toHaveLength(1);
    expect(order.departure!.seatsTaken).toBe(2);
    expect(
      await prisma.outboxEmail.count({ where: { subject: { startsWith: "New TB-" }, text: { in: [taken, "TB-FRESH2"] } } }),
    ).toBe(1);
  });

  it("gives up after a few draws, all taken, keeping nothing", async () => {
    const taken = (await placeTestOrder((await createUser()).id)).reference;
    const { user, departure, data } = await newBookingData();
    let draws = 0;
    await expect(
      createBooking(data, {
        today: inDays(0),
        now: new Date(),
        holdLimits: NO_HOLD_LIMITS,
        emails: () => [],
        reference: () => {
          draws++;
          return taken;
        },
      }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(draws).toBe(5);
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(0);
  });

  it("finds the booking in Manage All Orders, in any case, with or without TB-", async () => {
    const order = await placeTestOrder((await createUser()).id);
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const code = order.reference.slice(3);
    for (const q of [order.reference, order.reference.toLowerCase(), code, code.toLowerCase().slice(0, 5), `TB${code}`]) {
      const answer = await callRoute<{ orders: { id: string; reference: string }[] }>(
        manageAllOrders.loader,
        authedGet(`/dashboard/manageAllOrders?q=${encodeURIComponent(q)}`, admin),
      );
      expect(
        answer.data.orders.map((row) => row.id),
        q,
      ).toContain(order.id);
      expect(answer.data.orders.find((row) => row.id === order.id)?.reference).toBe(order.reference);
    }
  });

  it("is in My Orders, the order page, the API's orders and the CSV, with dates for people", async () => {
    const user = await createUser();
    const order = await placeTestOrder(user.id);
    const cookie = await signIn(user.id);
    const mine = await callRoute<{ orders: { id: string; reference: string }[] }>(
      myOrder.loader,
      authedGet("/dashboard/myOrder", cookie),
    );
    expect(mine.data.orders.find((row) => row.id === order.id)?.reference).toBe(order.reference);

    const page = await callRoute<{ order: { reference: string; travelDate: string } }>(
      orderPage.loader,
      authedGet(`/dashboard/orders/${order.id}`, cookie),
      { id: order.id },
    );
    expect(page.data.order.reference).toBe(order.reference);
    expect(page.data.order.travelDate).toBe(formatCalendarDate(order.travelDate!));

    const one = await callRoute<{ _id: string; reference: string }>(
      orderApi.loader,
      authedGet(`/api/my-orders/${order.id}`, cookie),
      { id: order.id },
    );
    expect(one.data).toMatchObject({ _id: order.id, reference: order.reference });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const list = await callRoute<{ _id: string; reference: string }[]>(myOrdersApi.loader, authedGet("/api/my-orders", admin));
    expect(list.data.find((row) => row._id === order.id)?.reference).toBe(order.reference);

    const csv = await callRoute<string>(ordersCsv.loader, authedGet(`/dashboard/export/orders.csv?q=${order.reference}`, admin));
    const [header, row] = csv.data
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header.split(",").slice(0, 3)).toEqual(["Order number", "Reference", "Ordered at"]);
    expect(row.startsWith(`${order.id},${order.reference},"`)).toBe(true);
    expect(row).toContain(formatCalendarDate(order.travelDate!));
    expect(row).not.toMatch(/\d{4}-\d{2}-\d{2}|GMT|Z\b/);
  });
});
