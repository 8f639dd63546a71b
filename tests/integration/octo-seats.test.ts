// One inventory for both channels, as resellers read it: seats the website takes leave OCTO's
// vacancies, and seats it gives back (a cancelled booking, a hold expired by the sweep) are in the
// next OCTO availability.
import { describe, expect, it } from "vitest";
import { cancelBooking, sweepBookings } from "~/booking/index.server";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import * as availability from "~/routes/octo.availability";
import { createUser } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { ORIGIN } from "../support/requests";

async function vacancies(key: string, productId: string, date: string): Promise<number> {
  const request = new Request(new URL("/octo/availability", ORIGIN), {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ productId, optionId: "DEFAULT", localDate: date }),
  });
  const response = await availability.action({ request, params: {}, context: {} });
  expect(response.status).toBe(200);
  const [item] = (await response.json()) as { vacancies: number }[];
  return item.vacancies;
}

describe("OCTO availability follows the website's seats", () => {
  it("after a booking, its cancellation, and a hold the sweep expires", async () => {
    const reseller = await createReseller({ name: "Seat Watcher", email: "w@seats.example", commissionPercent: 5, active: true });
    const key = (await createResellerKey(reseller.id))!.key;
    const tourPackage = await createPackage(100_00);
    const date = inDays(25);
    const departure = await createDeparture(tourPackage.id, date, 5);
    const customer = await createUser();
    expect(await vacancies(key, tourPackage.id, date)).toBe(5);

    const booked = await bookDeparture(customer, departure, 3);
    expect(await vacancies(key, tourPackage.id, date)).toBe(2);
    await cancelBooking(booked.id, { id: customer.id, isAdmin: false });
    expect(await vacancies(key, tourPackage.id, date)).toBe(5);

    const held = await bookDeparture(customer, departure, 4);
    expect(await vacancies(key, tourPackage.id, date)).toBe(1);
    const prisma = await db();
    await prisma.order.update({ where: { id: held.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    expect((await sweepBookings(new Date())).expired).toBeGreaterThanOrEqual(1);
    expect(await vacancies(key, tourPackage.id, date)).toBe(5);
  });
});
