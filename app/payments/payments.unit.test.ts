import { describe, expect, it } from "vitest";
import { mismatchBetween } from "~/payments/payments";

const order = { id: "order-1", amountsCents: [50_000, 12_500] };

describe("mismatchBetween", () => {
  it("accepts an intent for one of this order's exact amounts in dollars (its price or its deposit)", () => {
    expect(mismatchBetween({ amount: 50_000, currency: "usd", metadata: { orderId: "order-1" } }, order)).toBeNull();
    expect(mismatchBetween({ amount: 12_500, currency: "usd", metadata: { orderId: "order-1" } }, order)).toBeNull();
  });

  it.each([
    ["another order", { amount: 50_000, currency: "usd", metadata: { orderId: "order-2" } }, /another order/],
    ["no metadata", { amount: 50_000, currency: "usd", metadata: null }, /another order/],
    ["a smaller amount", { amount: 49_999, currency: "usd", metadata: { orderId: "order-1" } }, /amount 49999/],
    ["a larger amount", { amount: 50_001, currency: "usd", metadata: { orderId: "order-1" } }, /amount 50001/],
    ["another currency", { amount: 50_000, currency: "eur", metadata: { orderId: "order-1" } }, /currency is eur/],
  ])("refuses %s", (_label, intent, reason) => {
    expect(mismatchBetween(intent, order)).toMatch(reason);
  });
});
