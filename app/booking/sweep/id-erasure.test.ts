// Travellers' ID numbers are erased by the booking sweep ID_NUMBER_RETENTION_DAYS after their trip,
// or after their booking ended without one.
import { describe, expect, it } from "vitest";
import { sweepBookings } from "~/booking/sweep/booking-sweep.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { createPackage } from "../../../tests/support/bookings";
import { insertBooking } from "../../../tests/support/orders";
import { setTravellers } from "../../../tests/support/travellers";

async function tripOn(date: string) {
  const owner = await createUser();
  const order = await insertBooking(owner, await createPackage());
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

  it("erases them after a booking ended without its trip (cancelled or expired, dated or not), counted from its end", async () => {
    const now = new Date("2033-05-20T06:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const prisma = await db();
    /** A booking that reached `status` `days` ago, travelling on `travelDate` (or without a date). */
    async function ended(status: "CANCELLED" | "EXPIRED" | "CONFIRMED", days: number, travelDate: string | null) {
      const orderId = await tripOn("2033-01-01");
      await prisma.order.update({
        where: { id: orderId },
        data: { bookingStatus: status, travelDate: travelDate ? new Date(`${travelDate}T00:00:00Z`) : null },
      });
      await prisma.orderStatusChange.create({
        data: { orderId, fromStatus: "PENDING", toStatus: status, reason: "test", createdAt: daysAgo(days) },
      });
      return orderId;
    }
    const cancelledLongAgo = await ended("CANCELLED", 31, "2033-09-01"); // the trip is months away, but will not happen
    const cancelledRecently = await ended("CANCELLED", 29, "2033-09-01");
    const expiredUndated = await ended("EXPIRED", 30, null);
    const confirmedUndated = await ended("CONFIRMED", 400, null); // still to travel, some day
    await sweepBookings(now);
    for (const orderId of [cancelledLongAgo, expiredUndated])
      expect(await idsOf(orderId)).toMatchObject([{ idNumber: null }, { idNumber: null }]);
    for (const orderId of [cancelledRecently, confirmedUndated])
      expect(await idsOf(orderId)).toMatchObject([{ idNumber: "1234567890" }, { idNumber: "AB1234567" }]);
  });
});
