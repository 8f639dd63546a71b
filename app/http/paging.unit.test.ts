import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, nextLinkHeader, readLimit } from "~/http/paging";

describe("cursors", () => {
  it("round-trip the last item's keys, URL-safe", () => {
    const values = ["2026-11-24T00:00:00.000Z", 12.5, null, "cm0abc/+=?&"];
    const cursor = encodeCursor(values);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(values);
  });

  it("refuse anything encodeCursor did not make", () => {
    const notArrays = [JSON.stringify({ a: 1 }), "[]", "[[1]]", '[{"a":1}]', "not json", '["x",true]'];
    for (const text of notArrays) expect(decodeCursor(Buffer.from(text).toString("base64url")), text).toBeNull();
    for (const raw of ["", "a b", "abc=", "%%%", "x".repeat(1001)]) expect(decodeCursor(raw), raw).toBeNull();
  });
});

describe("nextLinkHeader", () => {
  it("keeps the other parameters and replaces the cursor, root-relative", () => {
    const header = nextLinkHeader("http://localhost:3000/api/services?q=sea%20side&limit=2&cursor=old", "NEXT");
    expect(header).toBe('</api/services?q=sea+side&limit=2&cursor=NEXT>; rel="next"');
  });

  it("adds the cursor to a URL without parameters", () => {
    expect(nextLinkHeader(new URL("http://x.test/api/users"), "abc")).toBe('</api/users?cursor=abc>; rel="next"');
  });
});

describe("readLimit", () => {
  it("defaults when absent and accepts 1 to the maximum", () => {
    expect(readLimit(null)).toEqual({ ok: true, limit: 50 });
    expect(readLimit("")).toEqual({ ok: true, limit: 50 });
    expect(readLimit("1")).toEqual({ ok: true, limit: 1 });
    expect(readLimit("100")).toEqual({ ok: true, limit: 100 });
    expect(readLimit(null, { defaultLimit: 25, max: 40 })).toEqual({ ok: true, limit: 25 });
  });

  it("refuses the rest with a message naming limit", () => {
    for (const value of ["0", "101", "-1", "2.5", "ten", "1e2"]) {
      const read = readLimit(value);
      expect(read.ok, value).toBe(false);
      if (!read.ok) expect(read.error).toMatch(/^limit must be/);
    }
  });
});
