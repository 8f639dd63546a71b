import { describe, expect, it } from "vitest";
import { allocateRefund, refundableOf, type RefundablePayment } from "~/booking/cancelling/refund-allocation";

const deposit: RefundablePayment = {
  id: "p1",
  method: "CARD",
  amountCents: 30_000,
  refundedCents: 0,
  created: "2026-11-01T10:00:00Z",
  transaction: "pi_1",
};
const balance: RefundablePayment = {
  id: "p2",
  method: "CARD",
  amountCents: 70_000,
  refundedCents: 0,
  created: "2026-12-01T10:00:00Z",
  transaction: "pi_2",
};
const cash: RefundablePayment = {
  id: "p3",
  method: "CASH",
  amountCents: 20_000,
  refundedCents: 0,
  created: "2026-12-05T10:00:00Z",
  transaction: null,
};

describe("allocateRefund", () => {
  it("refunds the latest card payment first", () => {
    expect(allocateRefund([deposit, balance], 50_000)).toEqual({
      card: [{ paymentId: "p2", transaction: "pi_2", cents: 50_000 }],
      offlineCents: 0,
    });
  });

  it("splits across card payments when the latest is not enough", () => {
    expect(allocateRefund([deposit, balance], 90_000)).toEqual({
      card: [
        { paymentId: "p2", transaction: "pi_2", cents: 70_000 },
        { paymentId: "p1", transaction: "pi_1", cents: 20_000 },
      ],
      offlineCents: 0,
    });
  });

  it("counts what each payment had refunded already", () => {
    expect(allocateRefund([deposit, { ...balance, refundedCents: 65_000 }], 10_000).card).toEqual([
      { paymentId: "p2", transaction: "pi_2", cents: 5_000 },
      { paymentId: "p1", transaction: "pi_1", cents: 5_000 },
    ]);
  });

  it("leaves what the cards cannot cover to the agency, for the offline payments", () => {
    expect(allocateRefund([deposit, cash], 40_000)).toEqual({
      card: [{ paymentId: "p1", transaction: "pi_1", cents: 30_000 }],
      offlineCents: 10_000,
    });
    expect(allocateRefund([cash], 5_000)).toEqual({ card: [], offlineCents: 5_000 });
  });

  it("never refunds more than was paid and not refunded", () => {
    expect(refundableOf([deposit, { ...balance, refundedCents: 10_000 }, cash])).toBe(110_000);
    expect(() => allocateRefund([deposit, cash], 50_001)).toThrow(RangeError);
    expect(() => allocateRefund([deposit], -1)).toThrow(RangeError);
    expect(allocateRefund([deposit], 0)).toEqual({ card: [], offlineCents: 0 });
  });
});
