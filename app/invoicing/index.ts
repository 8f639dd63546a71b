// The invoicing module's client door: what an invoice says (docs/decisions/0012-module-layout.md).
export { invoicePath, invoiceView, type InvoiceFacts, type InvoiceView } from "./invoice";
