// A tour package as an admin adds or edits it (Add A Product and Edit Product forms, POST and PUT
// /api/services): the spec's four fields, then the trip facts, all optional.
import { z } from "zod";
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

/**
 * The page form of a package: the image is a URL typed, or a photo chosen in `imageFile` that the
 * server stores and turns into that URL (app/catalogue/photo-upload.server.ts) before this schema runs.
 */
export const packageFormSchema = packageSchema
  .extend({
    image: imageUrl.optional(),
    imageFile: z.instanceof(File).optional(),
    galleryFiles: z.array(z.instanceof(File)).optional(),
  })
  .superRefine((value, context) => {
    if (!value.image && !value.imageFile)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: IMAGE_MISSING });
  })
  .transform(({ imageFile: _file, galleryFiles: _files, ...value }) => ({ ...value, image: value.image ?? "" }));
