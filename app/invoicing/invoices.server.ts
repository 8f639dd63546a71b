// Issuing the numbered documents inside the transaction that makes them due: a booking's invoice
// with its first payment (later payments keep it), a credit note with each refund.
import { takeDocumentNumber } from "~/invoicing/document-counter-store.server";
import type { Tx } from "~/platform/db.server";

/**
 * Gives the order its invoice number unless it has one: call it in the transaction that records a
 * payment, with the booking's row locked. Returns the order's invoice number.
 */
export async function issueInvoiceNumber(tx: Tx, orderId: string, at: Date): Promise<string> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { invoiceNumber: true } });
  if (order.invoiceNumber) return order.invoiceNumber;
  const invoiceNumber = await takeDocumentNumber(tx, "INVOICE", at);
  // Conditional: a concurrent first payment that got here first keeps its number (then this transaction's rolls back with it).
  const { count } = await tx.order.updateMany({
    where: { id: orderId, invoiceNumber: null },
    data: { invoiceNumber, invoicedAt: at },
  });
  if (count !== 1) throw new Error(`Order ${orderId} was given an invoice number concurrently; its payment is retried.`);
  return invoiceNumber;
}

/** A credit note's number for a refund being recorded in `tx`. */
export async function takeCreditNoteNumber(tx: Tx, at: Date): Promise<string> {
  return takeDocumentNumber(tx, "CREDIT_NOTE", at);
}
