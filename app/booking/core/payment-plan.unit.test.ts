import { describe, expect, it } from "vitest";
import {
  amountToPay,
  balanceCents,
  balanceDueOf,
  dateDaysBefore,
  FULL_PAYMENT_PLAN,
  orderPlanTerms,
  paymentKind,
  paymentPlanJson,
  paymentStatusOf,
  securesBooking,
} from "~/booking/core/payment-plan";

const percent = { depositPercent: 25, depositPerTravellerCents: null, balanceDueDays: 14 };
const perTraveller = { depositPercent: null, depositPerTravellerCents: 5000, balanceDueDays: 7 };

describe("orderPlanTerms", () => {
  it("takes a percent of the total, rounded up to whole dollars, and dates the balance before departure", () => {
    expect(orderPlanTerms(percent, { priceCents: 123_400, travellers: 2, travelDate: "2027-01-20" }, "2026-11-27")).toEqual({
      depositCents: 30_900,
      balanceDueDate: "2027-01-06",
    });
  });
  it("takes a fixed amount per traveller", () => {
    expect(orderPlanTerms(perTraveller, { priceCents: 90_000, travellers: 3, travelDate: "2026-12-05" }, "2026-11-27")).toEqual({
      depositCents: 15_000,
      balanceDueDate: "2026-11-28",
    });
  });
  it("asks the whole price at once without a plan, a travel date, a balance day still to come, or a deposit below the price", () => {
    const order = { priceCents: 90_000, travellers: 3, travelDate: "2026-12-05" };
    expect(orderPlanTerms(FULL_PAYMENT_PLAN, order, "2026-11-27").depositCents).toBeNull();
    expect(orderPlanTerms(percent, { ...order, travelDate: null }, "2026-11-27").depositCents).toBeNull();
    expect(orderPlanTerms(perTraveller, order, "2026-11-28")).toEqual({ depositCents: null, balanceDueDate: null });
    expect(orderPlanTerms({ ...perTraveller, depositPerTravellerCents: 30_000 }, order, "2026-11-27").depositCents).toBeNull();
  });
  it("counts days across months and years", () => {
    expect(dateDaysBefore("2027-03-01", 1)).toBe("2027-02-28");
    expect(dateDaysBefore("2027-01-05", 10)).toBe("2026-12-26");
  });
});

describe("what the payments add up to", () => {
  const order = { priceCents: 100_000, depositCents: 25_000, paidCents: 0 };
  it("is unpaid with the whole price as balance, then secured by the deposit, then paid in full", () => {
    expect([balanceCents(order), paymentStatusOf(order), securesBooking(order)]).toEqual([100_000, "UNPAID", false]);
    const deposit = { ...order, paidCents: 25_000 };
    expect([balanceCents(deposit), paymentStatusOf(deposit), securesBooking(deposit)]).toEqual([75_000, "PARTLY_PAID", true]);
    const full = { ...order, paidCents: 100_000 };
    expect([balanceCents(full), paymentStatusOf(full), securesBooking(full)]).toEqual([0, "PAID", true]);
  });
  it("does not secure a booking with less than its deposit, nor one without a deposit before the whole price", () => {
    expect(securesBooking({ ...order, paidCents: 10_000 })).toBe(false);
    expect(paymentStatusOf({ ...order, paidCents: 10_000 })).toBe("PARTLY_PAID");
    expect(securesBooking({ ...order, depositCents: null, paidCents: 99_900 })).toBe(false);
  });
  it("names a payment deposit, balance or full from what was paid before it", () => {
    expect(paymentKind(order, 25_000)).toBe("DEPOSIT");
    expect(paymentKind(order, 100_000)).toBe("FULL");
    expect(paymentKind({ ...order, paidCents: 25_000 }, 75_000)).toBe("BALANCE");
  });
  it("shows the balance's due date only while a balance is left", () => {
    expect(balanceDueOf({ ...order, paidCents: 25_000, balanceDueDate: "2027-01-06" })).toBe("2027-01-06");
    expect(balanceDueOf({ ...order, paidCents: 100_000, balanceDueDate: "2027-01-06" })).toBeNull();
  });
});

describe("amountToPay", () => {
  const order = { priceCents: 100_000, depositCents: 25_000, paidCents: 0 };
  it("defaults to everything due: the whole price, then the balance", () => {
    expect(amountToPay(order)).toEqual({ part: "full", cents: 100_000 });
    expect(amountToPay({ ...order, paidCents: 25_000 })).toEqual({ part: "balance", cents: 75_000 });
  });
  it("pays the deposit only while nothing is paid and the plan has one", () => {
    expect(amountToPay(order, "deposit")).toEqual({ part: "deposit", cents: 25_000 });
    expect(amountToPay({ ...order, paidCents: 25_000 }, "deposit")).toEqual({ error: "the deposit is already paid" });
    expect(amountToPay({ ...order, depositCents: null }, "deposit")).toEqual({ error: "this booking's plan takes no deposit" });
  });
  it("refuses a balance before anything is paid, the full amount after, and anything once paid", () => {
    expect(amountToPay(order, "balance")).toHaveProperty("error");
    expect(amountToPay({ ...order, paidCents: 25_000 }, "full")).toHaveProperty("error");
    expect(amountToPay({ ...order, paidCents: 100_000 })).toEqual({ error: "This order is already paid." });
  });
});

describe("paymentPlanJson", () => {
  it("writes the deposit as a percent, dollars per traveller, or null", () => {
    expect(paymentPlanJson(percent)).toEqual({ deposit: { percent: 25 }, balanceDueDays: 14 });
    expect(paymentPlanJson(perTraveller)).toEqual({ deposit: { perTraveller: 50 }, balanceDueDays: 7 });
    expect(paymentPlanJson(FULL_PAYMENT_PLAN)).toEqual({ deposit: null, balanceDueDays: 30 });
  });
});
