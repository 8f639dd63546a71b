// Promo codes at placement, on the embedded database and on PostgreSQL (TEST_DATABASE_URL): the
// discount on the server's total, each refusal said exactly, a cap of uses holding under 50
// concurrent orders, the per-customer cap, and a use given back when its order expires or is
// cancelled unpaid.
import { beforeAll, describe, expect, it } from "vitest";

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { placeBooking, BookingError, deleteBooking } = await import("~/booking/placing/booking-placement.server");
const { createPromoCode, findPromoCode } = await import("~/booking/promo-codes/promo-codes.server");
const { promoCodeInputSchema } = await import("~/booking/core/promo-code-rules");
const { expireHold } = await import("~/booking/sweep/booking-sweep-store.server");
const { applyCancellation } = await import("~/booking/cancelling/cancellation-store.server");
const { createUser } = await import("../../../tests/support/auth");
const { createDeparture, createPackage, inDays } = await import("../../../tests/support/bookings");
const { checkoutFor } = await import("../../../tests/support/orders");

let serial = 0;
async function newCode(fields: Record<string, unknown> = {}) {
  const code = `TEST-${Date.now().toString(36)}-${serial++}`.toUpperCase();
  const input = promoCodeInputSchema.parse({ code, percentOff: 10, validFrom: inDays(-10), validUntil: inDays(10), ...fields });
  await createPromoCode(input);
  return code;
}

async function tour(seats = 100, days = 30, costCents = 20_000) {
  const tourPackage = await createPackage(costCents);
  const departure = await createDeparture(tourPackage.id, inDays(days), seats);
  return { tourPackage, departure };
}

function order(userId: string, trip: Awaited<ReturnType<typeof tour>>, promoCode: string, quantity = "1") {
  return placeBooking(userId, checkoutFor(trip.tourPackage.id, { departure: trip.departure.id, quantity, promoCode }));
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BookingError);
  return error as InstanceType<typeof BookingError>;
}

async function stored(id: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({ where: { id }, include: { promoCode: true } });
}

describe("promo codes at placement", () => {
  it("takes the discount off the server's total and keeps the code and the discount on the order", async () => {
    const trip = await tour(100, 30, 20_000);
    const percent = await newCode({ percentOff: 15 });
    const user = await createUser();
    const placed = await stored((await order(user.id, trip, percent.toLowerCase(), "3")).id);
    expect(placed.discountCents).toBe(9_000);
    expect(placed.priceCents).toBe(51_000);
    expect(placed.promoCode?.code).toBe(percent);
    expect((await findPromoCode(percent))?.redemptions).toBe(1);

    const amount = await newCode({ percentOff: undefined, amountOff: 1_000 });
    const whole = await stored((await order(user.id, trip, amount)).id);
    // never below what a card can be charged
    expect(whole.discountCents).toBe(19_950);
    expect(whole.priceCents).toBe(50);
  });

  it("says exactly why a code is refused, on the promoCode field, and writes nothing", async () => {
    const trip = await tour();
    const user = await createUser();
    const cases: [Promise<string>, string][] = [
      [Promise.resolve("NO-SUCH-CODE"), "This promo code does not exist."],
      [newCode({ active: false }), "This promo code is not active."],
      [newCode({ validFrom: "2025-01-01", validUntil: "2025-01-31" }), "This promo code expired on 31 Jan 2025."],
      [newCode({ validFrom: inDays(5), validUntil: inDays(9) }), "This promo code is not valid yet: it can be used from"],
      [newCode({ packages: [(await createPackage()).id] }), "This promo code is not for this package."],
      [newCode({ minTravellers: 4 }), "This promo code needs at least 4 travellers."],
      [newCode({ travelFrom: inDays(60) }), "This promo code is only for trips from"],
      [
        newCode({ maxRedemptions: 1 }).then(async (code) => {
          await order((await createUser()).id, trip, code);
          return code;
        }),
        "This promo code has been used up.",
      ],
    ];
    const prisma = await db();
    const before = await prisma.order.count({ where: { userId: user.id } });
    for (const [code, message] of cases) {
      const error = await refusal(order(user.id, trip, await code, "2"));
      expect(error.message).toContain(message);
      expect(error.fields).toEqual([{ path: "promoCode", message: error.message }]);
      expect(error.code).toBe(message.includes("used up") ? "promo-used-up" : "promo");
    }
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(before);
  });

  it("gives exactly 5 of 50 concurrent orders a code limited to 5 uses", async () => {
    const trip = await tour(200);
    const code = await newCode({ maxRedemptions: 5 });
    const users = [];
    // one at a time: password hashing queues only so many
    for (let count = 0; count < 50; count++) users.push(await createUser());
    const outcomes = await Promise.allSettled(users.map((user) => order(user.id, trip, code)));
    const placed = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(placed).toHaveLength(5);
    expect(refused.map(({ reason }) => (reason as Error).message)).toEqual(Array(45).fill("This promo code has been used up."));
    const prisma = await db();
    expect(await prisma.order.count({ where: { promoCode: { code } } })).toBe(5);
    expect((await findPromoCode(code))?.redemptions).toBe(5);
    // the refused orders took no seats
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: trip.departure.id } })).seatsTaken).toBe(5);
  });

  it("holds the per-customer cap, also for one customer's concurrent orders", async () => {
    const trip = await tour();
    const code = await newCode({ maxPerCustomer: 1 });
    const user = await createUser();
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => order(user.id, trip, code)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const error = await refusal(order(user.id, trip, code));
    expect(error.message).toBe("You have already used this promo code.");
    expect(error.code).toBe("promo-used-up");
    // another customer still can
    await order((await createUser()).id, trip, code);
  });

  it("gives the use back when the order expires unpaid or is cancelled unpaid, once", async () => {
    const trip = await tour();
    const code = await newCode({ maxRedemptions: 1 });
    const first = await createUser();
    const held = await order(first.id, trip, code);
    expect((await refusal(order((await createUser()).id, trip, code))).code).toBe("promo-used-up");

    expect(await expireHold(held.id)).toBe(true);
    expect(await expireHold(held.id)).toBe(false);
    expect((await findPromoCode(code))?.redemptions).toBe(0);
    expect((await stored(held.id)).promoReleasedAt).not.toBeNull();

    const second = await createUser();
    const again = await order(second.id, trip, code);
    expect((await findPromoCode(code))?.redemptions).toBe(1);
    await deleteBooking(again.id, { id: second.id, isAdmin: false });
    expect((await findPromoCode(code))?.redemptions).toBe(0);
    await order((await createUser()).id, trip, code);
    expect((await findPromoCode(code))?.redemptions).toBe(1);
  });

  it("keeps the use of a booking cancelled after something was paid (a deposit)", async () => {
    const trip = await tour();
    const code = await newCode();
    const placed = await order((await createUser()).id, trip, code);
    const prisma = await db();
    await prisma.order.update({ where: { id: placed.id }, data: { paidCents: 1_000, paymentStatus: "PARTLY_PAID" } });
    const cancel = { from: ["PENDING" as const], refunds: [], byUserId: null, reason: "test", emails: [] };
    expect((await applyCancellation(placed.id, cancel)).cancelled).toBe(true);
    expect((await findPromoCode(code))?.redemptions).toBe(1);
    expect((await stored(placed.id)).promoReleasedAt).toBeNull();
  });
});
