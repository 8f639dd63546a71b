// The commission report against a real database (both): per reseller and month in Dhaka time, the
// confirmed and completed bookings only, commission rounded half up per booking. Every figure below
// is worked out by hand in the comments.
import { describe, expect, it } from "vitest";
import { commissionTotals } from "~/distribution/commission";
import { commissionReport } from "~/distribution/commission-store.server";
import { db } from "~/platform/db.server";
import { createTestReseller, resellerBooking } from "../../tests/support/resellers";

describe("commissionReport", () => {
  it("sums each reseller's confirmed and completed bookings of the month, half up per booking", async () => {
    await db();
    // 12.5 % and 10 %: names chosen so they sort first and second
    const alpha = await createTestReseller("Aaa Commission Alpha", 1250);
    const beta = await createTestReseller("Aab Commission Beta", 1000);
    const idle = await createTestReseller("Aac Commission Idle", 500);
    // Alpha, March 2027 in Dhaka:
    //   $100.00 confirmed → commission 10000 × 0.125 = 1250.0 → 1250 cents
    //   $33.33 completed → 3333 × 0.125 = 416.625 → 417 cents (half up; 416.6 on the sum would differ)
    //   $0.04 confirmed → 4 × 0.125 = 0.5 → 1 cent (exactly half: up)
    //   booked 1 Mar 00:10 Dhaka (28 Feb 18:10 UTC): March
    await resellerBooking(alpha, { priceCents: 100_00, createdAt: new Date("2027-02-28T18:10:00Z") });
    await resellerBooking(alpha, { priceCents: 33_33, status: "COMPLETED", createdAt: new Date("2027-03-10T06:00:00Z") });
    await resellerBooking(alpha, { priceCents: 4, createdAt: new Date("2027-03-31T17:59:59Z") });
    // not counted: cancelled, expired, pending, deleted, and the month's edges in Dhaka
    await resellerBooking(alpha, { priceCents: 500_00, status: "CANCELLED", createdAt: new Date("2027-03-12T06:00:00Z") });
    await resellerBooking(alpha, { priceCents: 500_00, status: "EXPIRED", createdAt: new Date("2027-03-12T06:00:00Z") });
    await resellerBooking(alpha, { priceCents: 500_00, status: "PENDING", createdAt: new Date("2027-03-12T06:00:00Z") });
    const deleted = await resellerBooking(alpha, { priceCents: 500_00, createdAt: new Date("2027-03-12T06:00:00Z") });
    await (await db()).order.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    //   28 Feb 23:59 Dhaka (17:59 UTC): February; 1 Apr 00:00 Dhaka (31 Mar 18:00 UTC): April
    await resellerBooking(alpha, { priceCents: 700_00, createdAt: new Date("2027-02-28T17:59:00Z") });
    await resellerBooking(alpha, { priceCents: 900_00, createdAt: new Date("2027-03-31T18:00:00Z") });
    // Beta: $250.05 → 2500.5 → 2501 cents; $19.95 → 199.5 → 200 cents
    await resellerBooking(beta, { priceCents: 250_05, createdAt: new Date("2027-03-05T06:00:00Z") });
    await resellerBooking(beta, { priceCents: 19_95, createdAt: new Date("2027-03-06T06:00:00Z") });

    const rows = (await commissionReport("2027-03")).filter((row) => row.name.startsWith("Aa"));
    expect(
      rows.map(({ name, bookings, retailCents, commissionCents, netCents }) => ({
        name,
        bookings,
        retailCents,
        commissionCents,
        netCents,
      })),
    ).toEqual([
      // retail 10000 + 3333 + 4 = 13337; commission 1250 + 417 + 1 = 1668; net 13337 − 1668 = 11669
      { name: "Aaa Commission Alpha", bookings: 3, retailCents: 133_37, commissionCents: 16_68, netCents: 116_69 },
      // retail 25005 + 1995 = 27000; commission 2501 + 200 = 2701; net 24299
      { name: "Aab Commission Beta", bookings: 2, retailCents: 270_00, commissionCents: 27_01, netCents: 242_99 },
      { name: "Aac Commission Idle", bookings: 0, retailCents: 0, commissionCents: 0, netCents: 0 },
    ]);
    expect(rows[2].resellerId).toBe(idle.id);
    expect(commissionTotals(rows)).toEqual({ bookings: 5, retailCents: 403_37, commissionCents: 43_69, netCents: 359_68 });
    // the neighbouring months hold the edge bookings
    const february = (await commissionReport("2027-02")).find((row) => row.resellerId === alpha.id)!;
    expect([february.bookings, february.retailCents, february.commissionCents]).toEqual([1, 700_00, 87_50]);
    const april = (await commissionReport("2027-04")).find((row) => row.resellerId === alpha.id)!;
    expect([april.bookings, april.retailCents, april.commissionCents]).toEqual([1, 900_00, 112_50]);
  });
});
