// What an invoice says, from plain facts of a booking (booking gathers them): the agency, the
// customer, the travellers per category with their unit prices and subtotals, the discount, the
// payments, the refunds with their credit notes, and the balance. Pure: the printable page and the
// PDF render the same view, so they never disagree.
import { formatCalendarDate, formatDate } from "~/platform/dates";
import { dollarsAndCents } from "~/platform/money";

/** The agency on its documents; its phone and WhatsApp link when set (absent: neither is printed). */
interface InvoiceAgency {
  name: string;
  addressLines: string[];
  taxId: string | null;
  email: string;
  phone?: string | null;
  whatsapp?: string | null;
}

export interface InvoiceFacts {
  agency: InvoiceAgency;
  invoiceNumber: string;
  invoicedAt: Date | string;
  reference: string;
  status: "paid" | "partly-paid" | "cancelled";
  customer: { name: string; addressLines: string[]; email: string; mobile: string };
  trip: { title: string; travelDate: Date | string | null };
  /** one per traveller, in order; none for an old order (then `quantity` at `unitPriceCents`) */
  travellers: { categoryName: string; priceCents: number }[];
  quantity: number;
  unitPriceCents: number;
  discount: { cents: number; code: string | null };
  totalCents: number;
  payments: {
    at: Date | string;
    kind: string;
    method: string;
    reference: string | null;
    amountCents: number;
    /** what a local gateway (SSLCommerz, bKash) charged in taka, at the agency's rate; null for dollars */
    taka?: { amountBdt: number; bdtPerUsd: number } | null;
  }[];
  refunds: {
    at: Date | string;
    creditNoteNumber: string | null;
    reason: string | null;
    amountCents: number;
    /** CARD (through the card provider) or how the agency paid it back */
    method: string;
    /** the provider's refund id, or the offline refund's reference */
    reference: string | null;
    /** the taka a local gateway refunded (its share of the payment's taka); null for dollars */
    takaBdt?: number | null;
  }[];
  balanceCents: number;
}

interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: string;
  amount: string;
}

export interface CreditNoteView {
  number: string;
  date: string;
  reason: string;
  /** "Card · re_…", "bKash · 8N7A6B5C4D": how it was paid back */
  paidBack: string;
  amount: string;
}

export interface InvoiceView {
  title: string;
  agency: InvoiceAgency;
  number: string;
  date: string;
  reference: string;
  status: string;
  customer: InvoiceFacts["customer"];
  trip: { title: string; travelDate: string | null };
  lines: InvoiceLine[];
  subtotal: string;
  /** null when the order has none */
  discount: { label: string; amount: string } | null;
  total: string;
  payments: { date: string; description: string; reference: string; amount: string }[];
  paid: string;
  creditNotes: CreditNoteView[];
  refunded: string;
  balance: string;
}

/** /dashboard/orders/{id}/invoice: a booking's invoice page (its PDF: the same path with ".pdf"). */
export const invoicePath = (orderId: string) => `/dashboard/orders/${orderId}/invoice`;

const STATUS: Record<InvoiceFacts["status"], string> = {
  paid: "Paid in full",
  "partly-paid": "Balance due",
  cancelled: "Booking cancelled",
};

const METHOD: Record<string, string> = { CARD: "Card", BKASH: "bKash", NAGAD: "Nagad", BANK: "Bank transfer", CASH: "Cash" };
const KIND: Record<string, string> = { DEPOSIT: "Deposit", BALANCE: "Balance", FULL: "Full payment" };

/** The travellers grouped by category and price, in the order each category first appears. */
function linesOf(facts: InvoiceFacts): { description: string; quantity: number; unitCents: number }[] {
  if (facts.travellers.length === 0) {
    return [{ description: "Travellers", quantity: facts.quantity, unitCents: facts.unitPriceCents }];
  }
  const lines = new Map<string, { description: string; quantity: number; unitCents: number }>();
  for (const traveller of facts.travellers) {
    const key = `${traveller.categoryName}\u0000${traveller.priceCents}`;
    const line = lines.get(key) ?? { description: traveller.categoryName, quantity: 0, unitCents: traveller.priceCents };
    line.quantity += 1;
    lines.set(key, line);
  }
  return [...lines.values()];
}

/** "৳12,200" or "৳6,100.5": taka as the documents print them. */
const taka = (amount: number) => `৳${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
/** "৳122/$", "৳122.5/$". */
const rate = (bdtPerUsd: number) => `৳${Math.round(bdtPerUsd * 10_000) / 10_000}/$`;

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/**
 * The status line: a booking whose payments were all paid back says so and names the credit notes
 * (the invoice itself stays, as an accountant keeps it).
 */
function statusOf(facts: InvoiceFacts): string {
  const paidCents = sum(facts.payments.map((payment) => payment.amountCents));
  const refundedCents = sum(facts.refunds.map((refund) => refund.amountCents));
  if (paidCents === 0 || refundedCents < paidCents) return STATUS[facts.status];
  const notes = facts.refunds.map((refund) => refund.creditNoteNumber).filter(Boolean);
  const refunded = `Refunded in full${notes.length > 0 ? ` (credit note ${notes.join(", ")})` : ""}`;
  return facts.status === "cancelled" ? `${STATUS.cancelled} · ${refunded}` : refunded;
}

export function invoiceView(facts: InvoiceFacts): InvoiceView {
  const lines = linesOf(facts);
  const subtotalCents = sum(lines.map((line) => line.quantity * line.unitCents));
  return {
    title: `Invoice ${facts.invoiceNumber}`,
    agency: facts.agency,
    number: facts.invoiceNumber,
    date: formatDate(facts.invoicedAt),
    reference: facts.reference,
    status: statusOf(facts),
    customer: facts.customer,
    trip: { title: facts.trip.title, travelDate: facts.trip.travelDate && formatCalendarDate(facts.trip.travelDate) },
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: dollarsAndCents(line.unitCents),
      amount: dollarsAndCents(line.quantity * line.unitCents),
    })),
    subtotal: dollarsAndCents(subtotalCents),
    discount:
      facts.discount.cents > 0
        ? {
            label: facts.discount.code ? `Discount (promo code ${facts.discount.code})` : "Discount",
            amount: dollarsAndCents(-facts.discount.cents),
          }
        : null,
    total: dollarsAndCents(facts.totalCents),
    payments: facts.payments.map((payment) => ({
      date: formatDate(payment.at),
      description: [
        KIND[payment.kind] ?? payment.kind,
        METHOD[payment.method] ?? payment.method,
        ...(payment.taka ? [`${taka(payment.taka.amountBdt)} at ${rate(payment.taka.bdtPerUsd)}`] : []),
      ].join(" · "),
      reference: payment.reference ?? "",
      amount: dollarsAndCents(payment.amountCents),
    })),
    paid: dollarsAndCents(sum(facts.payments.map((payment) => payment.amountCents))),
    creditNotes: facts.refunds.map((refund) => ({
      number: refund.creditNoteNumber ?? "",
      date: formatDate(refund.at),
      reason: refund.reason ?? "Refund",
      paidBack: [METHOD[refund.method] ?? refund.method, refund.reference, refund.takaBdt ? taka(refund.takaBdt) : null]
        .filter(Boolean)
        .join(" · "),
      amount: dollarsAndCents(refund.amountCents),
    })),
    refunded: dollarsAndCents(sum(facts.refunds.map((refund) => refund.amountCents))),
    balance: dollarsAndCents(Math.max(0, facts.balanceCents)),
  };
}
