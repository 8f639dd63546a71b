// The tests' PDF reader reads a compressed stream by its /Length: a stream whose last byte is \r
// (one PDF in 256) once read as nothing, and a browser test failed by chance.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf-text";

/** A one-page PDF as pdfkit lays it out, its content stream compressed. */
function onePagePdf(content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      "%PDF-1.3\n1 0 obj\n<< /Type /Pages /Kids [2 0 R] /Count 1 >>\nendobj\n" +
        "2 0 obj\n<< /Type /Page /Parent 1 0 R /Contents 3 0 R >>\nendobj\n" +
        `3 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`,
      "latin1",
    ),
    content,
    Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"),
  ]);
}

// The stream's last byte is the low byte of its Adler-32 sum: each added "A" moves it by 65, so
// every value comes within 256 tries.
describe("pdfText", () => {
  it("reads a compressed stream whose last byte is a carriage return", () => {
    let text = "";
    let stream = Buffer.alloc(0);
    for (let n = 0; stream.at(-1) !== 0x0d; n++) {
      text = `Invoice number: INV-2026-000022 ${"A".repeat(n)}`;
      stream = deflateSync(Buffer.from(`BT /F1 12 Tf (${text}) Tj ET`, "latin1"));
    }
    expect(pdfText(onePagePdf(stream))).toBe(text);
  });

  it("reads a stream whose last byte is a new line", () => {
    let text = "";
    let stream = Buffer.alloc(0);
    for (let n = 0; stream.at(-1) !== 0x0a; n++) {
      text = `Booking reference: TB-7Q2K ${"A".repeat(n)}`;
      stream = deflateSync(Buffer.from(`BT /F1 12 Tf (${text}) Tj ET`, "latin1"));
    }
    expect(pdfText(onePagePdf(stream))).toBe(text);
  });
});
