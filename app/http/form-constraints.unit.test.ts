// The field vocabulary (app/platform/fields.ts) as the site's real schemas use it: the forms' HTML
// constraints and the OpenAPI document read from them.
import { describe, expect, it } from "vitest";
import { checkoutSchema, orderInputSchema } from "~/booking";
import { packageSchema } from "~/catalogue";
import { constraintsOf, isBlankable } from "~/platform/fields";

describe("optional fields", () => {
  it("are known as such by the OpenAPI document's generator", () => {
    expect(isBlankable(orderInputSchema.shape.Postcode)).toBe(true);
    expect(isBlankable(orderInputSchema.shape.Price)).toBe(true);
    expect(isBlankable(orderInputSchema.shape.firstName)).toBe(false);
  });
});

describe("constraintsOf", () => {
  it("gives the forms' HTML constraints from the schemas", () => {
    const checkout = constraintsOf(checkoutSchema);
    expect(checkout.firstName).toEqual({ required: true, minLength: 1 });
    expect(checkout.City).toEqual({ required: false });
    expect(checkout.Postcode).toEqual({ required: false });
    expect(checkout.townName).toEqual({ required: true, minLength: 1 });
    const product = constraintsOf(packageSchema);
    expect(product.cost).toEqual({ required: true, min: 1, max: 1_000_000 });
    expect(product.title).toEqual({ required: true, minLength: 1 });
  });

  it("gives no maximum length, which a browser enforces by silently cutting what is typed", () => {
    for (const schema of [checkoutSchema, packageSchema]) {
      for (const constraint of Object.values(constraintsOf(schema))) expect(constraint).not.toHaveProperty("maxLength");
    }
  });
});
