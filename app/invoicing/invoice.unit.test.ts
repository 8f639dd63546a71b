import { describe, expect, it } from "vitest";
import { invoiceView } from "~/invoicing/invoice";
import { FACTS } from "../../tests/support/invoices";

describe("invoiceView", () => {
  it("lists the travellers per category with unit prices and subtotals, the discount and the total", () => {
    const view = invoiceView(FACTS);
    expect(view.lines).toEqual([
      { description: "Adult", quantity: 2, unitPrice: "$450.00", amount: "$900.00" },
      { description: "Child 5–11", quantity: 1, unitPrice: "$315.00", amount: "$315.00" },
      { description: "Infant 0–4", quantity: 1, unitPrice: "$0.00", amount: "$0.00" },
    ]);
    expect(view.subtotal).toBe("$1,215.00");
    expect(view.discount).toEqual({ label: "Discount (promo code EARLY10)", amount: "-$121.50" });
    expect(view.total).toBe("$1,093.50");
  });

  it("dates the invoice in the agency's calendar and lists payments, credit notes and the balance", () => {
    const view = invoiceView(FACTS);
    expect(view.date).toBe("28 Nov 2026");
    expect(view.trip.travelDate).toBe("8 Jan 2027");
    expect(view.status).toBe("Balance due");
    expect(view.payments).toEqual([
      { date: "28 Nov 2026", description: "Deposit · Card", reference: "", amount: "$300.00" },
      { date: "2 Dec 2026", description: "Balance · bKash", reference: "8N7A6B5C4D", amount: "$200.00" },
    ]);
    expect(view.paid).toBe("$500.00");
    expect(view.creditNotes).toEqual([
      {
        number: "CN-2026-000007",
        date: "3 Dec 2026",
        reason: "One traveller fewer",
        paidBack: "bKash · 9Q8W7E6R5T",
        amount: "$50.00",
      },
    ]);
    expect(view.refunded).toBe("$50.00");
    expect(view.balance).toBe("$593.50");
  });

  it("shows a local gateway's taka and rate beside the dollars, and the taka its credit note refunded", () => {
    const payments = [
      {
        at: "2026-11-27T19:30:00Z",
        kind: "DEPOSIT",
        method: "BKASH",
        reference: "BFA1B2C3D4E",
        amountCents: 10_000,
        taka: { amountBdt: 12_250, bdtPerUsd: 122.5 },
      },
    ];
    const refunds = [{ ...FACTS.refunds[0]!, method: "BKASH", reference: "R0A1B2C3D4E", amountCents: 5_000, takaBdt: 6_125 }];
    const view = invoiceView({ ...FACTS, payments, refunds });
    expect(view.payments[0]).toMatchObject({
      description: "Deposit · bKash · ৳12,250 at ৳122.5/$",
      reference: "BFA1B2C3D4E",
      amount: "$100.00",
    });
    expect(view.creditNotes[0]!.paidBack).toBe("bKash · R0A1B2C3D4E · ৳6,125");
  });

  it("bills an order without traveller rows as its quantity at its unit price, and shows no discount line without one", () => {
    const view = invoiceView({ ...FACTS, travellers: [], quantity: 3, discount: { cents: 0, code: null }, totalCents: 135_000 });
    expect(view.lines).toEqual([{ description: "Travellers", quantity: 3, unitPrice: "$450.00", amount: "$1,350.00" }]);
    expect(view.discount).toBeNull();
  });

  it("never shows a negative balance", () => {
    expect(invoiceView({ ...FACTS, status: "cancelled", balanceCents: -100 }).balance).toBe("$0.00");
  });

  it("says when every payment was paid back, naming the credit notes, and keeps the invoice", () => {
    const payments = [{ at: "2026-11-27T19:30:00Z", kind: "FULL", method: "CARD", reference: null, amountCents: 50_000 }];
    const refund = { ...FACTS.refunds[0], amountCents: 50_000 };
    const refunded = invoiceView({ ...FACTS, status: "paid", payments, refunds: [refund], balanceCents: 0 });
    expect(refunded.status).toBe("Refunded in full (credit note CN-2026-000007)");
    expect(refunded.number).toBe("INV-2026-000042");
    const cancelled = invoiceView({ ...FACTS, status: "cancelled", payments, refunds: [refund], balanceCents: 0 });
    expect(cancelled.status).toBe("Booking cancelled · Refunded in full (credit note CN-2026-000007)");
    // a part refunded is not "in full"
    expect(invoiceView({ ...FACTS, status: "paid", payments }).status).toBe("Paid in full");
  });
});
