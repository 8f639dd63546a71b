// A tour package as an admin adds or edits it (Add A Product and Edit Product forms, POST and PUT
// /api/services): the spec's four fields, then the trip facts, all optional.
import { z } from "zod";
import { MAX_CATEGORIES, priceCategoriesSchema } from "~/catalogue/price-categories";
import {
  destination,
  durationDays,
  imageLines,
  imageUrl,
  itemLines,
  itinerary,
  MAX_TRIP_DAYS,
  maxGroupSize,
  optionalText,
  requiredText,
  wholeDollars,
} from "~/platform/fields";

export { isImageUrl } from "~/platform/fields";

export const packageSchema = z.object({
  title: requiredText({
    max: 120,
    missing: "Please enter the package title.",
    tooLong: "The title can be at most 120 characters.",
  }),
  cost: wholeDollars.describe("Whole dollars"),
  image: imageUrl,
  description: requiredText({
    max: 5000,
    missing: "Please enter a description.",
    tooLong: "The description can be at most 5000 characters.",
  }),
  destination: destination.describe("A district of Bangladesh or a region such as Sundarbans"),
  durationDays: durationDays.describe("Days, 1 to 60"),
  itinerary: itinerary.describe("The days of the trip, in order (a JSON body; the site's form sends rows itinerary[0].title, …)"),
  included: itemLines,
  excluded: itemLines,
  meetingPoint: optionalText(200, "The meeting point can be at most 200 characters."),
  maxGroupSize: maxGroupSize.describe("Persons, 1 to 500"),
  gallery: imageLines,
  priceCategories: priceCategoriesSchema
    .optional()
    .describe(
      "The package's price categories, 1 to 8, the first one the order page's quantity control; its price becomes cost. " +
        "Left out, the package keeps its categories (the first one's price follows cost); a package without any sells one Adult at cost",
    ),
  idRequired: z
    .boolean({ invalid_type_error: "idRequired must be true or false." })
    .optional()
    .describe(
      "Each traveller must give an ID number (NID, birth registration or passport). Left out: unchanged (false for a new package)",
    ),
});

export type PackageInput = z.infer<typeof packageSchema>;

/** How many day rows the form starts with: the days there are, and a few empty ones to fill in. */
export function itineraryRows(filled: number): number {
  return Math.min(Math.max(filled + 2, 3), MAX_TRIP_DAYS);
}

export interface ItineraryDay {
  title: string;
  text: string;
}

/** A package's stored itinerary (a JSON column) as days: anything not shaped like a day is left out. */
export function readItinerary(stored: unknown): ItineraryDay[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((day: unknown) => {
    const { title, text } = (day ?? {}) as Partial<Record<string, unknown>>;
    return typeof title === "string" && typeof text === "string" ? [{ title, text }] : [];
  });
}

const IMAGE_MISSING = "Please enter the image URL or upload a photo.";

/** The most category rows the product form shows: the categories a package can have (empty rows count too). */
export const CATEGORY_ROWS_MAX = MAX_CATEGORIES;

/** How many category rows the form starts with: the package's categories and at least one empty row (3 rows at least). */
export function categoryRows(filled: number): number {
  return Math.min(Math.max(filled + 1, 3), CATEGORY_ROWS_MAX);
}

/** A price category row of the product form, as typed (read by priceCategoriesSchema once the cost is known). */
const categoryFormRow = z.object({
  _id: z.string().optional(),
  name: z.string().optional(),
  type: z.string().optional(),
  price: z.string().optional(),
  minAge: z.string().optional(),
  maxAge: z.string().optional(),
  takesSeat: z.string().optional(),
  min: z.string().optional(),
  max: z.string().optional(),
});
type CategoryFormRow = z.infer<typeof categoryFormRow>;

const filled = (row: CategoryFormRow | undefined) => Boolean(row?.name?.trim() || row?.price?.trim());

/**
 * The form's categories: the first row has no price field, its price is the Cost above. Every row
 * left empty: the package has no categories of its own ([]), one Adult at its cost.
 */
function readCategoryRows(rows: (CategoryFormRow | undefined)[] | undefined, cost: number | undefined) {
  if (!rows?.some(filled)) return { success: true as const, data: [] };
  // An invalid cost has its own error on the Cost field: the first row is then checked at 0.
  return priceCategoriesSchema.safeParse(rows.map((row, index) => (index === 0 ? { ...row, price: cost ?? 0 } : row)));
}

/**
 * The page form of a package: the image is a URL typed, or a photo chosen in `imageFile` that the
 * server stores and turns into that URL (app/catalogue/photo-upload.server.ts) before this schema runs.
 */
export const packageFormSchema = packageSchema
  .extend({
    image: imageUrl.optional(),
    imageFile: z.instanceof(File).optional(),
    galleryFiles: z.array(z.instanceof(File)).optional(),
    priceCategories: z.array(categoryFormRow.optional()).max(100).optional(),
    // A checkbox: "on" when ticked, nothing when not.
    idRequired: z.boolean().optional(),
  })
  .superRefine((value, context) => {
    if (!value.image && !value.imageFile)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: IMAGE_MISSING });
    const categories = readCategoryRows(value.priceCategories, value.cost);
    if (!categories.success)
      for (const issue of categories.error.issues) context.addIssue({ ...issue, path: ["priceCategories", ...issue.path] });
  })
  .transform(({ imageFile: _file, galleryFiles: _files, priceCategories: rows, ...value }) => ({
    ...value,
    image: value.image ?? "",
    priceCategories: readCategoryRows(rows, value.cost).data ?? [],
    idRequired: value.idRequired ?? false,
  }));
