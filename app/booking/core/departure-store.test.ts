import { describe, expect, it } from "vitest";
import { releaseSeats, takeSeats } from "~/booking/core/departure-store.server";
import { db } from "~/platform/db.server";
import { firstPackage } from "../../../tests/support/orders";

const TODAY = "2026-11-23";

async function departure(seats: number, startDate = "2027-01-10", status: "OPEN" | "CLOSED" | "CANCELLED" = "OPEN") {
  const prisma = await db();
  const tourPackage = await firstPackage();
  return prisma.departure.create({ data: { serviceId: tourPackage.id, startDate: new Date(startDate), seats, status } });
}

describe("seats of a departure", () => {
  it("takes seats while there are enough and says how many are left", async () => {
    const prisma = await db();
    const { id } = await departure(10);
    expect(await takeSeats(prisma, id, 7, TODAY)).toEqual({ ok: true, seatsLeft: 3 });
    expect(await takeSeats(prisma, id, 4, TODAY)).toEqual({ ok: false, reason: "not-enough", seatsLeft: 3 });
    await releaseSeats(prisma, id, 7);
    expect(await takeSeats(prisma, id, 10, TODAY)).toEqual({ ok: true, seatsLeft: 0 });
  });

  it("refuses closed, cancelled, past and unknown departures", async () => {
    const prisma = await db();
    expect(await takeSeats(prisma, (await departure(5, "2027-02-01", "CLOSED")).id, 1, TODAY)).toMatchObject({
      reason: "not-open",
    });
    expect(await takeSeats(prisma, (await departure(5, "2027-02-02", "CANCELLED")).id, 1, TODAY)).toMatchObject({
      reason: "not-open",
    });
    expect(await takeSeats(prisma, (await departure(5, TODAY)).id, 1, TODAY)).toMatchObject({ reason: "past" });
    expect(await takeSeats(prisma, "missing", 1, TODAY)).toEqual({ ok: false, reason: "not-found" });
  });

  it("never gives more seats than the departure has, however many ask at once", async () => {
    const prisma = await db();
    const { id } = await departure(10, "2027-03-01");
    const results = await Promise.all(Array.from({ length: 40 }, () => takeSeats(prisma, id, 1, TODAY)));
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    const stored = await prisma.departure.findUniqueOrThrow({ where: { id } });
    expect(stored.seatsTaken).toBe(10);
  });

  it("is guarded by the database itself", async () => {
    const prisma = await db();
    const { id } = await departure(2, "2027-04-01");
    await expect(prisma.departure.update({ where: { id }, data: { seatsTaken: 3 } })).rejects.toThrow();
    await releaseSeats(prisma, id, 1);
    expect((await prisma.departure.findUniqueOrThrow({ where: { id } })).seatsTaken).toBe(0);
  });
});
