import { describe, expect, it } from "vitest";
import { barGeometry, lastMonths, monthsStart, niceMax, valuesByMonth } from "~/backoffice/charts";

describe("dashboard charts", () => {
  it("lists the last twelve months across a new year", () => {
    const months = lastMonths(new Date("2026-02-10T12:00:00Z"), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months[11]).toBe("2026-02");
    expect(monthsStart(months).toISOString()).toBe("2025-03-01T00:00:00.000Z");
  });

  it("fills months without bookings with zero", () => {
    expect(valuesByMonth(["2026-01", "2026-02", "2026-03"], [{ month: "2026-02", value: 5 }])).toEqual([0, 5, 0]);
  });

  it("rounds the scale up to a readable number", () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([7])).toBe(10);
    expect(niceMax([13])).toBe(20);
    expect(niceMax([230])).toBe(250);
    expect(niceMax([4_100])).toBe(5_000);
  });

  it("draws bars in proportion, a negative month as empty", () => {
    const bars = barGeometry([10, 5, -3], 300, 100, 10);
    expect(bars.map((bar) => bar.height)).toEqual([100, 50, 0]);
    expect(bars[1].y).toBe(50);
    expect(bars[0].x).toBeCloseTo(15);
    expect(bars[0].width).toBeCloseTo(70);
  });
});
