// A tour package as an admin adds it (Add A Product form and POST /api/services).
import { z } from "zod";
import { hasNoNulCharacter, NO_NUL_CHARACTER } from "~/text";

export const productSchema = z.object({
  title: z
    .string({ required_error: "Please enter the package title." })
    .trim()
    .min(1, "Please enter the package title.")
    .max(120, "The title can be at most 120 characters.")
    .refine(hasNoNulCharacter, NO_NUL_CHARACTER),
  cost: z.coerce
    .number({ required_error: "Please enter the cost.", invalid_type_error: "The cost must be a number." })
    .int("The cost must be a whole number of dollars.")
    .positive("The cost must be more than 0.")
    .max(1_000_000, "The cost can be at most 1000000."),
  image: z
    .string({ required_error: "Please enter the image URL." })
    .trim()
    .max(2000, "The image URL is too long.")
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg."),
  description: z
    .string({ required_error: "Please enter a description." })
    .trim()
    .min(1, "Please enter a description.")
    .max(5000, "The description can be at most 5000 characters.")
    .refine(hasNoNulCharacter, NO_NUL_CHARACTER),
});

export type ProductInput = z.infer<typeof productSchema>;
