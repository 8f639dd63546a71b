import { describe, expect, it } from "vitest";
import { csvRow, csvStream } from "~/http/csv";

async function text(stream: ReadableStream<Uint8Array>) {
  // keep the BOM, which Response.text() would drop
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("csvRow", () => {
  it("quotes only what RFC 4180 needs and doubles quotes", () => {
    expect(csvRow(["plain", 'say "hi"', "a,b", "two\nlines", "cr\r", 12, null, undefined, true])).toBe(
      'plain,"say ""hi""","a,b","two\nlines","cr\r",12,,,true\r\n',
    );
  });

  it("writes dates as ISO 8601", () => {
    expect(csvRow([new Date("2026-11-24T12:00:00.000Z")])).toBe("2026-11-24T12:00:00.000Z\r\n");
  });

  it("guards cells a spreadsheet would run as a formula", () => {
    expect(csvRow(["=1+1", "+8801712345678", "-2", "@SUM(A1)", "\tx", "a=b"])).toBe(
      "'=1+1,'+8801712345678,'-2,'@SUM(A1),'\tx,a=b\r\n",
    );
    // a guarded cell is still quoted when it needs it
    expect(csvRow(['=HYPERLINK("x","y")'])).toBe(`"'=HYPERLINK(""x"",""y"")"\r\n`);
    // numbers are values, not text a person typed
    expect(csvRow([-5])).toBe("-5\r\n");
  });
});

describe("csvStream", () => {
  it("writes a BOM, the header, then every page's rows", async () => {
    async function* pages() {
      yield [["1", "a"]];
      yield [];
      yield [
        ["2", "b"],
        ["3", "c"],
      ];
    }
    expect(await text(csvStream(["id", "name"], pages()))).toBe("\uFEFFid,name\r\n1,a\r\n2,b\r\n3,c\r\n");
  });

  it("reads a page only when the reader wants more", async () => {
    let read = 0;
    async function* pages() {
      for (let page = 0; page < 5; page++) {
        read += 1;
        yield [[String(page)]];
      }
    }
    const reader = csvStream(["n"], pages()).getReader();
    await reader.read(); // the header
    await reader.read(); // the first page
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(read).toBeLessThanOrEqual(2);
  });

  it("an empty list is the header alone", async () => {
    async function* pages() {
      yield [];
    }
    expect(await text(csvStream(["id"], pages()))).toBe("\uFEFFid\r\n");
  });
});
