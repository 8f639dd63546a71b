// The catalogue's part of the JSON API under /api: the bodies its handlers validate (packages,
// reviews), the search parameters of GET /api/services, and the shapes of its answers with the
// projections that make them. app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { readItinerary } from "~/catalogue/packages";
import { type PriceCategory, PRICE_CATEGORY_TYPES } from "~/catalogue/price-categories";
import { reviewReportSchema, reviewSchema } from "~/catalogue/reviews";
import { catalogueQueryShape } from "~/catalogue/search";
import { ignored } from "~/platform/fields";
import { dollarsValue } from "~/platform/money";
import { cursorParam, limitParam } from "~/platform/paging";

export { packageSchema as serviceInputSchema } from "~/catalogue/packages";

// ---- Request bodies (and parameters) ----

export const reviewReportInputSchema = reviewReportSchema;

export const reviewInputSchema = reviewSchema.extend({
  name: ignored("taken from the account"),
  email: ignored("taken from the account"),
  photo: ignored("taken from the account"),
});

/** GET /api/services: the search of /services (app/catalogue/search.ts) and cursor paging. */
export const servicesQuerySchema = z.object({ ...catalogueQueryShape, limit: limitParam(), cursor: cursorParam });

// ---- Answers ----

export const reviewReportedSchema = z.object({ reported: z.literal(true) }).strict();

const priceCategoryRecordSchema = z
  .object({
    _id: z.string().describe('"adult" for the one category of a package without categories of its own'),
    name: z.string(),
    type: z.enum(PRICE_CATEGORY_TYPES),
    price: z.number().int().min(0).describe("Dollars per traveller"),
    minAge: z.number().int().nullable().describe("Years at the travel date; null: no lower bound"),
    maxAge: z.number().int().nullable().describe("Years at the travel date; null: no upper bound"),
    takesSeat: z.boolean().describe("false: on a lap, counts no seat"),
    min: z.number().int().min(0).describe("Travellers of this category one booking has at least"),
    max: z.number().int().min(1).describe("Travellers of this category one booking has at most"),
  })
  .strict();

/** A package as the API shows it, but its payment plan (booking's rules add it: the Service schema). */
export const packageFactsSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    cost: z.number().describe("Dollars"),
    image: z.string(),
    description: z.string(),
    destination: z.string().nullable(),
    durationDays: z.number().int().nullable().describe("Days"),
    itinerary: z.array(z.object({ title: z.string(), text: z.string() }).strict()).describe("One entry per day, in order"),
    included: z.array(z.string()),
    excluded: z.array(z.string()),
    meetingPoint: z.string().nullable(),
    maxGroupSize: z.number().int().nullable().describe("Persons"),
    gallery: z.array(z.string()).describe("Image URLs besides image, in display order"),
    priceCategories: z
      .array(priceCategoryRecordSchema)
      .min(1)
      .describe("In order; the first is the order page's quantity control and its price is cost"),
    idRequired: z.boolean().describe("Each traveller gives an ID number (NID, birth registration or passport)"),
  })
  .strict();

export const reviewRecordSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string().optional().describe("Administrators only"),
    rating: z.number().int().min(0).max(5),
    review: z.string(),
    photo: z.string().nullable(),
    hidden: z.literal(true).optional().describe("Administrators only: hidden by an administrator, shown to no one else"),
    verifiedTraveller: z
      .boolean()
      .describe('The reviewer was checked in on a booking of the package reviewed (shown as "Verified traveller")'),
  })
  .strict();

export const photoUrlSchema = z
  .object({
    url: z
      .string()
      .describe("The photo's address on this site, for a package's image (its other sizes: app/catalogue/photos.ts)"),
  })
  .strict();

/** A package as a store reads it (as sold: the default Adult at the cost for a package without categories of its own). */
export interface PackageRecord {
  id: string;
  title: string;
  costCents: number;
  image: string;
  description: string;
  destination: string | null;
  durationDays: number | null;
  itinerary: unknown;
  included: string[];
  excluded: string[];
  meetingPoint: string | null;
  maxGroupSize: number | null;
  gallery: string[];
  idRequired: boolean;
  priceCategories: PriceCategory[];
}

export function packageFactsJson(tourPackage: PackageRecord): z.infer<typeof packageFactsSchema> {
  return {
    _id: tourPackage.id,
    title: tourPackage.title,
    cost: Number(dollarsValue(tourPackage.costCents)),
    image: tourPackage.image,
    description: tourPackage.description,
    destination: tourPackage.destination,
    durationDays: tourPackage.durationDays,
    itinerary: readItinerary(tourPackage.itinerary),
    included: tourPackage.included,
    excluded: tourPackage.excluded,
    meetingPoint: tourPackage.meetingPoint,
    maxGroupSize: tourPackage.maxGroupSize,
    gallery: tourPackage.gallery,
    priceCategories: tourPackage.priceCategories.map(({ id, ...category }) => ({ _id: id, ...category })),
    idRequired: tourPackage.idRequired,
  };
}

/** GET /api/review: the reviewer's email and the hidden mark only for an administrator. */
export function reviewJson(
  {
    id,
    email,
    name,
    rating,
    review,
    photo,
    hiddenAt,
    verifiedTraveller,
  }: {
    id: string;
    name: string;
    email: string;
    rating: number;
    review: string;
    photo: string | null;
    hiddenAt?: Date | null;
    verifiedTraveller: boolean;
  },
  showEmail: boolean,
): z.infer<typeof reviewRecordSchema> {
  return {
    _id: id,
    name,
    rating,
    review,
    photo,
    ...(showEmail ? { email } : {}),
    ...(showEmail && hiddenAt ? { hidden: true as const } : {}),
    verifiedTraveller,
  };
}
