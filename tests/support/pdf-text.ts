// The text of a PDF as pdfkit writes it, for the tests to read: each page's content stream
// inflated, each TJ/Tj operator's strings decoded with the font selected before it (an embedded
// font through its ToUnicode map, a standard one as WinAnsi's ASCII range), one entry per
// operator, pages in order. Enough for our own documents; not a general PDF reader. Shaped
// scripts read in drawing order: a Bengali vowel sign drawn before its consonant comes first,
// and a conjunct's glyph reads as nothing (pdfkit maps it to no text).
import { inflateSync } from "node:zlib";

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

/** Every `N 0 obj` of the file: its dictionary and its stream, inflated when it is compressed. */
function objectsOf(pdf: Buffer): Map<string, PdfObject> {
  const source = pdf.toString("latin1");
  const objects = new Map<string, PdfObject>();
  const found = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = found.exec(source); match; match = found.exec(source)) {
    const body = match[2];
    const streamAt = body.search(/stream\r?\n/);
    const dictionary = streamAt >= 0 ? body.slice(0, streamAt) : body;
    let stream: Buffer | null = null;
    if (streamAt >= 0) {
      // The stream's bytes are /Length long: trimming the line break before "endstream" by pattern
      // would also cut a compressed stream whose last byte happens to be \r (1 in 256 documents).
      const start = body.indexOf("\n", streamAt) + 1;
      const length = /\/Length\s+(\d+)(?!\s+0\s+R)/.exec(dictionary)?.[1];
      const end = length ? start + Number(length) : body.lastIndexOf("endstream") - 1;
      const raw = Buffer.from(body.slice(start, end), "latin1");
      try {
        stream = /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
      } catch {
        stream = raw;
      }
    }
    objects.set(match[1], { dictionary, stream });
  }
  return objects;
}

const reference = (dictionary: string, key: string) => new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dictionary)?.[1];

/** A ToUnicode CMap: each 2-byte code (hex) to its text. */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  // UTF-16BE; pdfkit separates the code points of one glyph with spaces.
  const text = (hex: string) => Buffer.from(hex.replace(/\s+/g, ""), "hex").swap16().toString("utf16le");
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g))
      map.set(code.toLowerCase(), text(target));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, targets] of block[1].matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const first = parseInt(low, 16);
      const last = parseInt(high, 16);
      // An entry may be empty (<>): a glyph that stands for no text of its own, such as a conjunct pdfkit cannot map.
      const list = targets.startsWith("[") ? [...targets.matchAll(/<([0-9a-fA-F ]*)>/g)].map((target) => target[1]) : null;
      for (let code = first; code <= last; code++) {
        const target = list
          ? list[code - first]
          : (parseInt(targets.slice(1, -1), 16) + code - first).toString(16).padStart(4, "0");
        if (target !== undefined) map.set(code.toString(16).padStart(low.length, "0"), text(target));
      }
    }
  }
  return map;
}

type Decoder = (hex: string) => string;

const winAnsi: Decoder = (hex) => Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex").toString("latin1");

/** The decoder of each font resource name of a page (F1, F2…). */
function fontDecoders(objects: Map<string, PdfObject>, resources: string): Map<string, Decoder> {
  const decoders = new Map<string, Decoder>();
  const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? "";
  for (const [, name, id] of fonts.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
    const toUnicode = reference(objects.get(id)?.dictionary ?? "", "ToUnicode");
    const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
    if (!cmap) {
      decoders.set(name, winAnsi);
      continue;
    }
    const map = unicodeMap(cmap.toString("latin1"));
    decoders.set(name, (hex) => (hex.match(/.{4}/g) ?? []).map((code) => map.get(code.toLowerCase()) ?? "\uFFFD").join(""));
  }
  return decoders;
}

function decodeLiteral(text: string): string {
  return text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) =>
    /^[0-7]+$/.test(escaped)
      ? String.fromCharCode(parseInt(escaped, 8))
      : (({ n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" } as Record<string, string>)[escaped] ?? escaped),
  );
}

function stringsOf(operand: string, decode: Decoder): string {
  const parts = operand.match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
  return parts.map((part) => (part.startsWith("<") ? decode(part.slice(1, -1)) : decodeLiteral(part.slice(1, -1)))).join("");
}

/** The text pieces of each page, in drawing order. */
export function pdfPages(pdf: Buffer): string[][] {
  const objects = objectsOf(pdf);
  const tree = [...objects.values()].find((object) => /\/Type\s*\/Pages\b/.test(object.dictionary));
  const kids = [...(/\/Kids\s*\[([^\]]*)\]/.exec(tree?.dictionary ?? "")?.[1].matchAll(/(\d+) 0 R/g) ?? [])].map((kid) => kid[1]);
  return kids.map((id) => {
    const page = objects.get(id)?.dictionary ?? "";
    const resourcesId = reference(page, "Resources");
    const decoders = fontDecoders(objects, resourcesId ? (objects.get(resourcesId)?.dictionary ?? "") : page);
    const content = objects.get(reference(page, "Contents") ?? "")?.stream?.toString("latin1") ?? "";
    const texts: string[] = [];
    let decode: Decoder = winAnsi;
    const operators = /\/(\w+)\s+[\d.]+\s+Tf|(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) {
      if (op[1]) decode = decoders.get(op[1]) ?? winAnsi;
      else texts.push(stringsOf(op[2] ?? op[3], decode));
    }
    return texts;
  });
}

/** All the text of a PDF, its pieces joined by new lines. */
export function pdfText(pdf: Buffer): string {
  return pdfPages(pdf)
    .map((page) => page.join("\n"))
    .join("\n\f\n");
}
