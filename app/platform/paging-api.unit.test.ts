import { describe, expect, it } from "vitest";
import { createdAtCursor, decodeCursor, encodeCursor, nextLinkHeader, readApiPage } from "~/platform/paging";

describe("cursors", () => {
  it("round-trip their values", () => {
    const cursor = encodeCursor(["2026-11-24T00:00:00.000Z", "cmabc123"]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(["2026-11-24T00:00:00.000Z", "cmabc123"]);
    expect(decodeCursor(encodeCursor([4500, "id"]))).toEqual([4500, "id"]);
  });

  it("refuse anything that is not one of ours", () => {
    for (const bad of [
      "",
      "!!",
      "a".repeat(600),
      Buffer.from("{}").toString("base64url"),
      Buffer.from("[]").toString("base64url"),
      Buffer.from('[{"a":1}]').toString("base64url"),
      "bm90IGpzb24",
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
    expect(createdAtCursor(["not a date", "id"])).toBeNull();
    expect(createdAtCursor([5, "id"])).toBeNull();
    expect(createdAtCursor(["2026-11-24T00:00:00.000Z", "id"])).toEqual({
      createdAt: new Date("2026-11-24T00:00:00.000Z"),
      id: "id",
    });
  });

  it("the next link keeps the other parameters", () => {
    expect(nextLinkHeader("http://x.test/api/my-orders?email=a%40b.c&limit=2&cursor=old", "NEW")).toBe(
      '</api/my-orders?email=a%40b.c&limit=2&cursor=NEW>; rel="next"',
    );
  });
});

describe("readApiPage", () => {
  it("defaults to 50 and the first page", () => {
    expect(readApiPage("http://x.test/api/review")).toEqual({ ok: true, limit: 50, cursor: null });
    expect(readApiPage("http://x.test/api/review?limit=100")).toMatchObject({ ok: true, limit: 100 });
  });

  it("refuses a limit out of 1-100 and a bad cursor", () => {
    for (const limit of ["0", "101", "-1", "abc", "1.5", ""]) {
      expect(readApiPage(`http://x.test/api/review?limit=${limit}`)).toMatchObject({ ok: false, field: "limit" });
    }
    expect(readApiPage("http://x.test/api/review?cursor=%21")).toMatchObject({ ok: false, field: "cursor" });
  });
});
