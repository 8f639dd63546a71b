// A customer's review (Add Review form and POST /api/review): name and email come from the session.
import { z } from "zod";
import { rating, requiredText } from "~/domain/fields";

export const reviewSchema = z.object({
  review: requiredText({
    max: 2000,
    missing: "Please write your review.",
    tooLong: "Your review can be at most 2000 characters.",
  }),
  rating,
});
