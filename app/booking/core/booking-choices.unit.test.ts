import { describe, expect, it } from "vitest";
import { checkoutPath, clampQuantity, isPackageType, readOrderChoice, totalCents } from "~/booking/core/booking-choices";

describe("quantity", () => {
  it("stays within 1..20", () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-5)).toBe(1);
    expect(clampQuantity(21)).toBe(20);
    expect(clampQuantity("7")).toBe(7);
    expect(clampQuantity("7.9")).toBe(7);
    expect(clampQuantity("abc")).toBe(1);
    expect(clampQuantity(undefined)).toBe(1);
  });
});

describe("order choice from the query string", () => {
  it("starts at 1 and Choose", () => {
    expect(readOrderChoice(new URLSearchParams())).toEqual({ quantity: 1, packageType: null, departure: null });
  });
  it("applies the minus/plus step within bounds", () => {
    expect(readOrderChoice(new URLSearchParams("quantity=3&step=1&type=group"))).toEqual({
      quantity: 4,
      packageType: "group",
      departure: null,
    });
    expect(readOrderChoice(new URLSearchParams("quantity=1&step=-1"))).toEqual({
      quantity: 1,
      packageType: null,
      departure: null,
    });
    expect(readOrderChoice(new URLSearchParams("quantity=20&step=1"))).toEqual({
      quantity: 20,
      packageType: null,
      departure: null,
    });
    expect(readOrderChoice(new URLSearchParams("departure=dep123456789")).departure).toBe("dep123456789");
  });
  it("treats an unknown package type as Choose", () => {
    expect(readOrderChoice(new URLSearchParams("type=Choose")).packageType).toBeNull();
    expect(readOrderChoice(new URLSearchParams("type=luxury")).packageType).toBeNull();
    expect(isPackageType("couple")).toBe(true);
  });
});

describe("total and checkout link", () => {
  it("is cost x quantity", () => {
    expect(totalCents(450_00, 3)).toBe(1350_00);
  });
  it("keeps the /addCart/{total} shape", () => {
    expect(checkoutPath("abc123", "1350", 3, "couple")).toBe("/addCart/1350?service=abc123&quantity=3&type=couple");
    expect(checkoutPath("abc123", "900", 2, "city", "dep123")).toBe(
      "/addCart/900?service=abc123&quantity=2&type=city&departure=dep123",
    );
  });
});
