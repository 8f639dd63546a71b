// A package's price categories (Adult, Child, Infant…): the price of each, the ages it is for at the
// travel date, whether it takes a seat and how many of it one booking may have. Client-safe: the
// product form, the order page and the API share it. A package without categories of its own is
// sold as one "Adult" at its cost (defaultCategories), so the spec's screens stay as they are.
import { z } from "zod";
import { quantity, wholeDollars } from "~/platform/fields";

export const PRICE_CATEGORY_TYPES = ["ADULT", "CHILD", "INFANT", "SENIOR", "STUDENT", "FAMILY", "OTHER"] as const;
type PriceCategoryType = (typeof PRICE_CATEGORY_TYPES)[number];

export interface PriceCategory {
  id: string;
  name: string;
  type: PriceCategoryType;
  /** whole dollars, 0 or more */
  price: number;
  /** whole years at the travel date; null: no bound */
  minAge: number | null;
  maxAge: number | null;
  /** false for a child on a lap: a person, not a seat */
  takesSeat: boolean;
  /** how many of this category one booking has, at least and at most */
  min: number;
  max: number;
}

function bound(value: number | null, what: string): number {
  if (value === null) throw new Error(`The ${what} field has lost its bound.`);
  return value;
}

// The bounds of the order page's quantity control and of a package's cost, read from their fields so
// that each is written once (the quantity's constants are in booking, which catalogue must not import).
const MIN_PERSONS = bound(quantity.minValue, "quantity");
export const MAX_PERSONS = bound(quantity.maxValue, "quantity");
export const MAX_PRICE = bound(wholeDollars.maxValue, "cost");
export const MAX_AGE = 120;
export const MAX_CATEGORIES = 8;
export const CATEGORY_NAME_MAX = 40;
export const DEFAULT_CATEGORY_ID = "adult";

/** What a package without categories of its own sells: persons at its cost, 1 to 20 of them, as the spec's order page. */
export function defaultCategories(cost: number): PriceCategory[] {
  return [
    {
      id: DEFAULT_CATEGORY_ID,
      name: "Adult",
      type: "ADULT",
      price: cost,
      minAge: null,
      maxAge: null,
      takesSeat: true,
      min: MIN_PERSONS,
      max: MAX_PERSONS,
    },
  ];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A number as a form sends it (text) or as JSON does; blank or null is absent. */
const typedNumber = <Schema extends z.ZodTypeAny>(schema: Schema) =>
  z.preprocess((value) => (isBlank(value) ? undefined : typeof value === "string" ? Number(value) : value), schema);

function wholeNumber(min: number, max: number, range: string, missing = range) {
  return z.number({ required_error: missing, invalid_type_error: range }).int(range).min(min, range).max(max, range);
}

const age = (which: string) =>
  typedNumber(wholeNumber(0, MAX_AGE, `The ${which} age is a whole number from 0 to ${MAX_AGE}.`).optional());

const perBooking = (which: string, min: number) =>
  typedNumber(
    wholeNumber(min, MAX_PERSONS, `The ${which} per booking is a whole number from ${min} to ${MAX_PERSONS}.`).optional(),
  );

// A select sends "yes" or "no"; JSON a boolean. A form must not use a checkbox for it: an unchecked
// one sends nothing, and nothing means the type's default (an infant sits on a lap, others take a seat).
const SEAT_WORDS = new Map([
  ["yes", true],
  ["true", true],
  ["on", true],
  ["no", false],
  ["false", false],
  ["off", false],
]);
const takesSeat = z.preprocess(
  (value) =>
    isBlank(value) ? undefined : typeof value === "string" ? (SEAT_WORDS.get(value.trim().toLowerCase()) ?? value) : value,
  z.boolean({ invalid_type_error: "Please say whether this category takes a seat." }).optional(),
);

/** "Children (2–11)" is a CHILD when the API leaves the type out; the forms always send one. */
function typeFromName(name: string): PriceCategoryType {
  return PRICE_CATEGORY_TYPES.find((type) => name.toUpperCase().startsWith(type)) ?? "OTHER";
}

/** One category as an admin enters it; `_id` names a category the package has (new ones have none). */
export const priceCategorySchema = z
  .object({
    _id: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,40}$/, "This price category does not exist.")
        .optional(),
    ),
    name: z
      .string({ required_error: "Please name the category." })
      .trim()
      .min(1, "Please name the category.")
      .max(CATEGORY_NAME_MAX, `A category's name can be at most ${CATEGORY_NAME_MAX} characters.`),
    type: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.enum(PRICE_CATEGORY_TYPES, { errorMap: () => ({ message: "Please choose the kind of traveller." }) }).optional(),
    ),
    price: typedNumber(
      wholeNumber(0, MAX_PRICE, `The price is a whole number of dollars from 0 to ${MAX_PRICE}.`, "Please enter the price."),
    ),
    minAge: age("minimum"),
    maxAge: age("maximum"),
    takesSeat,
    min: perBooking("minimum", 0),
    max: perBooking("maximum", 1),
  })
  .superRefine((row, context) => {
    if (row.minAge !== undefined && row.maxAge !== undefined && row.minAge > row.maxAge)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["maxAge"],
        message: `The maximum age cannot be below the minimum age (${row.minAge}).`,
      });
    if (row.min !== undefined && row.max !== undefined && row.min > row.max)
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["max"],
        message: `The maximum per booking cannot be below the minimum (${row.min}).`,
      });
  })
  .transform(({ _id, name, type, price, minAge, maxAge, takesSeat, min, max }) => {
    const kind = type ?? typeFromName(name);
    return {
      id: _id,
      name,
      type: kind,
      price,
      minAge: minAge ?? null,
      maxAge: maxAge ?? null,
      takesSeat: takesSeat ?? kind !== "INFANT",
      min: min ?? 0,
      max: max ?? MAX_PERSONS,
    };
  });

/**
 * A form's row left without a name and a price is no category: the form shows a few spare rows (8
 * rows at most, as rows are counted before the blank ones are dropped).
 */
const categoryRow = z.preprocess((row) => {
  if (row === null || row === undefined) return undefined;
  const { name, price } = row as { name?: unknown; price?: unknown };
  return typeof row === "object" && isBlank(name) && isBlank(price) ? undefined : row;
}, priceCategorySchema.optional());

const nameKey = (name: string) => name.toLocaleLowerCase("en").replace(/\s+/g, " ");

/**
 * A package's categories as an admin enters them (product forms, POST and PUT /api/services): 1 to
 * 8, names and ids each used once, at least one category that takes a seat, and minimums that one
 * booking can hold. A row's error names its position as the form does: priceCategories[1].maxAge.
 */
export const priceCategoriesSchema = z
  .array(categoryRow)
  .max(MAX_CATEGORIES, `At most ${MAX_CATEGORIES} price categories.`)
  .superRefine((rows, context) => {
    const issue = (message: string, path: (string | number)[] = []) =>
      context.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const names = new Set<string>();
    const ids = new Set<string>();
    rows.forEach((row, index) => {
      if (!row) return;
      if (names.has(nameKey(row.name))) issue(`Another category is already named "${row.name}".`, [index, "name"]);
      names.add(nameKey(row.name));
      if (row.id !== undefined && ids.has(row.id)) issue("This category is listed twice.", [index, "_id"]);
      if (row.id !== undefined) ids.add(row.id);
    });
    const categories = rows.filter((row) => row !== undefined);
    if (categories.length === 0) return issue("Please add at least one price category.");
    if (!categories.some((category) => category.takesSeat))
      issue("At least one category must take a seat: travellers on a lap sit with someone who has one.");
    const minimums = categories.reduce((sum, category) => sum + category.min, 0);
    if (minimums > MAX_PERSONS) issue(`The minimums add up to ${minimums} persons; one booking has at most ${MAX_PERSONS}.`);
  })
  .transform((rows) => rows.filter((row) => row !== undefined));
