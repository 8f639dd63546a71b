import { describe, expect, it } from "vitest";
import { applyPriceChange, departureCategories, departurePrice, priceTable } from "~/booking/core/departure-prices";

const adult = { id: "adult1", price: 385 };
const child = { id: "child1", price: 200 };

describe("a departure's price per category", () => {
  it("is its own where it names one, else the package's moved by its percent, in whole dollars", () => {
    expect(departurePrice(adult, { prices: null, pricePercent: null })).toBe(385);
    expect(departurePrice(adult, { prices: { adult1: 420 }, pricePercent: null })).toBe(420);
    expect(departurePrice(child, { prices: { adult1: 420 }, pricePercent: null })).toBe(200);
    expect(departurePrice(adult, { prices: null, pricePercent: -10 })).toBe(347); // 346.5 rounds up
    expect(departurePrice(adult, { prices: null, pricePercent: 25 })).toBe(481);
    expect(departurePrice({ id: "x", price: 900_000 }, { prices: null, pricePercent: 500 })).toBe(1_000_000); // never above the maximum price
    expect(priceTable([adult, child], { prices: null, pricePercent: 10 })).toEqual({ adult1: 424, child1: 220 });
    expect(departureCategories([adult, child], null)).toEqual([adult, child]);
  });

  it("changes by prices or a percent, each replacing the other; an unknown or repeated category names the field", () => {
    expect(applyPriceChange([adult, child], { percent: 5 })).toEqual({ ok: true, pricing: { prices: null, pricePercent: 5 } });
    expect(applyPriceChange([adult, child], { percent: 0 })).toEqual({ ok: true, pricing: { prices: null, pricePercent: null } });
    expect(applyPriceChange([adult, child], { prices: [{ category: "child1", price: 150 }] })).toEqual({
      ok: true,
      pricing: { prices: { child1: 150 }, pricePercent: null },
    });
    expect(applyPriceChange([adult, child], { prices: [] })).toEqual({ ok: true, pricing: { prices: null, pricePercent: null } });
    expect(applyPriceChange([adult], { prices: [{ category: "child1", price: 1 }] })).toMatchObject({
      ok: false,
      field: "prices",
    });
  });
});
