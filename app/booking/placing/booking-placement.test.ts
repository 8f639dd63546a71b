// Placing a booking on a departure: seats, order, history and emails in one transaction.
import { describe, expect, it } from "vitest";
import { effectiveStatus } from "~/booking/core/booking-status";
import { addDeparture, changeDepartureSeats, changeDepartureStatus, departuresOf } from "~/booking/departures/departures.server";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { sweepBookings } from "~/booking/sweep/booking-sweep.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { checkoutFor, TEST_ORIGIN } from "../../../tests/support/orders";

async function packageWithDeparture(seats: number, date = "2030-12-14") {
  const prisma = await db();
  const tourPackage = await prisma.service.create({
    data: { title: "Hill Tracks", costCents: 200_00, image: "/images/tours/bandarban.svg", description: "Walks." },
  });
  const departure = await prisma.departure.create({ data: { serviceId: tourPackage.id, startDate: new Date(date), seats } });
  return { tourPackage, departure };
}

describe("placing a booking", () => {
  it("takes the seats, holds them, records the history and queues both emails with the order", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(5);
    const now = new Date("2030-11-01T06:00:00Z");
    const input = checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2", email: "buyer@example.com" });
    const { id } = await placeBooking(user.id, input, { now });
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({ where: { id }, include: { statusChanges: true } });
    expect(order).toMatchObject({ departureId: departure.id, bookingStatus: "PENDING", priceCents: 400_00 });
    expect(order.reference).toMatch(/^TB-[2-9A-HJKMNP-Z]{6}$/);
    expect(order.travelDate?.toISOString().slice(0, 10)).toBe("2030-12-14");
    // Held for BOOKING_HOLD_MINUTES until the customer starts paying.
    expect(order.holdExpiresAt?.toISOString()).toBe("2030-11-01T06:30:00.000Z");
    expect(order.statusChanges).toMatchObject([{ fromStatus: null, toStatus: "PENDING", byUserId: user.id }]);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(2);

    // To the account's own address: the contact email typed is the agency's contact data only.
    expect(await prisma.outboxEmail.count({ where: { to: "buyer@example.com" } })).toBe(0);
    const customerEmail = await prisma.outboxEmail.findFirstOrThrow({ where: { to: user.email } });
    expect(customerEmail.subject).toBe(`Booking received: Hill Tracks, 14 Dec 2030 [${order.reference}]`);
    for (const line of [
      `Booking reference: ${order.reference}`,
      "Package: Hill Tracks",
      "Date: 14 Dec 2030",
      "Travellers: 2 adults",
      "Total: $400",
      "held until 1 Nov 2030, 12:30 (Dhaka time)",
      `${TEST_ORIGIN}/dashboard/payment/${id}`,
    ]) {
      expect(customerEmail.text).toContain(line);
    }
    const agencyEmail = await prisma.outboxEmail.findFirstOrThrow({
      where: { to: "agency@tourbooking.test", text: { contains: id } },
    });
    expect(agencyEmail.subject).toBe(`New booking: Hill Tracks, 14 Dec 2030 (2 adults) [${order.reference}]`);
    expect(agencyEmail.text).toContain(`Booking reference: ${order.reference}`);
    expect(agencyEmail.replyTo).toBe(user.email);
    expect(agencyEmail.text).toContain("(buyer@example.com, 01712345678) booked:");
  });

  it("takes the seats once for the same form, however often it is sent", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(10);
    const input = checkoutFor(tourPackage.id, { departure: departure.id, quantity: "3" });
    const results = await Promise.all(Array.from({ length: 4 }, () => placeBooking(user.id, input)));
    expect(new Set(results.map((order) => order.id)).size).toBe(1);
    const prisma = await db();
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(3);
    expect(await prisma.outboxEmail.count({ where: { text: { contains: results[0].id } } })).toBe(2);
  });

  it("refuses more persons than seats left, a closed date and another package's date, keeping nothing", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(3);
    const other = await packageWithDeparture(3, "2030-12-20");
    const prisma = await db();
    const emailsBefore = await prisma.outboxEmail.count();
    await expect(
      placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "4" })),
    ).rejects.toMatchObject({
      code: "seats",
      message: "Only 3 seats left on this date.",
    });
    await expect(
      placeBooking(user.id, checkoutFor(tourPackage.id, { departure: other.departure.id, quantity: "1" })),
    ).rejects.toMatchObject({ code: "unknown-departure" });
    await expect(placeBooking(user.id, checkoutFor(tourPackage.id, { quantity: "1" }))).rejects.toMatchObject({
      code: "departure-needed",
      message: "Please choose a departure date.",
    });
    await changeDepartureStatus(departure.id, "closed", user.id);
    await expect(
      placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "1" })),
    ).rejects.toMatchObject({
      code: "departure-unavailable",
    });
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.outboxEmail.count()).toBe(emailsBefore);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(0);
  });
});

describe("departures of a package", () => {
  it("adds future dates once each and never lowers the seats below those sold", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(6);
    const now = new Date("2030-11-01T00:00:00Z");
    await expect(addDeparture(tourPackage.id, { date: "2030-11-01", seats: 5 }, now)).rejects.toMatchObject({
      code: "invalid",
      field: "date",
    });
    await expect(addDeparture(tourPackage.id, { date: "2030-12-14", seats: 5 }, now)).rejects.toMatchObject({ code: "conflict" });
    await addDeparture(tourPackage.id, { date: "2030-11-02", seats: 5 }, now);
    expect((await departuresOf(tourPackage.id, { now })).map((row) => row.startDate.toISOString().slice(0, 10))).toEqual([
      "2030-11-02",
      "2030-12-14",
    ]);
    await placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "4" }));
    await expect(changeDepartureSeats(departure.id, 3)).rejects.toMatchObject({ code: "conflict" });
    expect(await changeDepartureSeats(departure.id, 4)).toBe(1);
    const prisma = await db();
    expect(await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).toMatchObject({ status: "OPEN", seats: 4 });
    // Cancelling the date cancels its unpaid booking too and gives the seats back.
    expect(await changeDepartureStatus(departure.id, "cancelled", user.id)).toBe(1);
    expect(await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).toMatchObject({
      status: "CANCELLED",
      seatsTaken: 0,
    });
    expect(await prisma.order.count({ where: { departureId: departure.id, bookingStatus: "CANCELLED" } })).toBe(1);
    // Again: nothing left to do.
    expect(await changeDepartureStatus(departure.id, "cancelled", user.id)).toBe(0);
  });
});

describe("the booking sweep", () => {
  it("expires overdue holds and releases their seats once, even with two sweeps at once", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(8);
    const placedAt = new Date("2030-11-01T00:00:00Z");
    const overdue = await placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "3" }), {
      now: placedAt,
    });
    const fresh = await placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2" }), {
      now: new Date("2030-11-02T12:00:00Z"),
    });
    const sweepAt = new Date("2030-11-02T01:00:00Z");
    const prisma = await db();
    const before = await prisma.order.findUniqueOrThrow({ where: { id: overdue.id } });
    expect(effectiveStatus(before, sweepAt)).toBe("EXPIRED");

    // Both sweeps see the same overdue holds (other tests' bookings too): each is expired by one of them.
    const [first, second] = await Promise.all([sweepBookings(sweepAt), sweepBookings(sweepAt)]);
    expect(first.expired + second.expired).toBeGreaterThanOrEqual(1);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(2);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: overdue.id }, include: { statusChanges: true } });
    expect(after.bookingStatus).toBe("EXPIRED");
    expect(after.statusChanges.map((change) => change.toStatus).sort()).toEqual(["EXPIRED", "PENDING"]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: fresh.id } })).bookingStatus).toBe("PENDING");
    expect((await sweepBookings(sweepAt)).expired).toBe(0);
  });

  it("completes confirmed bookings once their date has passed", async () => {
    const user = await createUser();
    const { tourPackage, departure } = await packageWithDeparture(8);
    const { id } = await placeBooking(user.id, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "1" }), {
      now: new Date("2030-11-01T00:00:00Z"),
    });
    const prisma = await db();
    await prisma.order.update({ where: { id }, data: { bookingStatus: "CONFIRMED" } });
    expect((await sweepBookings(new Date("2030-12-14T10:00:00Z"))).completed).toBe(0);
    expect((await sweepBookings(new Date("2030-12-15T10:00:00Z"))).completed).toBe(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id } })).bookingStatus).toBe("COMPLETED");
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(1);
  });
});
