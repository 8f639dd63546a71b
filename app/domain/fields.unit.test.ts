import { describe, expect, it } from "vitest";
import { checkoutSchema } from "~/domain/checkout";
import { constraintsOf, isBlankable, optional, postcode, rating } from "~/domain/fields";
import { packageSchema } from "~/domain/packages";
import { orderInputSchema } from "~/http/api-schemas";

describe("optional fields", () => {
  it("take a blank value as absent", () => {
    for (const blank of ["", "   ", "\t"]) {
      expect(postcode.parse(blank)).toBeUndefined();
      expect(rating.parse(blank)).toBe(0);
    }
    expect(postcode.parse(" 1205 ")).toBe("1205");
    expect(postcode.safeParse("12").error?.issues[0].message).toBe("The postcode is 4 to 10 digits.");
  });

  it("are known as such by the OpenAPI document's generator", () => {
    expect(isBlankable(orderInputSchema.shape.Postcode)).toBe(true);
    expect(isBlankable(orderInputSchema.shape.Price)).toBe(true);
    expect(isBlankable(orderInputSchema.shape.firstName)).toBe(false);
    expect(isBlankable(optional(postcode))).toBe(true);
  });
});

describe("constraintsOf", () => {
  it("gives the forms' HTML constraints from the schemas", () => {
    const checkout = constraintsOf(checkoutSchema);
    expect(checkout.firstName).toEqual({ required: true, minLength: 3, maxLength: 15 });
    expect(checkout.City).toEqual({ required: false, maxLength: 30 });
    expect(checkout.Postcode).toEqual({ required: false, maxLength: 10 });
    expect(checkout.townName).toMatchObject({ required: true, maxLength: 20 });
    const product = constraintsOf(packageSchema);
    expect(product.cost).toEqual({ required: true, min: 1, max: 1_000_000 });
    expect(product.title).toEqual({ required: true, minLength: 1, maxLength: 120 });
  });
});
