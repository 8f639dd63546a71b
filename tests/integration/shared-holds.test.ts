// What all website accounts together may hold unpaid on one departure (HOLD_MAX_SHARE_PER_DEPARTURE,
// 50 % by default; issue 35 item 11): two free accounts can no longer sell out a 32-seat date, under
// concurrency too; administrators and paid bookings are not held back by it.
import { beforeAll, describe, expect, it } from "vitest";

process.env.HOLD_MAX_SHARE_PER_DEPARTURE = "50";

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { placeBooking } = await import("~/booking/placing/booking-placement.server");
const { createUser } = await import("../support/auth");
const { createDeparture, createPackage, inDays } = await import("../support/bookings");
const { checkoutFor } = await import("../support/orders");

async function date(seats: number) {
  const tourPackage = await createPackage();
  const departure = await createDeparture(tourPackage.id, inDays(40), seats);
  return { tourPackage, departure };
}

const order = (userId: string, serviceId: string, departure: string, quantity: number) =>
  placeBooking(userId, checkoutFor(serviceId, { departure, quantity: String(quantity) }));

async function seatsTaken(departureId: string) {
  return (await (await db()).departure.findUniqueOrThrow({ where: { id: departureId } })).seatsTaken;
}

describe("the share of a date held unpaid by all accounts", () => {
  it("stops two free accounts selling out a 32-seat date: 16 seats at most wait for payment", async () => {
    const { tourPackage, departure } = await date(32);
    const [first, second] = [await createUser(), await createUser()];
    // Alone on the date, an account is held back by its own limits only (a group of 20 may book)...
    await order(first.id, tourPackage.id, departure.id, 20);
    // ...but nobody else may join in while 20 of 32 wait for payment.
    await expect(order(second.id, tourPackage.id, departure.id, 4)).rejects.toMatchObject({
      code: "hold-limit",
      message: expect.stringContaining("At most 16 unpaid seats of this date can wait for payment at once, and 20 already do."),
    });
    await (await db()).order.updateMany({ where: { departureId: departure.id }, data: { bookingStatus: "CANCELLED" } });
    await (await db()).departure.update({ where: { id: departure.id }, data: { seatsTaken: 0 } });
    await order(first.id, tourPackage.id, departure.id, 12);
    await order(second.id, tourPackage.id, departure.id, 4);
    await expect(order(second.id, tourPackage.id, departure.id, 4)).rejects.toMatchObject({
      code: "hold-limit",
      message: expect.stringContaining("and 16 already do."),
    });
    expect(await seatsTaken(departure.id)).toBe(16);
    // Paid bookings no longer wait: their seats are free for others to hold.
    await (await db()).order.updateMany({ where: { departureId: departure.id }, data: { bookingStatus: "CONFIRMED" } });
    await order(second.id, tourPackage.id, departure.id, 4);
    // An administrator's booking (a phone booking for a customer) is not held back.
    const admin = await createUser({ role: "ADMIN" });
    await order(admin.id, tourPackage.id, departure.id, 12);
    expect(await seatsTaken(departure.id)).toBe(32);
  });

  it("holds under concurrency: 12 accounts ordering 4 seats of a 32-seat date at once get 16 seats", async () => {
    const { tourPackage, departure } = await date(32);
    const users = [];
    for (let count = 0; count < 12; count += 1) users.push(await createUser());
    const results = await Promise.allSettled(users.map((user) => order(user.id, tourPackage.id, departure.id, 4)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    for (const result of results.filter((one) => one.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "hold-limit" });
    }
    expect(await seatsTaken(departure.id)).toBe(16);
    const held = await (await db()).order.aggregate({ where: { departureId: departure.id }, _sum: { quantity: true } });
    expect(held._sum.quantity).toBe(16);
  });
});
