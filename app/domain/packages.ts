// A tour package as an admin adds it (Add A Product form and POST /api/services).
import { z } from "zod";
import { imageUrl, requiredText, wholeDollars } from "~/domain/fields";

export { isImageUrl } from "~/domain/fields";

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
});

const IMAGE_MISSING = "Please enter the image URL or upload a photo.";

/**
 * The page form of a package: the image is a URL typed, or a photo chosen in `imageFile` that the
 * server stores and turns into that URL (app/http/photo-upload.server.ts) before this schema runs.
 */
export const packageFormSchema = packageSchema
  .extend({ image: imageUrl.optional(), imageFile: z.instanceof(File).optional() })
  .superRefine((value, context) => {
    if (!value.image && !value.imageFile)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["image"], message: IMAGE_MISSING });
  })
  .transform(({ imageFile: _file, ...value }) => ({ ...value, image: value.image ?? "" }));
