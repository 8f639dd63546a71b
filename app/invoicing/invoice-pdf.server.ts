// The invoice as a PDF (pdfkit, with Noto Sans Bengali embedded: it draws Latin and Bengali alike,
// so a customer or traveller who wrote their name in Bengali reads it as written; pdfkit's
// built-in Helvetica knows only WinAnsi and printed such names as other characters): A4, the
// invoice on its first page, then each credit note on a page of its own that names the invoice it
// corrects, as an accountant files them. It draws the same view as the printable page.
//
// It runs on a worker thread (invoice-pdfs.server.ts) as Node loads it, types stripped: it may
// hold only erasable TypeScript and import only packages and type-only modules.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { CreditNoteView, InvoiceView } from "~/invoicing/invoice";

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const RIGHT = MARGIN + WIDTH;
const GREY = "#555555";

type Doc = InstanceType<typeof PDFDocument>;

const FONT_FILES = {
  Body: "@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf",
  "Body-Bold": "@expo-google-fonts/noto-sans-bengali/700Bold/NotoSansBengali_700Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;
let fonts: Record<FontName, Buffer> | undefined;

/** The fonts' bytes, read once (pdfkit embeds only the glyphs each document uses). */
function fontBytes(): Record<FontName, Buffer> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      Body: readFileSync(require.resolve(FONT_FILES.Body)),
      "Body-Bold": readFileSync(require.resolve(FONT_FILES["Body-Bold"])),
    };
  }
  return fonts;
}

/** Columns of a table: x from the left margin and width; amounts align right. */
interface Column {
  x: number;
  width: number;
  align?: "left" | "right";
}

function row(doc: Doc, columns: Column[], cells: string[], { bold = false } = {}) {
  const y = doc.y;
  doc.font(bold ? "Body-Bold" : "Body").fontSize(10);
  let bottom = y;
  cells.forEach((cell, index) => {
    const column = columns[index];
    doc.text(cell, MARGIN + column.x, y, { width: column.width, align: column.align ?? "left" });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = MARGIN;
  doc.y = bottom + 4;
}

function rule(doc: Doc) {
  doc.moveTo(MARGIN, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor("#999999").stroke();
  doc.y += 6;
}

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8);
  doc.font("Body-Bold").fontSize(12).fillColor("black").text(text, MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
}

/** The agency's block (left) and the document's title and facts (right), at the top of a page. */
function letterhead(doc: Doc, view: InvoiceView, title: string, facts: [string, string][]) {
  const top = MARGIN;
  doc
    .font("Body-Bold")
    .fontSize(16)
    .fillColor("black")
    .text(view.agency.name, MARGIN, top, { width: WIDTH / 2 });
  doc.font("Body").fontSize(9).fillColor(GREY);
  for (const line of view.agency.addressLines) doc.text(line, { width: WIDTH / 2 });
  doc.text(view.agency.email, { width: WIDTH / 2 });
  if (view.agency.phone) doc.text(`Phone ${view.agency.phone}`, { width: WIDTH / 2 });
  if (view.agency.whatsapp) doc.text(`WhatsApp +${view.agency.whatsapp.replace("https://wa.me/", "")}`, { width: WIDTH / 2 });
  if (view.agency.taxId) doc.text(`BIN ${view.agency.taxId}`, { width: WIDTH / 2 });
  const leftBottom = doc.y;
  doc
    .font("Body-Bold")
    .fontSize(20)
    .fillColor("black")
    .text(title, MARGIN + WIDTH / 2, top, { width: WIDTH / 2, align: "right" });
  doc.font("Body").fontSize(10);
  for (const [label, value] of facts)
    doc.text(`${label}: ${value}`, MARGIN + WIDTH / 2, doc.y, { width: WIDTH / 2, align: "right" });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y) + 16;
  doc.fillColor("black");
}

function billTo(doc: Doc, view: InvoiceView) {
  const top = doc.y;
  doc
    .font("Body-Bold")
    .fontSize(10)
    .text("Bill to", MARGIN, top, { width: WIDTH / 2 });
  doc.font("Body").text(view.customer.name, { width: WIDTH / 2 });
  for (const line of view.customer.addressLines) doc.text(line, { width: WIDTH / 2 });
  doc.text(view.customer.email, { width: WIDTH / 2 });
  doc.text(view.customer.mobile, { width: WIDTH / 2 });
  const leftBottom = doc.y;
  doc.font("Body-Bold").text("Trip", MARGIN + WIDTH / 2, top, { width: WIDTH / 2 });
  doc.font("Body").text(view.trip.title, { width: WIDTH / 2 });
  doc.text(view.trip.travelDate ? `Departure ${view.trip.travelDate}` : "No departure date", { width: WIDTH / 2 });
  doc.x = MARGIN;
  doc.y = Math.max(leftBottom, doc.y);
}

const LINE_COLUMNS: Column[] = [
  { x: 0, width: 235 },
  { x: 240, width: 50, align: "right" },
  { x: 295, width: 100, align: "right" },
  { x: 400, width: WIDTH - 400, align: "right" },
];
const TOTAL_COLUMNS: Column[] = [
  { x: 0, width: 395, align: "right" },
  { x: 400, width: WIDTH - 400, align: "right" },
];
const PAYMENT_COLUMNS: Column[] = [
  { x: 0, width: 80 },
  { x: 85, width: 150 },
  { x: 240, width: 155 },
  { x: 400, width: WIDTH - 400, align: "right" },
];

function invoicePage(doc: Doc, view: InvoiceView) {
  letterhead(doc, view, "INVOICE", [
    ["Invoice number", view.number],
    ["Date", view.date],
    ["Booking reference", view.reference],
    ["Status", view.status],
  ]);
  billTo(doc, view);

  heading(doc, "Travellers");
  row(doc, LINE_COLUMNS, ["Category", "Qty", "Unit price", "Amount"], { bold: true });
  rule(doc);
  for (const line of view.lines) row(doc, LINE_COLUMNS, [line.description, String(line.quantity), line.unitPrice, line.amount]);
  rule(doc);
  row(doc, TOTAL_COLUMNS, ["Subtotal", view.subtotal]);
  if (view.discount) row(doc, TOTAL_COLUMNS, [view.discount.label, view.discount.amount]);
  row(doc, TOTAL_COLUMNS, ["Total", view.total], { bold: true });

  heading(doc, "Payments");
  row(doc, PAYMENT_COLUMNS, ["Date", "Payment", "Reference", "Amount"], { bold: true });
  rule(doc);
  if (view.payments.length === 0) row(doc, PAYMENT_COLUMNS, ["None yet", "", "", ""]);
  for (const payment of view.payments) {
    row(doc, PAYMENT_COLUMNS, [payment.date, payment.description, payment.reference, payment.amount]);
  }
  rule(doc);
  row(doc, TOTAL_COLUMNS, ["Total paid", view.paid], { bold: true });

  if (view.creditNotes.length > 0) {
    heading(doc, "Refunds (credit notes)");
    row(doc, PAYMENT_COLUMNS, ["Date", "Credit note", "Reason", "Amount"], { bold: true });
    rule(doc);
    for (const note of view.creditNotes) row(doc, PAYMENT_COLUMNS, [note.date, note.number, note.reason, note.amount]);
    rule(doc);
    row(doc, TOTAL_COLUMNS, ["Total refunded", view.refunded], { bold: true });
  }

  doc.moveDown(0.8);
  row(doc, TOTAL_COLUMNS, ["Balance due", view.balance], { bold: true });
  doc.moveDown(1.5);
  doc
    .font("Body")
    .fontSize(8)
    .fillColor(GREY)
    .text(`Amounts in US dollars. ${view.agency.name} · ${view.number}`, MARGIN, doc.y, { width: WIDTH });
  doc.fillColor("black");
}

function creditNotePage(doc: Doc, view: InvoiceView, note: CreditNoteView) {
  doc.addPage();
  letterhead(doc, view, "CREDIT NOTE", [
    ["Credit note number", note.number],
    ["Date", note.date],
    ["Against invoice", view.number],
    ["Booking reference", view.reference],
  ]);
  billTo(doc, view);
  heading(doc, "Credit");
  row(
    doc,
    TOTAL_COLUMNS.map((column, index) => ({ ...column, align: index === 0 ? "left" : "right" })),
    ["Description", "Amount"],
    { bold: true },
  );
  rule(doc);
  row(doc, [{ x: 0, width: 395 }, TOTAL_COLUMNS[1]], [`Refund: ${note.reason}`, note.amount]);
  row(doc, [{ x: 0, width: 395 }], [`Paid back: ${note.paidBack}`]);
  rule(doc);
  row(doc, TOTAL_COLUMNS, ["Total credited", note.amount], { bold: true });
  doc.moveDown(1.5);
  doc
    .font("Body")
    .fontSize(8)
    .fillColor(GREY)
    .text(`Amounts in US dollars. This credit note reduces invoice ${view.number}.`, MARGIN, doc.y, { width: WIDTH });
  doc.fillColor("black");
}

/** The PDF file of the invoice and its credit notes. */
export function invoicePdf(view: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: view.title, Author: view.agency.name, Subject: `Booking ${view.reference}` },
  });
  for (const [name, bytes] of Object.entries(fontBytes())) doc.registerFont(name, bytes);
  doc.font("Body");
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  invoicePage(doc, view);
  for (const note of view.creditNotes) creditNotePage(doc, view, note);
  doc.end();
  return done;
}
