import { describe, expect, it } from "vitest";
import { formatNumber, localDigits, toAsciiDigits } from "~/platform/digits";

describe("toAsciiDigits", () => {
  it("reads Bengali digits as ASCII and keeps everything else", () => {
    expect(toAsciiDigits("০১৭১১-২৩৪৫৬৭")).toBe("01711-234567");
    expect(toAsciiDigits("৳৫,৫০০ জন প্রতি")).toBe("৳5,500 জন প্রতি");
    expect(toAsciiDigits("TX9ab")).toBe("TX9ab");
  });
});

describe("numbers for a reader", () => {
  it("are in the language's digits, Bengali with lakh grouping", () => {
    expect(formatNumber(12_345_678)).toBe("12,345,678");
    expect(formatNumber(12_345_678, "bn")).toBe("১,২৩,৪৫,৬৭৮");
    expect(localDigits("TB-2026-0042", "bn")).toBe("TB-২০২৬-০০৪২");
    expect(localDigits("TB-2026-0042", "en")).toBe("TB-2026-0042");
    expect(toAsciiDigits(localDigits("0123456789", "bn"))).toBe("0123456789");
  });
});
