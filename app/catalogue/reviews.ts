// A customer's review (Add Review form and POST /api/review): name and email come from the session;
// the package, when named, must be one the reviewer has ordered (app/catalogue/reviews.server.ts).
import { z } from "zod";
import { optional, optionalText, rating, recordId, requiredText } from "~/platform/fields";

export const reviewSchema = z.object({
  review: requiredText({
    max: 2000,
    missing: "Please write your review.",
    tooLong: "Your review can be at most 2000 characters.",
  }),
  rating,
  service: optional(recordId("Please choose a package.", "Please choose a package from the list.")).describe(
    "Optional: the _id of a package the reviewer has ordered",
  ),
});

/** A report of a review as abusive (the home page's Report button and POST /api/review/{id}/report). */
export const reviewReportSchema = z.object({
  reason: optionalText(500, "The reason can be at most 500 characters."),
});

/** The home page's Report form: the review, and the page to come back to. */
export const reviewReportFormSchema = reviewReportSchema.extend({
  id: recordId("Please choose a review.", "This review does not exist."),
  redirectTo: optionalText(200, "Unknown page."),
});

/** The moderation page's row forms (deleting goes through app/http/delete-request.server.ts). */
export const reviewModerationSchema = z.object({
  id: recordId("Please choose a review.", "This review does not exist."),
  intent: z.enum(["hide", "show"], { errorMap: () => ({ message: "Unknown request: nothing was changed." }) }),
});
export const NOT_ORDERED = "You can review only a package you have ordered.";

/** A package's average stars, to one decimal: 4.5 for [4, 5], null without reviews. */
export function averageRating(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}
