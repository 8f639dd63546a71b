// Travellers' ID numbers are erased by the booking sweep ID_NUMBER_RETENTION_DAYS after their trip.
import { describe, expect, it } from "vitest";
import { sweepBookings } from "~/booking/booking-sweep.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../tests/support/auth";
import { createPackage } from "../../tests/support/bookings";
import { insertOrder } from "../../tests/support/orders";
import { setTravellers } from "../../tests/support/travellers";

async function tripOn(date: string) {
  const owner = await createUser();
  const order = await insertOrder(owner, await createPackage());
  const prisma = await db();
  await prisma.order.update({ where: { id: order.id }, data: { travelDate: new Date(`${date}T00:00:00Z`) } });
  await setTravellers(order.id, [
    { name: "Rina Das", idNumber: "1234567890" },
    { name: "Tuhin Das", idNumber: "AB1234567" },
  ]);
  return order.id;
}

const idsOf = async (orderId: string) =>
  (await db()).traveller.findMany({
    where: { orderId },
    orderBy: { position: "asc" },
    select: { name: true, idNumber: true, idErasedAt: true },
  });

describe("erasing ID numbers after the trip", () => {
  it("erases them 30 days after the trip by default, keeps them before, and once", async () => {
    // 15 March 2031, noon in Dhaka.
    const now = new Date("2031-03-15T06:00:00Z");
    const longAgo = await tripOn("2031-02-12"); // 31 days before
    const exactly = await tripOn("2031-02-13"); // 30 days before
    const recent = await tripOn("2031-02-14"); // 29 days before
    const { erased } = await sweepBookings(now);
    expect(erased).toBeGreaterThanOrEqual(4);
    for (const orderId of [longAgo, exactly]) {
      expect(await idsOf(orderId)).toEqual([
        { name: "Rina Das", idNumber: null, idErasedAt: now },
        { name: "Tuhin Das", idNumber: null, idErasedAt: now },
      ]);
    }
    expect(await idsOf(recent)).toEqual([
      { name: "Rina Das", idNumber: "1234567890", idErasedAt: null },
      { name: "Tuhin Das", idNumber: "AB1234567", idErasedAt: null },
    ]);
    // Erased once: a later sweep finds nothing left to erase of them.
    await sweepBookings(new Date("2031-03-15T07:00:00Z"));
    expect((await idsOf(longAgo))[0].idErasedAt).toEqual(now);
  });

  it("takes the number of days from the configuration", async () => {
    const now = new Date("2032-06-30T06:00:00Z");
    const trip = await tripOn("2032-06-01"); // 29 days before
    await sweepBookings(now, { retentionDays: 30 });
    expect((await idsOf(trip))[0].idNumber).toBe("1234567890");
    await sweepBookings(now, { retentionDays: 29 });
    expect(await idsOf(trip)).toMatchObject([{ idNumber: null }, { idNumber: null }]);
  });
});
