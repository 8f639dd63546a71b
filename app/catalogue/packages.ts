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

/** The balance is due at most this many days before the departure. */
export const MAX_BALANCE_DUE_DAYS = 365;
const MAX_DEPOSIT_PER_TRAVELLER = 100_000;

const PERCENT_RULE = "paymentPlan.deposit.percent must be a whole number from 1 to 99.";
const PER_TRAVELLER_RULE = `paymentPlan.deposit.perTraveller must be whole dollars from 1 to ${MAX_DEPOSIT_PER_TRAVELLER}.`;
const DUE_DAYS_RULE = `paymentPlan.balanceDueDays must be a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}.`;

/**
 * How a package is paid (the API's shape): a deposit now, a percent of the total or whole dollars
 * per traveller, and the balance due balanceDueDays before the departure; deposit null: the whole
 * price at once. The money rules are app/booking/core/payment-plan.ts.
 */
const paymentPlanSchema = z
  .object({
    deposit: z
      .object({
        percent: z
          .number({ invalid_type_error: PERCENT_RULE })
          .int(PERCENT_RULE)
          .min(1, PERCENT_RULE)
          .max(99, PERCENT_RULE)
          .optional(),
        perTraveller: z
          .number({ invalid_type_error: PER_TRAVELLER_RULE })
          .int(PER_TRAVELLER_RULE)
          .min(1, PER_TRAVELLER_RULE)
          .max(MAX_DEPOSIT_PER_TRAVELLER, PER_TRAVELLER_RULE)
          .optional(),
      })
      .strict("paymentPlan.deposit has either percent or perTraveller, nothing else.")
      .nullable()
      .refine((deposit) => deposit === null || (deposit.percent === undefined) !== (deposit.perTraveller === undefined), {
        message: "paymentPlan.deposit needs exactly one of percent or perTraveller (or null for full payment only).",
      }),
    balanceDueDays: z
      .number({ required_error: DUE_DAYS_RULE, invalid_type_error: DUE_DAYS_RULE })
      .int(DUE_DAYS_RULE)
      .min(0, DUE_DAYS_RULE)
      .max(MAX_BALANCE_DUE_DAYS, DUE_DAYS_RULE),
  })
  .strict();

export type PaymentPlanInput = z.infer<typeof paymentPlanSchema>;

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
  paymentPlan: paymentPlanSchema
    .optional()
    .describe(
      'A deposit now ({ "percent": 1-99 } of the total, or { "perTraveller": dollars }; null: the whole price at once) and the balance due balanceDueDays before the departure. Left out: unchanged (full payment for a new package)',
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

/** The form's choice of deposit: none (the whole price at once), a percent of the total, or dollars per traveller. */
const DEPOSIT_KINDS = ["none", "percent", "perTraveller"] as const;
export const DEFAULT_BALANCE_DUE_DAYS = 30;

/** Why the form's deposit figure does not fit its kind, or null. */
function depositValueError(kind: (typeof DEPOSIT_KINDS)[number], value: number | undefined): string | null {
  if (kind === "none") return null;
  const whole = value !== undefined && Number.isInteger(value);
  if (kind === "percent") return whole && value >= 1 && value <= 99 ? null : "Enter the deposit as a whole percent from 1 to 99.";
  return whole && value >= 1 && value <= MAX_DEPOSIT_PER_TRAVELLER
    ? null
    : `Enter the deposit per traveller in whole dollars from 1 to ${MAX_DEPOSIT_PER_TRAVELLER}.`;
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
  .omit({ paymentPlan: true })
  .extend({
    image: imageUrl.optional(),
    imageFile: z.instanceof(File).optional(),
    galleryFiles: z.array(z.instanceof(File)).optional(),
    priceCategories: z.array(categoryFormRow.optional()).max(100).optional(),
    // A checkbox: "on" when ticked, nothing when not.
    idRequired: z.boolean().optional(),
    // The payment plan as the form asks it: what the deposit is, its figure, and the balance's days.
    depositKind: z.enum(DEPOSIT_KINDS, { errorMap: () => ({ message: "Choose how the deposit is counted." }) }).default("none"),
    depositValue: z.number({ invalid_type_error: "Enter a whole number." }).optional(),
    balanceDueDays: z
      .number({ invalid_type_error: `Enter a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}.` })
      .int(`Enter a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}.`)
      .min(0, `Enter a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}.`)
      .max(MAX_BALANCE_DUE_DAYS, `Enter a whole number of days from 0 to ${MAX_BALANCE_DUE_DAYS}.`)
      .optional(),
  })
  .superRefine((value, context) => {
    if (!value.image && !value.imageFile)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: IMAGE_MISSING });
    const depositError = depositValueError(value.depositKind, value.depositValue);
    if (depositError) context.addIssue({ code: z.ZodIssueCode.custom, path: ["depositValue"], message: depositError });
    const categories = readCategoryRows(value.priceCategories, value.cost);
    if (!categories.success)
      for (const issue of categories.error.issues) context.addIssue({ ...issue, path: ["priceCategories", ...issue.path] });
  })
  .transform(
    ({ imageFile: _file, galleryFiles: _files, priceCategories: rows, depositKind, depositValue, balanceDueDays, ...value }) => ({
      ...value,
      paymentPlan: {
        deposit:
          depositKind === "percent"
            ? { percent: depositValue! }
            : depositKind === "perTraveller"
              ? { perTraveller: depositValue! }
              : null,
        balanceDueDays: balanceDueDays ?? DEFAULT_BALANCE_DUE_DAYS,
      },
      image: value.image ?? "",
      priceCategories: readCategoryRows(rows, value.cost).data ?? [],
      idRequired: value.idRequired ?? false,
    }),
  );
