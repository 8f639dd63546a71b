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
