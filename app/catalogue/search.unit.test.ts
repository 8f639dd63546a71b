import { describe, expect, it } from "vitest";
import { isFiltered, readCatalogueQuery } from "~/catalogue/search";

const read = (query: string) => readCatalogueQuery(new URLSearchParams(query));

describe("readCatalogueQuery", () => {
  it("reads nothing as every package, newest first", () => {
    expect(read("")).toEqual({ values: {}, filters: { sort: "newest" }, errors: {} });
    expect(read("q=&destination=&minCost=&days=&month=&sort=").filters).toEqual({ sort: "newest" });
  });

  it("turns each parameter into its filter", () => {
    const { filters, errors } = read(
      "q=+Sea+&destination=Cox%27s+Bazar&minCost=10&maxCost=200&days=4-7&month=2026-12&sort=rating",
    );
    expect(errors).toEqual({});
    expect(filters).toEqual({
      q: "Sea",
      destination: "Cox's Bazar",
      minCents: 1000,
      maxCents: 20000,
      days: { min: 4, max: 7 },
      month: { from: "2026-12-01", until: "2027-01-01" },
      sort: "rating",
    });
    expect(isFiltered(filters)).toBe(true);
    expect(isFiltered(read("sort=rating").filters)).toBe(false);
  });

  it("reads days as exactly N, N-M or N+ (a literal + arrives as a space)", () => {
    expect(read("days=5").filters.days).toEqual({ min: 5, max: 5 });
    expect(read("days=8%2B").filters.days).toEqual({ min: 8, max: null });
    expect(read("days=8+").filters.days).toEqual({ min: 8, max: null });
    expect(read("month=2026-01").filters.month).toEqual({ from: "2026-01-01", until: "2026-02-01" });
  });

  it("names each bad parameter, keeps what was typed and the good ones in force", () => {
    const { values, filters, errors } = read(
      "q=tea&destination=Atlantis&minCost=-1&maxCost=abc&days=7-4&month=2026-13&sort=cheapest",
    );
    expect(Object.keys(errors).sort()).toEqual(["days", "destination", "maxCost", "minCost", "month", "sort"]);
    expect(errors.destination).toEqual(["destination must be one of the destinations of Bangladesh (a district or a region)."]);
    expect(errors.sort?.[0]).toMatch(/^sort must be one of newest, price-asc/);
    expect(filters).toEqual({ q: "tea", sort: "newest" });
    expect(values).toMatchObject({ destination: "Atlantis", month: "2026-13" });
    for (const days of ["0", "1000", "x", "3-", "+3"])
      expect(read(`days=${encodeURIComponent(days)}`).errors.days, days).toBeDefined();
    expect(read(`q=${"x".repeat(101)}`).errors.q).toEqual(["q can be at most 100 characters."]);
  });

  it("refuses a maximum below the minimum", () => {
    const { filters, errors } = read("minCost=300&maxCost=100");
    expect(errors).toEqual({ maxCost: ["maxCost must be at least minCost."] });
    expect(filters).toEqual({ minCents: 30000, sort: "newest" });
  });
});
