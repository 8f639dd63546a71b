// A departure's waitlist (issue 41): a party joins a date with too few seats (the API), freed seats
// (a cancellation, an expired hold, new seats, an offer left or run out) go to the first party that
// fits as a hold with an email linking its checkout, a party too large keeps its place, and under
// concurrent cancellations each freed seat is offered once: never more seats than the date has.
import { beforeAll, describe, expect, it } from "vitest";
import { stripeFakeForTests } from "../support/stripe-fake";

await stripeFakeForTests();

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { cancelBooking, changeDepartureSeats, changeDepartureStatus } = await import("~/booking/index.server");
const { placeBooking } = await import("~/booking/placing/booking-placement.server");
const { sweepBookings } = await import("~/booking/sweep/booking-sweep.server");
const { joinWaitlist, leaveWaitlist, runWaitlist } = await import("~/booking/waitlist/waitlist.server");
const waitlistApi = await import("~/routes/api.departures.$id.waitlist");
const { createUser, signIn } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays } = await import("../support/bookings");
const { checkoutFor } = await import("../support/orders");
const { callRoute, ORIGIN } = await import("../support/requests");

const HOUR = 3_600_000;

async function soldOut(seats: number, bookings: number[]) {
  const tourPackage = await createPackage();
  const departure = await createDeparture(tourPackage.id, inDays(40), seats);
  const orders = [];
  for (const quantity of bookings) {
    const owner = await createUser();
    orders.push({ owner, order: await bookDeparture(owner, departure, quantity) });
  }
  return { tourPackage, departure, orders };
}

async function state(departureId: string) {
  const prisma = await db();
  const departure = await prisma.departure.findUniqueOrThrow({ where: { id: departureId } });
  const entries = await prisma.waitlistEntry.findMany({ where: { departureId }, orderBy: { createdAt: "asc" } });
  return { seatsTaken: departure.seatsTaken, seats: departure.seats, entries };
}

async function waiting(departureId: string, parties: number[]) {
  const users = [];
  for (const persons of parties) {
    const user = await createUser();
    await joinWaitlist(user.id, departureId, { travellers: persons });
    users.push(user);
  }
  return users;
}

function api(method: "GET" | "POST" | "DELETE", departureId: string, cookie: string, body?: unknown) {
  const request = new Request(new URL(`/api/departures/${departureId}/waitlist`, ORIGIN), {
    method,
    headers: { Origin: ORIGIN, Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return callRoute(method === "GET" ? waitlistApi.loader : waitlistApi.action, request, { id: departureId });
}

async function emailsTo(email: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to: email } });
}

describe("the waitlist API", () => {
  it("joins a sold-out date, refuses twice and a date with seats, names a bad party, leaves once", async () => {
    const { departure } = await soldOut(4, [4]);
    const customer = await createUser();
    const cookie = await signIn(customer.id);
    const joined = await api("POST", departure.id, cookie, { travellers: [{ category: "adult" }, { category: "adult" }] });
    expect(joined.status).toBe(201);
    expect(joined.data).toMatchObject({ status: "waiting" });
    expect((await api("POST", departure.id, cookie, { travellers: 2 })).status).toBe(409);
    const bad = await api("POST", departure.id, await signIn((await createUser()).id), { travellers: [{ category: "nope" }] });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: "This price category does not exist.", details: { travellers: expect.any(Array) } });

    const open = await createDeparture(departure.serviceId, inDays(41), 10);
    expect((await api("POST", open.id, cookie, { travellers: 3 })).status).toBe(409);

    expect((await api("GET", departure.id, cookie)).status).toBe(403);
    const admin = await createUser({ role: "ADMIN" });
    const list = await api("GET", departure.id, await signIn(admin.id));
    expect(list.status).toBe(200);
    expect(list.data).toEqual([
      expect.objectContaining({
        email: customer.email,
        persons: 2,
        seats: 2,
        status: "waiting",
        travellers: [{ category: "adult", count: 2 }],
      }),
    ]);

    expect((await api("DELETE", departure.id, cookie)).status).toBe(200);
    expect((await api("DELETE", departure.id, cookie)).status).toBe(404);
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["LEFT"]);
  });
});

describe("offers of freed seats", () => {
  it("a cancellation offers its seats to the first party that fits; a larger party keeps its place; the offer books", async () => {
    const { tourPackage, departure, orders } = await soldOut(4, [2, 2]);
    const [large, small] = await waiting(departure.id, [3, 2]);
    await cancelBooking(orders[0].order.id, { id: orders[0].owner.id, isAdmin: false });

    const after = await state(departure.id);
    expect(after.seatsTaken).toBe(4);
    expect(after.entries.map((entry) => entry.status)).toEqual(["WAITING", "OFFERED"]);
    const offered = after.entries[1];
    expect(offered.offerExpiresAt!.getTime() - Date.now()).toBeGreaterThan(11.9 * HOUR);
    const [email] = await emailsTo(small.email);
    expect(email.subject).toContain(tourPackage.title);
    expect(email.text).toContain(`/addCart/`);
    expect(email.text).toContain(`departure=${departure.id}`);
    expect(email.text).toContain("You are not booked yet");
    expect(await emailsTo(large.email)).toHaveLength(0);

    // Another customer cannot take the held seats; the party offered them books them.
    const other = await createUser();
    await expect(placeBooking(other.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "1" }))).rejects.toThrow(
      "This date is sold out.",
    );
    await placeBooking(small.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2" }));
    const booked = await state(departure.id);
    expect(booked.seatsTaken).toBe(4);
    expect(booked.entries.map((entry) => entry.status)).toEqual(["WAITING", "BOOKED"]);
  });

  it("under concurrent cancellations every freed seat is offered once and the date is never oversold", async () => {
    const { departure, orders } = await soldOut(
      10,
      Array.from({ length: 10 }, () => 1),
    );
    const parties = await waiting(departure.id, [2, 2, 2, 2, 2, 2, 2]);
    await Promise.all(orders.map(({ owner, order }) => cancelBooking(order.id, { id: owner.id, isAdmin: false })));

    const after = await state(departure.id);
    expect(after.seatsTaken).toBe(10);
    expect(after.entries.map((entry) => entry.status)).toEqual([
      "OFFERED",
      "OFFERED",
      "OFFERED",
      "OFFERED",
      "OFFERED",
      "WAITING",
      "WAITING",
    ]);
    for (const [index, party] of parties.entries()) expect(await emailsTo(party.email)).toHaveLength(index < 5 ? 1 : 0);
  });

  it("an offer not taken in time passes to the next party, once however many jobs run at once", async () => {
    const { departure, orders } = await soldOut(2, [2]);
    const [first, second] = await waiting(departure.id, [2, 2]);
    await cancelBooking(orders[0].order.id, { id: orders[0].owner.id, isAdmin: false });
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["OFFERED", "WAITING"]);

    const later = new Date(Date.now() + 13 * HOUR);
    await Promise.all([runWaitlist(later), runWaitlist(later), runWaitlist(later)]);
    const after = await state(departure.id);
    expect(after.entries.map((entry) => entry.status)).toEqual(["EXPIRED", "OFFERED"]);
    expect(after.seatsTaken).toBe(2);
    expect(await emailsTo(first.email)).toHaveLength(1);
    expect(await emailsTo(second.email)).toHaveLength(1);
    // The first party's offer is gone: its checkout is refused like anyone's.
    await expect(
      placeBooking(first.id, checkoutFor(departure.serviceId, { departure: departure.id, quantity: "2" })),
    ).rejects.toThrow("This date is sold out.");
  });

  it("an expired hold, new seats and an offer left are offered too", async () => {
    const { departure } = await soldOut(3, [2]);
    const holder = await createUser();
    const hold = await bookDeparture(holder, departure, 1);
    const [a, b, c] = await waiting(departure.id, [1, 1, 2]);

    // The booking of 1 seat runs out.
    const prisma = await db();
    await prisma.order.update({ where: { id: hold.id }, data: { holdExpiresAt: new Date(Date.now() - 1000) } });
    await sweepBookings();
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["OFFERED", "WAITING", "WAITING"]);

    await changeDepartureSeats(departure.id, 4);
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["OFFERED", "OFFERED", "WAITING"]);

    await leaveWaitlist(a.id, departure.id);
    await leaveWaitlist(b.id, departure.id);
    const after = await state(departure.id);
    expect(after.entries.map((entry) => entry.status)).toEqual(["LEFT", "LEFT", "OFFERED"]);
    expect(after.seatsTaken).toBe(4);
    expect(await emailsTo(c.email)).toHaveLength(1);
  });

  it("a cancelled date ends its line: no place waits or is offered there", async () => {
    const { departure, orders } = await soldOut(2, [1, 1]);
    const [first, second] = await waiting(departure.id, [1, 2]);
    await cancelBooking(orders[0].order.id, { id: orders[0].owner.id, isAdmin: false });
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["OFFERED", "WAITING"]);
    const admin = await createUser({ role: "ADMIN" });
    await changeDepartureStatus(departure.id, "cancelled", admin.id);
    expect((await state(departure.id)).entries.map((entry) => entry.status)).toEqual(["EXPIRED", "EXPIRED"]);
    await expect(leaveWaitlist(first.id, departure.id)).rejects.toThrow("You are not on the waitlist of this date.");
    expect(await emailsTo(second.email)).toHaveLength(0);
  });
});
