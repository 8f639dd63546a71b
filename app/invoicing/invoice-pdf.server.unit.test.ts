import { describe, expect, it } from "vitest";
import { invoiceView } from "~/invoicing/invoice";
import { invoicePdf } from "~/invoicing/invoice-pdf.server";
import { FACTS } from "../../tests/support/invoices";
import { pdfPages, pdfText } from "../../tests/support/pdf-text";

describe("invoicePdf", () => {
  it("is a PDF whose first page is the invoice: number, agency, travellers, totals, payments and balance", async () => {
    const pdf = await invoicePdf(invoiceView(FACTS));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const [invoice] = pdfPages(pdf);
    const text = invoice.join("\n");
    for (const expected of [
      "INVOICE",
      "Invoice number: INV-2026-000042",
      "Booking reference: TB-7K3P9Q",
      "Tour Booking",
      "House 12, Road 5, Dhanmondi",
      "BIN 000123456-0101",
      "Rina Das",
      "Sundarbans cruise",
      "Adult",
      "$900.00",
      "Discount (promo code EARLY10)",
      "-$121.50",
      "$1,093.50",
      "8N7A6B5C4D",
      "Total paid",
      "$500.00",
      "CN-2026-000007",
      "Balance due",
      "$593.50",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("draws names written in Bengali with a font that has their letters, Latin text beside them", async () => {
    const facts = {
      ...FACTS,
      // Words whose letters are drawn in the order they are written (the text layer reads in drawing order).
      customer: { ...FACTS.customer, name: "রহমান খান", addressLines: ["ঢাকা 1205"] },
      trip: { ...FACTS.trip, title: "সুন্দরবন Sundarbans cruise" },
    };
    const pdf = await invoicePdf(invoiceView(facts));
    const text = pdfText(pdf);
    for (const expected of ["রহমান খান", "ঢাকা 1205", "Sundarbans cruise", "Invoice number: INV-2026-000042", "rina@example.com"])
      expect(text).toContain(expected);
    // Conjuncts and vowel signs are shaped by the embedded font: every glyph is one of its own.
    expect(text).not.toContain("\uFFFD");
    expect(pdf.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali-Regular/);
    expect(pdf.toString("latin1")).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it("gives each credit note a page of its own that names the invoice it reduces", async () => {
    const pages = pdfPages(await invoicePdf(invoiceView(FACTS)));
    expect(pages).toHaveLength(2);
    const note = pages[1].join("\n");
    expect(note).toContain("CREDIT NOTE");
    expect(note).toContain("Credit note number: CN-2026-000007");
    expect(note).toContain("Against invoice: INV-2026-000042");
    expect(note).toContain("Total credited");
    expect(note).toContain("Paid back: bKash · 9Q8W7E6R5T");
    expect(note).toContain("$50.00");
  });

  it("has one page when nothing was refunded", async () => {
    const pdf = await invoicePdf(invoiceView({ ...FACTS, refunds: [] }));
    expect(pdfPages(pdf)).toHaveLength(1);
    expect(pdfText(pdf)).not.toContain("credit notes");
  });
});
