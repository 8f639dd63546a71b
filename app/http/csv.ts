// CSV exports (RFC 4180): quoted where needed, guarded against formula injection, and streamed page
// by page so an export of 100,000 rows never holds them all in memory.

export type CsvCell = string | number | boolean | Date | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell !== "string") return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export function csvRow(cells: CsvCell[]): string {
  return `${cells.map(cellText).join(",")}\r\n`;
}

/**
 * A byte stream of the header then every row of every page, pulled one page at a time (the
 * client's reading paces the database reads). Starts with a UTF-8 BOM so that spreadsheets read
 * Bengali names right.
 */
export function csvStream(header: string[], pages: AsyncIterable<CsvCell[][]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
    },
    async pull(controller) {
      // A pull must enqueue or close: an empty page would leave the reader waiting.
      for (;;) {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.length > 0) {
          controller.enqueue(encoder.encode(next.value.map(csvRow).join("")));
          return;
        }
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** The headers of a CSV download named `filename`. */
export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
  };
}
