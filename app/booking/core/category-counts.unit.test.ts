import { describe, expect, it } from "vitest";
import { checkoutPath } from "~/booking/core/booking-choices";
import { countField, otherCounts, readCategoryCounts } from "~/booking/core/category-counts";
import type { PriceCategory } from "~/catalogue";

const category = (id: string, fields: Partial<PriceCategory> = {}): PriceCategory => ({
  id,
  name: id,
  type: "OTHER",
  price: 10,
  minAge: null,
  maxAge: null,
  takesSeat: true,
  min: 0,
  max: 20,
  ...fields,
});
const family = [category("adult1", { min: 1 }), category("child1", { max: 4 }), category("infant1", { takesSeat: false })];
const read = (query: string) => readCategoryCounts(new URLSearchParams(query), family);

describe("readCategoryCounts", () => {
  it("reads the first category from the spec's quantity and the others from count.<id>", () => {
    expect(read("quantity=2&count.child1=1&count.infant1=1")).toEqual({ adult1: 2, child1: 1, infant1: 1 });
    expect(countField(family, 0)).toBe("quantity");
    expect(countField(family, 2)).toBe("count.infant1");
  });

  it("keeps the first category within 1 to 20 and the others within 0 and their maximum", () => {
    expect(read("quantity=25&count.child1=9&count.infant1=-3")).toEqual({ adult1: 20, child1: 4, infant1: 0 });
    expect(read("quantity=abc&count.child1=x")).toEqual({ adult1: 1, child1: 0, infant1: 0 });
  });

  it("applies the minus and plus buttons of a page without JavaScript", () => {
    expect(read("quantity=2&step=1")).toEqual({ adult1: 3, child1: 0, infant1: 0 });
    expect(read("quantity=2&step=-1")).toEqual({ adult1: 1, child1: 0, infant1: 0 });
    expect(read("quantity=2&count.child1=1&step=child1:1")).toEqual({ adult1: 2, child1: 2, infant1: 0 });
    expect(read("quantity=2&count.child1=0&step=child1:-1")).toEqual({ adult1: 2, child1: 0, infant1: 0 });
    expect(read("quantity=2&count.child1=4&step=child1:1")).toEqual({ adult1: 2, child1: 4, infant1: 0 });
  });
});

describe("the checkout's address", () => {
  it("carries only the other categories that are booked, after the spec's fields", () => {
    const others = otherCounts(family, { adult1: 2, child1: 1, infant1: 0 });
    expect(others).toEqual([["count.child1", "1"]]);
    expect(checkoutPath("s1", "260", 2, "city", "d1", others)).toBe(
      "/addCart/260?service=s1&quantity=2&type=city&departure=d1&count.child1=1",
    );
    expect(checkoutPath("s1", "200", 2, "city", "d1", otherCounts(family, { adult1: 2 }))).toBe(
      "/addCart/200?service=s1&quantity=2&type=city&departure=d1",
    );
  });
});
