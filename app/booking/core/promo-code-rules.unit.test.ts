import { describe, expect, it } from "vitest";
import {
  describeDiscount,
  discountCents,
  lateRefusal,
  normalisePromoCode,
  type PromoCodeRule,
  promoCodeInputSchema,
  promoRefusal,
} from "./promo-code-rules";

const code: PromoCodeRule = {
  code: "SPRING-26",
  percentOff: 10,
  amountOffCents: null,
  validFrom: "2026-11-01",
  validUntil: "2026-11-30",
  travelFrom: null,
  travelUntil: null,
  maxRedemptions: null,
  maxPerCustomer: null,
  packageIds: [],
  minTravellers: null,
  active: true,
  redemptions: 0,
};
const booking = {
  today: "2026-11-27",
  packageId: "pkg1",
  persons: 2,
  travelDate: "2026-12-20" as string | null,
  customerUses: 0,
};

describe("promo code input", () => {
  const valid = { code: " spring-26 ", percentOff: "10", validFrom: "2026-11-01", validUntil: "2026-11-30" };

  it("stores the code upper case and accepts a past window", () => {
    const parsed = promoCodeInputSchema.parse({ ...valid, validFrom: "2024-01-01", validUntil: "2024-01-31" });
    expect(parsed.code).toBe("SPRING-26");
    expect(parsed.active).toBe(true);
    expect(normalisePromoCode(" eid-10 ")).toBe("EID-10");
  });

  it("names the field at fault", () => {
    const issues = (input: Record<string, unknown>) =>
      promoCodeInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ ...valid, code: "no spaces" })).toEqual([
      ["code", "A code is 3 to 30 letters, digits and dashes (not starting or ending with a dash)."],
    ]);
    expect(issues({ ...valid, percentOff: "" })).toEqual([["percentOff", "Please enter a percent off or an amount off."]]);
    expect(issues({ ...valid, amountOff: "5" })).toEqual([
      ["amountOff", "Give either a percent off or an amount off, not both."],
    ]);
    expect(issues({ ...valid, percentOff: "101" })).toEqual([["percentOff", "The percent off can be at most 100."]]);
    expect(issues({ ...valid, validUntil: "2026-10-01" })).toEqual([
      ["validUntil", "The last day cannot be before the first day."],
    ]);
    expect(issues({ ...valid, travelFrom: "2027-01-10", travelUntil: "2027-01-01" })).toEqual([
      ["travelUntil", "The last travel date cannot be before the first travel date."],
    ]);
    expect(issues({ ...valid, validFrom: "2026-02-30" })).toEqual([
      ["validFrom", "The first day it can be used must be a date (YYYY-MM-DD)."],
    ]);
  });
});

describe("promoRefusal", () => {
  const reason = (changes: Partial<PromoCodeRule>, on: Partial<typeof booking> = {}) =>
    promoRefusal({ ...code, ...changes }, { ...booking, ...on });

  it("accepts a code within its windows and limits", () => {
    expect(reason({})).toBeNull();
    expect(reason({ validUntil: "2026-11-27", validFrom: "2026-11-27" })).toBeNull();
    expect(reason({ travelFrom: "2026-12-20", travelUntil: "2026-12-20" })).toBeNull();
  });

  it("says exactly why not", () => {
    expect(promoRefusal(null, booking)?.message).toBe("This promo code does not exist.");
    expect(reason({ active: false })?.message).toBe("This promo code is not active.");
    expect(reason({ validUntil: "2026-11-26" })?.message).toBe("This promo code expired on 26 Nov 2026.");
    expect(reason({ validFrom: "2026-11-28" })?.message).toBe(
      "This promo code is not valid yet: it can be used from 28 Nov 2026.",
    );
    expect(reason({ maxRedemptions: 5, redemptions: 5 })).toEqual({
      reason: "used-up",
      message: "This promo code has been used up.",
    });
    expect(reason({ maxPerCustomer: 1 }, { customerUses: 1 })?.message).toBe("You have already used this promo code.");
    expect(reason({ maxPerCustomer: 2 }, { customerUses: 2 })?.message).toBe(
      "You have already used this promo code 2 times, as many as it allows.",
    );
    expect(reason({ packageIds: ["other"] })?.message).toBe("This promo code is not for this package.");
    expect(reason({ minTravellers: 3 })?.message).toBe("This promo code needs at least 3 travellers.");
    expect(reason({ travelFrom: "2027-01-01", travelUntil: "2027-01-31" })?.message).toBe(
      "This promo code is only for trips from 1 Jan 2027 to 31 Jan 2027.",
    );
    expect(reason({ travelUntil: "2026-12-01" })?.message).toBe("This promo code is only for trips until 1 Dec 2026.");
    expect(reason({ travelFrom: "2026-12-01" }, { travelDate: null })?.reason).toBe("travel-date");
    expect(lateRefusal("used-up", code).message).toBe("This promo code has been used up.");
  });
});

describe("discountCents", () => {
  it("takes a percent rounded to the cent or an amount, leaving at least 50 cents to pay", () => {
    expect(discountCents({ percentOff: 15, amountOffCents: null }, 33_333)).toBe(5_000);
    expect(discountCents({ percentOff: null, amountOffCents: 2_000 }, 45_000)).toBe(2_000);
    expect(discountCents({ percentOff: null, amountOffCents: 90_000 }, 45_000)).toBe(44_950);
    expect(discountCents({ percentOff: 100, amountOffCents: null }, 45_000)).toBe(44_950);
    // a free order (infants only) stays free, with nothing off
    expect(discountCents({ percentOff: 50, amountOffCents: null }, 0)).toBe(0);
    expect(describeDiscount({ percentOff: 15, amountOffCents: null })).toBe("15% off");
    expect(describeDiscount({ percentOff: null, amountOffCents: 2_000 })).toBe("$20 off");
  });
});
