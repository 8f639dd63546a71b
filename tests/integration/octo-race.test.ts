// One inventory for every channel: 100 reseller reservations (POST /octo/bookings, four resellers)
// race 100 website bookings (placeBooking, the checkout's) for the 10 seats of one departure, all at
// once. Exactly 10 succeed, whichever channel wins them; the seats taken are the held orders'.
// Run on both databases (embedded, and TEST_DATABASE_URL=postgresql://…).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { placeBooking } from "~/booking/index.server";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import * as bookings from "~/routes/octo.bookings";
import { createUser } from "../support/auth";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import { checkoutFor } from "../support/orders";
import { ORIGIN } from "../support/requests";

const SEATS = 10;
const EACH = 100;

/** A client told the server is busy (no connection within the pool's wait, P2028) tries again with the same key. */
async function retried<T>(attempt: () => Promise<T>, busy: (result: T) => boolean): Promise<T> {
  for (let round = 1; ; round++) {
    const result = await attempt();
    if (!busy(result) || round >= 10) return result;
  }
}

describe("the website and resellers race for the same seats", () => {
  it("100 reseller reservations against 100 website bookings for 10 seats: exactly 10 succeed", async () => {
    const tourPackage = await createPackage(50_00);
    const date = inDays(21);
    const departure = await createDeparture(tourPackage.id, date, SEATS);
    const keys: string[] = [];
    for (let index = 0; index < 4; index++) {
      const reseller = await createReseller({
        name: `Racer ${index}`,
        email: `r${index}@race.example`,
        commissionPercent: 8,
        active: true,
      });
      keys.push((await createResellerKey(reseller.id))!.key);
    }
    const users: { id: string }[] = [];
    for (let index = 0; index < 25; index++) users.push(await createUser());

    const reserve = (index: number) => {
      const body = JSON.stringify({
        productId: tourPackage.id,
        optionId: "DEFAULT",
        availabilityId: `${date}T08:00:00+06:00`,
        uuid: randomUUID(),
        unitItems: [{ unitId: "adult" }],
      });
      return retried(
        async () => {
          const request = new Request(new URL("/octo/bookings", ORIGIN), {
            method: "POST",
            headers: { Authorization: `Bearer ${keys[index % keys.length]}`, "Content-Type": "application/json" },
            body,
          });
          const response = await bookings.action({ request, params: {}, context: {} });
          const answer = (await response.json()) as { status?: string; error?: string };
          return { channel: "reseller", ok: response.status === 200 && answer.status === "ON_HOLD", error: answer.error ?? null };
        },
        (result) => result.error === "INTERNAL_SERVER_ERROR",
      );
    };
    const book = (index: number) => {
      const input = checkoutFor(tourPackage.id, { departure: departure.id, quantity: "1" });
      return retried(
        async () => {
          try {
            await placeBooking(users[index % users.length].id, input);
            return { channel: "website", ok: true, error: null };
          } catch (error) {
            return { channel: "website", ok: false, error: (error as { code?: string }).code ?? "unknown" };
          }
        },
        (result) => result.error === "P2028",
      );
    };
    const results = await Promise.all(
      Array.from({ length: EACH * 2 }, (_, index) => (index % 2 === 0 ? reserve(index) : book(index))),
    );

    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(SEATS);
    // Every refusal is for seats: the specification's sold out, the website's "seats".
    const refusals = new Set(results.filter((result) => !result.ok).map((result) => result.error));
    expect([...refusals].sort()).toEqual(["UNPROCESSABLE_ENTITY", "seats"].filter((code) => refusals.has(code)));
    expect(refusals.size).toBeGreaterThan(0);
    const prisma = await db();
    const row = await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } });
    expect(row.seatsTaken).toBe(SEATS);
    const orders = await prisma.order.findMany({ where: { departureId: departure.id } });
    expect(orders).toHaveLength(SEATS);
    expect(orders.reduce((sum, order) => sum + order.quantity, 0)).toBe(SEATS);
    expect(orders.filter((order) => order.channel === "RESELLER")).toHaveLength(
      won.filter((result) => result.channel === "reseller").length,
    );
  }, 240_000); // 200 transactions on one embedded connection: minutes when the machine is busy
});
