import { describe, expect, it } from "vitest";
import { type NumberedWindow, numberedPage, pageCount, pageHref, pageNumber } from "~/platform/paging";

describe("paging", () => {
  it("reads ?page= as a whole number from 1, anything else as page 1", () => {
    expect(pageNumber(new URLSearchParams("page=3"))).toBe(3);
    for (const bad of ["", "page=0", "page=-2", "page=2.5", "page=abc", "page=01", "page=99999999", "page=1e3"]) {
      expect(pageNumber(new URLSearchParams(bad)), bad).toBe(1);
    }
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it("links another page keeping the search and filter, page 1 without ?page", () => {
    const params = new URLSearchParams("q=ann smith&flagged=1&page=2");
    expect(pageHref(params, 3)).toBe("?q=ann+smith&flagged=1&page=3");
    expect(pageHref(params, 1)).toBe("?q=ann+smith&flagged=1");
    expect(pageHref(new URLSearchParams("page=2"), 1)).toBe("?");
  });

  it("links from another path when given one (the catalogue's pages)", () => {
    const params = new URLSearchParams("q=tea&page=3&sort=rating");
    expect(pageHref(params, 4, "/services")).toBe("/services?q=tea&sort=rating&page=4");
    expect(pageHref(params, 1, "/services")).toBe("/services?q=tea&sort=rating");
    expect(pageHref(new URLSearchParams(), 1, "/services")).toBe("/services");
  });

  it("reads a numbered page as the window of its rows, newest first, and the count beside it", async () => {
    const rows = Array.from({ length: 7 }, (_, index) => `row ${index + 1}`);
    const windows: NumberedWindow[] = [];
    const read = (page: number) =>
      numberedPage(page, 3, {
        rows: async (window) => {
          windows.push(window);
          return rows.slice(window.skip, window.skip + window.take);
        },
        count: async () => rows.length,
      });
    expect(await read(1)).toEqual({ rows: ["row 1", "row 2", "row 3"], total: 7 });
    expect(await read(3)).toEqual({ rows: ["row 7"], total: 7 });
    expect(await read(4)).toEqual({ rows: [], total: 7 });
    expect(windows.map(({ skip, take }) => [skip, take])).toEqual([
      [0, 3],
      [6, 3],
      [9, 3],
    ]);
    expect(windows[0].orderBy).toEqual([{ createdAt: "desc" }, { id: "desc" }]);
  });
});
