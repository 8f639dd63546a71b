import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskIdNumber, normaliseIdNumber } from "~/booking/travellers/id-numbers";

describe("normaliseIdNumber", () => {
  it.each([
    ["1234567890", "1234567890"],
    ["123 456 7890", "1234567890"],
    ["1990-1234-56789", "1990123456789"],
    ["19901234567890123", "19901234567890123"],
    [" 2015 2692 5010 32145 ", "20152692501032145"],
    ["১২৩৪৫৬৭৮৯০", "1234567890"],
    ["123\u00a0456–7890", "1234567890"],
    ["eb0123456", "EB0123456"],
    ["A 0012 3456", "A00123456"],
    ["AB12345678", "AB12345678"],
  ])("takes %j as %j", (typed, stored) => {
    expect(normaliseIdNumber(typed)).toBe(stored);
  });

  it.each(["", "123456789", "12345678901", "123456789012", "12345678901234", "1234567890123456", "123456789012345678"])(
    "refuses %j (not 10, 13 or 17 digits)",
    (typed) => {
      expect(normaliseIdNumber(typed)).toBeNull();
    },
  );

  it.each(["A123456", "A123456789", "ABC1234567", "1A2345678", "E-B.0123456", "12345X7890", "EB0123456/"])(
    "refuses %j",
    (typed) => {
      expect(normaliseIdNumber(typed)).toBeNull();
    },
  );
});

describe("maskIdNumber", () => {
  it("shows only the last 4 characters", () => {
    expect(maskIdNumber("19901234567896789")).toBe("•••••••••••••6789");
    expect(maskIdNumber("1234567890")).toBe("••••••7890");
    expect(maskIdNumber("EB0123456")).toBe("•••••3456");
    expect(maskIdNumber("12345")).toBe("•2345");
  });

  it("masks a short value wholly and keeps null", () => {
    expect(maskIdNumber("1234")).toBe("••••");
    expect(maskIdNumber("")).toBe("");
    expect(maskIdNumber(null)).toBeNull();
  });

  it("never shows more than 4 characters of a number (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789AB"), maxLength: 20 }), (id) => {
        const masked = maskIdNumber(id)!;
        expect(masked).toHaveLength(id.length);
        expect(masked.replaceAll("•", "").length).toBeLessThanOrEqual(4);
        expect(id.endsWith(masked.replaceAll("•", ""))).toBe(true);
      }),
    );
  });
});
