import { describe, expect, it } from "vitest";
import {
  daysBefore,
  DEFAULT_REFUND_POLICY,
  describePolicy,
  policyRefund,
  refundPercent,
  refundPolicyOf,
  refundPolicySchema,
  storedRefundPolicy,
} from "~/booking/cancelling/refund-policy";
import { parseForm } from "~/platform/forms";

const refund = (paidCents: number, travelDate: string | null, today: string, refundedCents = 0, policy = DEFAULT_REFUND_POLICY) =>
  policyRefund({ policy, paidCents, refundedCents, travelDate, today });

describe("the default refund policy", () => {
  it("refunds everything from 14 days, half from 7 to 13 days, nothing below", () => {
    expect(refundPercent(DEFAULT_REFUND_POLICY, 400)).toBe(100);
    expect(refundPercent(DEFAULT_REFUND_POLICY, 14)).toBe(100);
    expect(refundPercent(DEFAULT_REFUND_POLICY, 13)).toBe(50);
    expect(refundPercent(DEFAULT_REFUND_POLICY, 7)).toBe(50);
    expect(refundPercent(DEFAULT_REFUND_POLICY, 6)).toBe(0);
    expect(refundPercent(DEFAULT_REFUND_POLICY, 0)).toBe(0);
    expect(refundPercent(DEFAULT_REFUND_POLICY, -1)).toBe(0);
  });

  it("counts calendar days to the departure date", () => {
    expect(daysBefore("2026-12-10", "2026-11-26")).toBe(14);
    expect(daysBefore("2026-12-10", "2026-11-27")).toBe(13);
    expect(daysBefore("2026-12-10", "2026-12-10")).toBe(0);
    expect(daysBefore("2026-12-10", "2026-12-11")).toBe(-1);
    // across the end of March (no daylight saving in the computation)
    expect(daysBefore("2027-04-02", "2027-03-26")).toBe(7);
  });

  it("gives the exact cents at each boundary", () => {
    expect(refund(45_000, "2026-12-10", "2026-11-26")).toEqual({ days: 14, percent: 100, cents: 45_000 });
    expect(refund(45_000, "2026-12-10", "2026-11-27")).toEqual({ days: 13, percent: 50, cents: 22_500 });
    expect(refund(45_000, "2026-12-10", "2026-12-03")).toEqual({ days: 7, percent: 50, cents: 22_500 });
    expect(refund(45_000, "2026-12-10", "2026-12-04")).toEqual({ days: 6, percent: 0, cents: 0 });
  });

  it("rounds down to the cent", () => {
    expect(refund(12_345, "2026-12-10", "2026-11-30").cents).toBe(6_172); // 6172.5
    expect(refund(99, "2026-12-10", "2026-11-30").cents).toBe(49);
    const third = [{ minDays: 0, percent: 33 }];
    expect(refund(1_001, "2026-12-10", "2026-12-01", 0, third).cents).toBe(330); // 330.33
    expect(refund(3, "2026-12-10", "2026-12-01", 0, third).cents).toBe(0); // 0.99
  });

  it("never refunds more than is left after earlier refunds", () => {
    expect(refund(10_000, "2026-12-10", "2026-11-01", 3_000).cents).toBe(7_000);
    expect(refund(10_000, "2026-12-10", "2026-11-30", 6_000).cents).toBe(4_000);
    expect(refund(10_000, "2026-12-10", "2026-11-30", 10_000).cents).toBe(0);
  });

  it("refunds a booking without a date as the policy's top tier", () => {
    expect(refund(10_000, null, "2026-11-01")).toEqual({ days: null, percent: 100, cents: 10_000 });
  });
});

describe("a package's own policy", () => {
  it("uses the default for null or a stored value that is not a policy", () => {
    expect(refundPolicyOf(null)).toEqual(DEFAULT_REFUND_POLICY);
    expect(refundPolicyOf([{ minDays: "x" }])).toEqual(DEFAULT_REFUND_POLICY);
    expect(
      refundPolicyOf([
        { minDays: 3, percent: 80 },
        { minDays: 30, percent: 100 },
      ]),
    ).toEqual([
      { minDays: 30, percent: 100 },
      { minDays: 3, percent: 80 },
    ]);
  });

  it("takes the tier with the most days reached", () => {
    const policy = [
      { minDays: 30, percent: 100 },
      { minDays: 10, percent: 75 },
      { minDays: 1, percent: 10 },
    ];
    expect(refundPercent(policy, 30)).toBe(100);
    expect(refundPercent(policy, 29)).toBe(75);
    expect(refundPercent(policy, 1)).toBe(10);
    expect(refundPercent(policy, 0)).toBe(0);
  });

  it("is described in words", () => {
    expect(describePolicy(DEFAULT_REFUND_POLICY)).toEqual([
      "14 days or more before departure: 100 % refunded",
      "7 to 13 days before departure: 50 % refunded",
      "Less than 7 days before departure: no refund",
    ]);
    expect(describePolicy([{ minDays: 0, percent: 20 }])).toEqual(["0 days or more before departure: 20 % refunded"]);
  });
});

describe("the refund policy form", () => {
  const form = (rows: [string, string][]) => {
    const data = new FormData();
    rows.forEach(([minDays, percent], index) => {
      data.set(`tiers[${index}].minDays`, minDays);
      data.set(`tiers[${index}].percent`, percent);
    });
    return parseForm(data, refundPolicySchema);
  };

  it("keeps the filled-in rows, skipping blank ones", () => {
    const submission = form([
      ["", ""],
      ["21", "100"],
      ["", ""],
      ["3", "40"],
    ]);
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(storedRefundPolicy(submission.value.tiers)).toEqual([
        { minDays: 21, percent: 100 },
        { minDays: 3, percent: 40 },
      ]);
    }
  });

  it("means the default policy when every row is blank", () => {
    const submission = form([["", ""]]);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(storedRefundPolicy(submission.value.tiers)).toBeNull();
  });

  it.each([
    [[["-1", "50"]], "Days cannot be negative."],
    [[["5", "101"]], "The percentage can be at most 100."],
    [[["5", "2.5"]], "The percentage must be a whole number."],
    [[["5", ""]], "Please enter the percentage."],
    [[["x", "10"]], "Days must be a whole number."],
    [
      [
        ["5", "10"],
        ["5", "20"],
      ],
      "Two tiers start at 5 days.",
    ],
    [
      [
        ["20", "50"],
        ["5", "80"],
      ],
      "A tier closer to the departure cannot refund more than one further from it.",
    ],
  ] as [[string, string][], string][])("refuses %j: %s", (rows, message) => {
    const submission = form(rows);
    expect(submission.status).toBe("error");
    expect(Object.values(submission.reply().error ?? {}).flat()).toContain(message);
  });
});
