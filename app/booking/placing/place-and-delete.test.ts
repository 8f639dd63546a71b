import { describe, expect, it } from "vitest";
import { deleteBooking, BookingError, placeBooking, quote } from "~/booking/placing/booking-placement.server";
import { db } from "~/platform/db.server";
import { bookingFor, checkoutFor, firstPackage } from "../../../tests/support/orders";

const liveOrders = async (userId: string) => (await db()).order.count({ where: { userId, deletedAt: null } });

async function customer(email: string) {
  const prisma = await db();
  return prisma.user.create({ data: { email, displayName: email.split("@")[0] } });
}

describe("placing orders", () => {
  it("prices the order from the database, not from the client", async () => {
    const user = await customer("pricing@example.com");
    const tourPackage = await firstPackage();
    const order = await placeBooking(user.id, await bookingFor(tourPackage.id));
    const prisma = await db();
    const stored = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.priceCents).toBe(tourPackage.costCents * 3);
    expect(stored.unitPriceCents).toBe(tourPackage.costCents);
    expect(stored.serviceTitle).toBe(tourPackage.title);
    expect(stored.bookingStatus).toBe("PENDING");
    expect(stored.paymentStatus).toBe("UNPAID");
    expect(stored.country).toBe("Bangladesh");
    const quoted = await quote(tourPackage.id, ([first]) => ({ [first.id]: 3 }));
    expect(quoted?.ok && quoted.totalCents).toBe(tourPackage.costCents * 3);
  });

  it("creates one order for the same form, even when submitted concurrently", async () => {
    const user = await customer("double@example.com");
    const tourPackage = await firstPackage();
    const input = await bookingFor(tourPackage.id);
    const results = await Promise.all([placeBooking(user.id, input), placeBooking(user.id, input), placeBooking(user.id, input)]);
    expect(new Set(results.map((order) => order.id)).size).toBe(1);
    expect(await liveOrders(user.id)).toBe(1);
  });

  it("refuses a deleted package", async () => {
    const user = await customer("gone@example.com");
    const prisma = await db();
    const gone = await prisma.service.create({
      data: { title: "Gone", costCents: 1000, image: "/images/tours/bandarban.svg", description: "x", deletedAt: new Date() },
    });
    await expect(placeBooking(user.id, checkoutFor(gone.id))).rejects.toBeInstanceOf(BookingError);
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("deleting orders", () => {
  it("is a soft delete by the owner; others get not-found and nothing changes", async () => {
    const owner = await customer("owner@example.com");
    const stranger = await customer("stranger@example.com");
    const order = await placeBooking(owner.id, await bookingFor((await firstPackage()).id));
    await expect(deleteBooking(order.id, { id: stranger.id, isAdmin: false })).rejects.toMatchObject({ code: "not-found" });
    expect(await liveOrders(owner.id)).toBe(1);
    expect(await deleteBooking(order.id, { id: owner.id, isAdmin: false })).toEqual({ deletedCount: 1, cancellation: null });
    expect(await liveOrders(owner.id)).toBe(0);
    const prisma = await db();
    const stored = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { statusChanges: true } });
    expect(stored.deletedAt).not.toBeNull();
    expect(stored.bookingStatus).toBe("CANCELLED");
    expect(stored.statusChanges.at(-1)).toMatchObject({
      fromStatus: "PENDING",
      toStatus: "CANCELLED",
      byUserId: owner.id,
      reason: "Order deleted",
    });
  });

  it("keeps paid orders from their customer", async () => {
    const owner = await customer("paid@example.com");
    const order = await placeBooking(owner.id, await bookingFor((await firstPackage()).id));
    const prisma = await db();
    await prisma.order.update({ where: { id: order.id }, data: { paymentStatus: "PAID" } });
    await expect(deleteBooking(order.id, { id: owner.id, isAdmin: false })).rejects.toMatchObject({ code: "paid" });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deletedAt).toBeNull();
  });
});
