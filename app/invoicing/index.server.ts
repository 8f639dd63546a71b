// The invoicing module's server door: the numbers, issued inside the caller's transaction, and the PDF.
export { renderInvoicePdf } from "./invoice-pdfs.server";
export { takeCreditNoteNumber, takeInvoiceNumber } from "./invoices.server";
