// A customer's review (Add Review form and POST /api/review): name and email come from the session.
import { z } from "zod";

export const reviewSchema = z.object({
  review: z
    .string({ required_error: "Please write your review." })
    .trim()
    .min(1, "Please write your review.")
    .max(2000, "Your review can be at most 2000 characters."),
  rating: z.coerce
    .number({ invalid_type_error: "The rating must be a number from 0 to 5." })
    .int("The rating must be a whole number from 0 to 5.")
    .min(0, "The rating must be a whole number from 0 to 5.")
    .max(5, "The rating must be a whole number from 0 to 5.")
    .default(0),
});
