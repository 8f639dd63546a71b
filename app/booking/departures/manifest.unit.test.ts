import { describe, expect, it } from "vitest";
import { categoryTotals } from "~/booking/core/traveller-count";
import {
  apiCheckIn,
  checkInCount,
  checkInFormSchema,
  findByReference,
  manifestCsvRow,
  manifestRows,
  type ManifestRow,
  type ManifestTraveller,
} from "~/booking/departures/manifest";

const row = (over: Partial<ManifestRow>): ManifestRow => ({
  id: "t1",
  orderId: "o1",
  reference: "TB-7K3P9Q",
  booker: "Rina Das",
  name: "Rina Das",
  category: "Adult",
  categoryId: null,
  age: 36,
  idMasked: "•••••6789",
  mobileNumber: "01712345678",
  payment: "Paid",
  toCollect: null,
  channel: "Website",
  resellerReference: null,
  checkIn: null,
  ...over,
});

describe("manifest", () => {
  it("says once per booking what its traveller still owes, nothing for a paid or a reseller's booking", () => {
    const traveller = (id: string, order: Partial<ManifestTraveller["order"]>): ManifestTraveller => ({
      id,
      position: 0,
      categoryId: null,
      categoryName: "Adult",
      name: null,
      dateOfBirth: null,
      idNumber: null,
      checkIn: null,
      order: {
        id: "o1",
        reference: "TB-AAAAAA",
        firstName: "Rina",
        lastName: "Das",
        mobileNumber: "01712345678",
        paymentStatus: "PARTLY_PAID",
        priceCents: 126_360,
        paidCents: 25_300,
        ...order,
      },
    });
    const rows = manifestRows(
      [
        traveller("t1", {}),
        traveller("t2", {}),
        traveller("t3", { id: "o2", reference: "TB-BBBBBB", paymentStatus: "PAID", paidCents: 126_360 }),
        traveller("t4", {
          id: "o3",
          reference: "TB-CCCCCC",
          paymentStatus: "UNPAID",
          paidCents: 0,
          reseller: { name: "Sea Tours" },
        }),
      ],
      "2031-07-01",
    );
    expect(rows.map((one) => one.toCollect)).toEqual(["$1,010.60", null, null, null]);
  });

  it("totals per category in order of appearance, and the running count", () => {
    const rows = [row({}), row({ category: "Child", checkIn: "YES" }), row({ checkIn: "NO_SHOW" }), row({ category: "Infant" })];
    expect(categoryTotals(rows)).toEqual([
      { category: "Adult", count: 2 },
      { category: "Child", count: 1 },
      { category: "Infant", count: 1 },
    ]);
    expect(checkInCount(rows)).toEqual({ checkedIn: 1, noShow: 1, expected: 4 });
  });

  it("finds a booking by what is typed of its reference", () => {
    const rows = [row({ reference: "TB-7K3P9Q" }), row({ reference: "TB-ABCDEF" })];
    expect(findByReference(rows, "7k3").map((r) => r.reference)).toEqual(["TB-7K3P9Q"]);
    expect(findByReference(rows, " tb-abc ").map((r) => r.reference)).toEqual(["TB-ABCDEF"]);
    expect(findByReference(rows, "")).toHaveLength(2);
    expect(findByReference(rows, "zzz")).toHaveLength(0);
  });

  it("the check-in form's values and the API's", () => {
    expect(checkInFormSchema.parse({ traveller: "t1", checkedIn: "yes" })).toEqual({ traveller: "t1", checkedIn: "YES" });
    expect(checkInFormSchema.parse({ traveller: "t1", checkedIn: "undo" })).toEqual({ traveller: "t1", checkedIn: null });
    expect(checkInFormSchema.safeParse({ traveller: "t1", checkedIn: "maybe" }).success).toBe(false);
    expect(checkInFormSchema.safeParse({ checkedIn: "yes" }).success).toBe(false);
    expect([apiCheckIn("YES"), apiCheckIn("NO_SHOW"), apiCheckIn(null)]).toEqual(["yes", "no-show", null]);
  });

  it("a CSV line carries the whole ID number given, a name to follow and the check-in", () => {
    expect(manifestCsvRow(row({ name: null, checkIn: "YES" }), "1990123456789")).toEqual([
      "TB-7K3P9Q",
      "Name to follow",
      "Adult",
      36,
      "1990123456789",
      "Rina Das",
      "01712345678",
      "Paid",
      "Checked in",
      "Website",
      null,
    ]);
    // a reseller's booking names the reseller and its reference
    const resold = manifestCsvRow(row({ channel: "Bengal Trails", resellerReference: "BT-1042" }), null);
    expect(resold.slice(-2)).toEqual(["Bengal Trails", "BT-1042"]);
  });
});
