import { describe, expect, it } from "vitest";
import { pageCount, pageHref, pageParam } from "~/domain/paging";

describe("page numbers", () => {
  it("reads ?page, falling back to the first page", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const bad of ["page=0", "page=-2", "page=1.5", "page=abc", ""]) expect(pageParam(new URLSearchParams(bad))).toBe(1);
  });
  it("counts pages, at least one", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
  it("keeps the other parameters in the links", () => {
    expect(pageHref(new URLSearchParams("state=all&page=2"), 3)).toBe("?state=all&page=3");
    expect(pageHref(new URLSearchParams("state=all&page=2"), 1)).toBe("?state=all");
    expect(pageHref(new URLSearchParams("page=2"), 1)).toBe("?");
  });
});
