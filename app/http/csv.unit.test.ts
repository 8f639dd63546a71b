import { describe, expect, it } from "vitest";
import { csvRow, csvStream } from "~/http/csv";

describe("CSV", () => {
  it("quotes what needs quoting", () => {
    expect(csvRow(["plain", 'say "hi"', "a,b", "two\nlines", null, 3])).toBe('plain,"say ""hi""","a,b","two\nlines",,3\r\n');
  });
  it("keeps spreadsheets from running formulas", () => {
    expect(csvRow(["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "safe"])).toBe("'=HYPERLINK(1),'+1,'-2,'@SUM(A1),safe\r\n");
  });
  it("streams the header, then each page as it comes", async () => {
    let pagesRead = 0;
    async function* pages() {
      for (let page = 0; page < 3; page += 1) {
        pagesRead += 1;
        yield [[`row${page}`, page]];
      }
    }
    const reader = csvStream(["name", "n"], pages()).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("name,n\r\n");
    expect(pagesRead).toBe(0);
    const chunks: string[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      chunks.push(new TextDecoder().decode(chunk.value));
    expect(chunks).toEqual(["row0,0\r\n", "row1,1\r\n", "row2,2\r\n"]);
  });
});
