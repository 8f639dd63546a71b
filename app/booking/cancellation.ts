// The cancel form of the order page and the body of POST /api/my-orders/{id}/cancel: an admin may
// set the refund in dollars (two decimals at most) and a reason; a customer sends neither.
import { z } from "zod";
import { optional } from "~/platform/fields";

/** Dollars with at most two decimals, 0 or more (the cents must exist). */
export const refundAmount = (name: string) =>
  optional(
    z.coerce
      .number({ invalid_type_error: `${name} must be a number of dollars.` })
      .min(0, `${name} cannot be negative.`)
      .max(1_000_000, `${name} is too large.`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${name} can have at most two decimals.`),
  );

export const cancellationReason = (name: string) =>
  optional(z.string().trim().max(300, `${name} can be at most 300 characters.`));

/** The order page's cancel form: "ask-cancel" brings the confirmation step, "cancel" cancels. */
export const cancelFormSchema = z.object({
  intent: z.enum(["ask-cancel", "cancel"], { errorMap: () => ({ message: "Unknown request: nothing was changed." }) }),
  amount: refundAmount("The refund"),
  reason: cancellationReason("The reason"),
});

/** Dollars (as typed or sent) to cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
