import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CATEGORY_NAME_MAX,
  DEFAULT_CATEGORY_ID,
  defaultCategories,
  MAX_AGE,
  MAX_CATEGORIES,
  MAX_PERSONS,
  MAX_PRICE,
  PRICE_CATEGORY_TYPES,
  priceCategoriesSchema,
  priceCategorySchema,
} from "~/catalogue/price-categories";
import { quantity, wholeDollars } from "~/platform/fields";
import { parseForm } from "~/platform/forms";

// As a package body holds them (POST/PUT /api/services, the product forms).
const body = z.object({ priceCategories: priceCategoriesSchema });

/** The errors as the forms name their fields: priceCategories[1].maxAge. */
function errorsOf(priceCategories: unknown): { path: string; message: string }[] {
  const parsed = body.safeParse({ priceCategories });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: issue.path.reduce<string>(
      (path, part) => (typeof part === "number" ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      "",
    ),
    message: issue.message,
  }));
}

const adult = { name: "Adult", type: "ADULT", price: 450, minAge: 12, maxAge: null, takesSeat: true, min: 1, max: 20 };
const child = { name: "Child", type: "CHILD", price: 300, minAge: 2, maxAge: 11, takesSeat: true, min: 0, max: 10 };
const infant = { name: "Infant", type: "INFANT", price: 0, minAge: 0, maxAge: 1, takesSeat: false, min: 0, max: 4 };

describe("defaultCategories", () => {
  it("sells a package without categories as persons at its cost, as the spec's order page does", () => {
    expect(defaultCategories(450)).toEqual([
      {
        id: DEFAULT_CATEGORY_ID,
        name: "Adult",
        type: "ADULT",
        price: 450,
        minAge: null,
        maxAge: null,
        takesSeat: true,
        min: 1,
        max: 20,
      },
    ]);
  });

  it("keeps the bounds of the quantity control and of the cost", () => {
    const [category] = defaultCategories(1);
    expect(quantity.safeParse(category.min).success).toBe(true);
    expect(quantity.safeParse(category.min - 1).success).toBe(false);
    expect(quantity.safeParse(category.max).success).toBe(true);
    expect(quantity.safeParse(category.max + 1).success).toBe(false);
    expect(MAX_PERSONS).toBe(category.max);
    expect(wholeDollars.safeParse(MAX_PRICE).success).toBe(true);
    expect(wholeDollars.safeParse(MAX_PRICE + 1).success).toBe(false);
  });

  it("is valid input itself, so an edit form can start from it", () => {
    const [category] = defaultCategories(450);
    const { id, ...fields } = category;
    expect(priceCategoriesSchema.parse([{ _id: id, ...fields }])).toEqual([category]);
  });
});

describe("priceCategoriesSchema (JSON)", () => {
  it("keeps a family's categories in order, with their ids", () => {
    const parsed = priceCategoriesSchema.parse([{ _id: "c1adult", ...adult }, child, infant]);
    expect(parsed).toEqual([
      { id: "c1adult", ...adult, maxAge: null },
      { id: undefined, ...child },
      { id: undefined, ...infant },
    ]);
  });

  it("fills in what an API client leaves out: the type from the name, the seat from the type, any age, 0 to 20", () => {
    const parsed = priceCategoriesSchema.parse([
      { name: "Adults", price: 100 },
      { name: "Children (2-11)", price: 50, minAge: 2, maxAge: 11 },
      { name: "infant on a lap", price: 0 },
      { name: "Kids club", price: 10 },
    ]);
    expect(parsed.map(({ type, takesSeat }) => [type, takesSeat])).toEqual([
      ["ADULT", true],
      ["CHILD", true],
      ["INFANT", false],
      ["OTHER", true],
    ]);
    expect(parsed[0]).toMatchObject({ minAge: null, maxAge: null, min: 0, max: MAX_PERSONS });
  });

  it("lets an admin seat an infant or put any type on a lap", () => {
    const parsed = priceCategoriesSchema.parse([adult, { ...infant, takesSeat: true }, { ...child, takesSeat: false }]);
    expect(parsed.map((category) => category.takesSeat)).toEqual([true, true, false]);
  });

  it("reads null and blank as absent", () => {
    const [category] = priceCategoriesSchema.parse([
      { ...adult, type: "", minAge: null, maxAge: "", takesSeat: null, min: null, max: " " },
    ]);
    expect(category).toMatchObject({ type: "ADULT", minAge: null, maxAge: null, takesSeat: true, min: 0, max: MAX_PERSONS });
  });

  it("trims names", () => {
    expect(priceCategoriesSchema.parse([{ ...adult, name: "  Adult  " }])[0].name).toBe("Adult");
  });

  it("accepts the edges: a free category, the highest price, ages 0 and 120, 20 per booking", () => {
    expect(
      errorsOf([
        { ...adult, price: MAX_PRICE, minAge: 0, maxAge: MAX_AGE, min: MAX_PERSONS, max: MAX_PERSONS },
        { ...infant, price: 0 },
      ]),
    ).toEqual([]);
    expect(errorsOf([{ ...adult, name: "x".repeat(CATEGORY_NAME_MAX) }])).toEqual([]);
    expect(errorsOf(PRICE_CATEGORY_TYPES.map((type) => ({ ...adult, name: type, type, min: 0 })))).toEqual([]);
  });

  it.each([
    ["name", { name: "" }, "Please name the category."],
    ["name", { name: "   " }, "Please name the category."],
    ["name", { name: "x".repeat(CATEGORY_NAME_MAX + 1) }, "A category's name can be at most 40 characters."],
    ["price", { price: undefined }, "Please enter the price."],
    ["price", { price: -1 }, "The price is a whole number of dollars from 0 to 1000000."],
    ["price", { price: 12.5 }, "The price is a whole number of dollars from 0 to 1000000."],
    ["price", { price: MAX_PRICE + 1 }, "The price is a whole number of dollars from 0 to 1000000."],
    ["price", { price: "cheap" }, "The price is a whole number of dollars from 0 to 1000000."],
    ["minAge", { minAge: -1 }, "The minimum age is a whole number from 0 to 120."],
    ["minAge", { minAge: 2.5 }, "The minimum age is a whole number from 0 to 120."],
    ["maxAge", { maxAge: MAX_AGE + 1 }, "The maximum age is a whole number from 0 to 120."],
    ["maxAge", { minAge: 12, maxAge: 11 }, "The maximum age cannot be below the minimum age (12)."],
    ["min", { min: -1 }, "The minimum per booking is a whole number from 0 to 20."],
    ["min", { min: MAX_PERSONS + 1, max: undefined }, "The minimum per booking is a whole number from 0 to 20."],
    ["min", { min: 1.5 }, "The minimum per booking is a whole number from 0 to 20."],
    ["max", { max: 0 }, "The maximum per booking is a whole number from 1 to 20."],
    ["max", { max: MAX_PERSONS + 1 }, "The maximum per booking is a whole number from 1 to 20."],
    ["max", { min: 3, max: 2 }, "The maximum per booking cannot be below the minimum (3)."],
    ["type", { type: "PET" }, "Please choose the kind of traveller."],
    ["takesSeat", { takesSeat: "maybe" }, "Please say whether this category takes a seat."],
    ["_id", { _id: "../x" }, "This price category does not exist."],
  ])("names the row and the field: %s %j", (field, change, message) => {
    expect(errorsOf([adult, { ...child, ...change }])).toEqual([{ path: `priceCategories[1].${field}`, message }]);
  });

  it("refuses two categories of one name, whatever the case and spacing, on the second", () => {
    expect(errorsOf([adult, child, { ...infant, name: " adult " }])).toEqual([
      { path: "priceCategories[2].name", message: 'Another category is already named "adult".' },
    ]);
    expect(
      errorsOf([
        { ...child, name: "Young  child" },
        { ...adult, name: "young child" },
      ]),
    ).toHaveLength(1);
  });

  it("refuses a category listed twice", () => {
    expect(
      errorsOf([
        { _id: "c1", ...adult },
        { _id: "c1", ...child },
      ]),
    ).toEqual([{ path: "priceCategories[1]._id", message: "This category is listed twice." }]);
  });

  it("needs 1 to 8 categories", () => {
    expect(errorsOf([])).toEqual([{ path: "priceCategories", message: "Please add at least one price category." }]);
    const nine = Array.from({ length: MAX_CATEGORIES + 1 }, (_, index) => ({ ...adult, name: `Category ${index}` }));
    expect(errorsOf(nine)).toEqual([{ path: "priceCategories", message: "At most 8 price categories." }]);
    expect(errorsOf(nine.slice(1).map((category) => ({ ...category, min: 0 })))).toEqual([]);
  });

  it("needs a category that takes a seat", () => {
    expect(errorsOf([infant, { ...child, takesSeat: false }])).toEqual([
      {
        path: "priceCategories",
        message: "At least one category must take a seat: travellers on a lap sit with someone who has one.",
      },
    ]);
  });

  it("needs minimums that one booking can hold", () => {
    expect(
      errorsOf([
        { ...adult, min: 12 },
        { ...child, min: 9 },
      ]),
    ).toEqual([{ path: "priceCategories", message: "The minimums add up to 21 persons; one booking has at most 20." }]);
    expect(
      errorsOf([
        { ...adult, min: 12 },
        { ...child, min: 8 },
      ]),
    ).toEqual([]);
  });

  it("refuses what is not a category", () => {
    expect(errorsOf(["Adult"])[0].path).toBe("priceCategories[0]");
    expect(errorsOf({ name: "Adult" })[0].path).toBe("priceCategories");
  });

  it("exists as one category for a form that edits one", () => {
    expect(priceCategorySchema.safeParse(child).success).toBe(true);
    expect(priceCategorySchema.safeParse({ ...child, minAge: 5, maxAge: 4 }).error?.issues[0].path).toEqual(["maxAge"]);
  });
});

describe("the product form's category rows", () => {
  type Row = Partial<Record<"_id" | "name" | "type" | "price" | "minAge" | "maxAge" | "takesSeat" | "min" | "max", string>>;
  const form = (rows: Row[]) => {
    const data = new FormData();
    rows.forEach((row, index) => {
      for (const [field, value] of Object.entries(row)) data.set(`priceCategories[${index}].${field}`, value);
    });
    return parseForm(data, body);
  };
  const formErrors = (rows: Row[]) => form(rows).reply().error;
  // A spare row as the form renders it: the selects and the counts keep their first value.
  const spare: Row = { name: "", type: "ADULT", price: "", minAge: "", maxAge: "", takesSeat: "yes", min: "0", max: "20" };

  it("reads the rows' text, skipping the spare rows", () => {
    const submission = form([
      {
        _id: "c1adult",
        name: "Adult",
        type: "ADULT",
        price: "450",
        minAge: "12",
        maxAge: "",
        takesSeat: "yes",
        min: "1",
        max: "20",
      },
      spare,
      { name: "Infant", type: "INFANT", price: "0", minAge: "0", maxAge: "1", takesSeat: "no", min: "0", max: "4" },
      spare,
    ]);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.priceCategories).toEqual([
      { id: "c1adult", ...adult, maxAge: null },
      { id: undefined, ...infant },
    ]);
  });

  it("names the row of an error as the form names its field, counting spare rows", () => {
    const errors = formErrors([
      spare,
      { ...spare, name: "Adult", price: "450" },
      { ...spare, name: "Child", price: "300", minAge: "12", maxAge: "2" },
    ]);
    expect(errors).toEqual({
      "priceCategories[2].maxAge": ["The maximum age cannot be below the minimum age (12)."],
    });
  });

  it("asks for the half of a row left out", () => {
    expect(
      formErrors([
        { ...spare, name: "Adult" },
        { ...spare, price: "30" },
      ]),
    ).toEqual({
      "priceCategories[0].price": ["Please enter the price."],
      "priceCategories[1].name": ["Please name the category."],
    });
  });

  it("asks for a category when every row is spare", () => {
    expect(formErrors([spare, spare])).toEqual({ priceCategories: ["Please add at least one price category."] });
    expect(formErrors([])).toEqual({ priceCategories: ["Please add at least one price category."] });
  });

  it("reports a typed word where a number goes", () => {
    expect(formErrors([{ ...spare, name: "Adult", price: "ten" }])).toEqual({
      "priceCategories[0].price": ["The price is a whole number of dollars from 0 to 1000000."],
    });
  });
});
