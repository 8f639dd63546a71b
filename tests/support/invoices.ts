// An invoice's facts with every part present: travellers of three categories, a promo code, a card
// deposit and a bKash balance payment, and a refund with its credit note.
import type { InvoiceFacts } from "~/invoicing/invoice";

export const FACTS: InvoiceFacts = {
  agency: {
    name: "Tour Booking",
    addressLines: ["House 12, Road 5, Dhanmondi", "Dhaka 1205, Bangladesh"],
    taxId: "000123456-0101",
    email: "agency@tourbooking.test",
  },
  invoiceNumber: "INV-2026-000042",
  invoicedAt: "2026-11-27T19:30:00Z",
  reference: "TB-7K3P9Q",
  status: "partly-paid",
  customer: {
    name: "Rina Das",
    addressLines: ["Road 1", "Dhaka, Dhaka 1207", "Bangladesh"],
    email: "rina@example.com",
    mobile: "01712345678",
  },
  trip: { title: "Sundarbans cruise", travelDate: "2027-01-08" },
  travellers: [
    { categoryName: "Adult", priceCents: 45_000 },
    { categoryName: "Child 5–11", priceCents: 31_500 },
    { categoryName: "Adult", priceCents: 45_000 },
    { categoryName: "Infant 0–4", priceCents: 0 },
  ],
  quantity: 4,
  unitPriceCents: 45_000,
  discount: { cents: 12_150, code: "EARLY10" },
  totalCents: 109_350,
  payments: [
    { at: "2026-11-27T19:30:00Z", kind: "DEPOSIT", method: "CARD", reference: null, amountCents: 30_000 },
    { at: "2026-12-02T05:00:00Z", kind: "BALANCE", method: "BKASH", reference: "8N7A6B5C4D", amountCents: 20_000 },
  ],
  refunds: [
    {
      at: "2026-12-03T05:00:00Z",
      creditNoteNumber: "CN-2026-000007",
      reason: "One traveller fewer",
      amountCents: 5_000,
      method: "BKASH",
      reference: "9Q8W7E6R5T",
    },
  ],
  balanceCents: 59_350,
};
