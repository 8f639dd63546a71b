// Posting a review (the Add Review form and POST /api/review share it): a named package must be
// one the reviewer has ordered, so a package's rating comes from its travellers only.
import { addReview, hasOrderedPackage } from "~/catalogue/review-store.server";
import { NOT_ORDERED } from "~/catalogue/reviews";

type Author = Parameters<typeof addReview>[0];

export async function postReview(
  author: Author,
  input: { review: string; rating: number; service?: string },
): Promise<{ id: string } | { refused: string }> {
  if (input.service && !(await hasOrderedPackage(author.id, input.service))) return { refused: NOT_ORDERED };
  return addReview(author, input);
}
