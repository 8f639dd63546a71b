// Issuing the numbered documents inside the transaction that makes them due: a booking's invoice
// with its first payment (later payments keep it), a credit note with each refund.
import { takeDocumentNumber } from "~/invoicing/document-counter-store.server";
import type { Tx } from "~/platform/db.server";

/**
 * A booking's invoice number, taken in the transaction that records its first payment (booking
 * writes it on the order: app/booking/core/booking-payments-store.server.ts).
 */
export async function takeInvoiceNumber(tx: Tx, at: Date): Promise<string> {
  return takeDocumentNumber(tx, "INVOICE", at);
}

/** A credit note's number for a refund being recorded in `tx`. */
export async function takeCreditNoteNumber(tx: Tx, at: Date): Promise<string> {
  return takeDocumentNumber(tx, "CREDIT_NOTE", at);
}
