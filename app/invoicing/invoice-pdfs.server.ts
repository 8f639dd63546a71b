// Invoice PDFs drawn off the event loop. Laying out a page and subsetting the Bengali font takes
// pdfkit about 0.7 s of CPU: ten downloads at once held every other request of the site for 7 s
// (/healthz 6.9 s against 0.02 s idle, issue 35). They are drawn on a worker thread (piscina, as
// the password hashes), and each PDF is kept for the view it shows: a view is everything the file
// prints, so any change to the booking (a payment, a refund, a name) makes a new one, and ten
// downloads of one invoice draw it once. Downloads are rate limited per account (the route).
import { createHash } from "node:crypto";
import Piscina from "piscina";
import type { InvoiceView } from "~/invoicing/invoice";

// The worker runs app/invoicing/invoice-pdf.server.ts as it is (Node strips its types): from this
// file in app/invoicing/ (tests, development) the same folder; from the server build in build/,
// that folder one level up (the image copies that file).
const WORKER = new URL(
  import.meta.url.endsWith("/app/invoicing/invoice-pdfs.server.ts")
    ? "./invoice-pdf.server.ts"
    : "../app/invoicing/invoice-pdf.server.ts",
  import.meta.url,
);

let pool: Piscina | undefined;

function pdfPool(): Piscina {
  // One thread: PDFs are rare, and the event loop keeps the other core.
  pool ??= new Piscina({ filename: WORKER.href, minThreads: 0, maxThreads: 1, idleTimeout: 60_000 });
  return pool;
}

/** The last PDFs drawn, by their view's hash (in-flight ones too, so that parallel downloads share one). */
const drawn = new Map<string, Promise<Buffer>>();
const KEPT = 32;

async function draw(view: InvoiceView): Promise<Buffer> {
  const bytes = (await pdfPool().run(view, { name: "invoicePdf" })) as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The PDF file of the invoice and its credit notes (app/invoicing/invoice-pdf.server.ts draws it). */
export function renderInvoicePdf(view: InvoiceView): Promise<Buffer> {
  const key = createHash("sha256").update(JSON.stringify(view)).digest("hex");
  const kept = drawn.get(key);
  if (kept) {
    // The most recently used stays longest.
    drawn.delete(key);
    drawn.set(key, kept);
    return kept;
  }
  const pdf = draw(view);
  drawn.set(key, pdf);
  pdf.catch(() => drawn.delete(key));
  if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value!);
  return pdf;
}
