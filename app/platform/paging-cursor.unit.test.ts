import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, limitParam, nextLinkHeader } from "~/platform/paging";

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

describe("limitParam", () => {
  it("defaults when absent and accepts 1 to the maximum", () => {
    const limit = limitParam();
    expect(limit.parse(undefined)).toBe(50);
    expect(limit.parse("")).toBe(50);
    expect(limit.parse("1")).toBe(1);
    expect(limit.parse("100")).toBe(100);
    expect(limitParam({ defaultLimit: 25, max: 40 }).parse(undefined)).toBe(25);
  });

  it("refuses the rest with a message naming limit", () => {
    for (const value of ["0", "101", "-1", "2.5", "ten"]) {
      const read = limitParam().safeParse(value);
      expect(read.success, value).toBe(false);
      expect(read.error?.issues[0].message).toBe("limit must be a whole number from 1 to 100.");
    }
  });
});
