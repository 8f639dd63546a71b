import { describe, expect, it } from "vitest";
import {
  apiCheckIn,
  categoryTotals,
  checkInCount,
  checkInFormSchema,
  findByReference,
  manifestCsvRow,
  type ManifestRow,
} from "~/booking/manifest";

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
  channel: "Website",
  resellerReference: null,
  checkIn: null,
  ...over,
});

describe("manifest", () => {
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
