import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsAsDecimal, dollarsAndCents, dollarsValue, formatDollars } from "~/platform/money";

describe("formatDollars", () => {
  it.each([
    [0, "$0"],
    [5, "$0.05"],
    [1250, "$12.50"],
    [45_000, "$450"],
    [900_000, "$9,000"],
    [123_450, "$1,234.50"],
    [100_000_000, "$1,000,000"],
    [123_456_789, "$1,234,567.89"],
    [-123_450, "-$1,234.50"],
  ])("%i cents reads %s", (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });

  it("groups whole dollars as en-US does", () => {
    const enUS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatDollars(cents - (cents % 100))).toBe(`$${enUS.format(Math.floor(cents / 100))}`);
      }),
    );
  });
});

describe("dollarsValue", () => {
  it("stays a plain number for the /addCart/{total} path", () => {
    expect(dollarsValue(900_000)).toBe("9000");
    expect(dollarsValue(123_450)).toBe("1234.50");
    expect(dollarsValue(45_000)).toBe("450");
  });
});

describe("a report's figures", () => {
  it("always show their cents, on screen and as a spreadsheet's number", () => {
    expect(dollarsAndCents(123_450)).toBe("$1,234.50");
    expect(dollarsAndCents(45_000)).toBe("$450.00");
    expect(dollarsAndCents(-5)).toBe("-$0.05");
    expect(centsAsDecimal(123_405)).toBe("1234.05");
    expect(centsAsDecimal(-45_000)).toBe("-450.00");
  });
});

describe("in Bengali", () => {
  it("keeps the value and the dollar sign, in Bengali digits with lakh grouping", () => {
    expect(formatDollars(41_000, "bn")).toBe("$৪১০");
    expect(formatDollars(1250, "bn")).toBe("$১২.৫০");
    expect(formatDollars(123_456_700, "bn")).toBe("$১২,৩৪,৫৬৭");
    expect(formatDollars(-123_450, "bn")).toBe("-$১,২৩৪.৫০");
    expect(dollarsAndCents(900_000, "bn")).toBe("$৯,০০০.০০");
  });
});
