// The text of a PDF as pdfkit writes it, for the tests to read: each page's content stream
// inflated, each TJ/Tj operator's strings decoded (hex or literal, WinAnsi's ASCII range), one
// entry per operator, pages in order. Enough for our own documents; not a general PDF reader.
import { inflateSync } from "node:zlib";

function decodeHex(hex: string): string {
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex").toString("latin1");
}

function decodeLiteral(text: string): string {
  return text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) =>
    /^[0-7]+$/.test(escaped)
      ? String.fromCharCode(parseInt(escaped, 8))
      : (({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[escaped] ?? escaped),
  );
}

function stringsOf(operand: string): string {
  const parts = operand.match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
  return parts.map((part) => (part.startsWith("<") ? decodeHex(part.slice(1, -1)) : decodeLiteral(part.slice(1, -1)))).join("");
}

/** The text pieces of each page, in drawing order. */
export function pdfPages(pdf: Buffer): string[][] {
  const source = pdf.toString("latin1");
  const pages: string[][] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      content = match[1];
    }
    if (!/\bBT\b/.test(content)) continue;
    const texts: string[] = [];
    const operators = /(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) texts.push(stringsOf(op[1] ?? op[2]));
    pages.push(texts);
  }
  return pages;
}

/** All the text of a PDF, its pieces joined by new lines. */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf)
    .map((page) => page.join("\n"))
    .join("\n\f\n");
}
