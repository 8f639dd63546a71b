// The cancellations' part of the JSON API under /api: what an administrator may send with a
// cancellation, and what a cancellation (or an administrator's delete of a paid booking) answers.
// app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { cancellationReason, refundAmount } from "~/booking/cancelling/cancellation";
import type { CancellationOutcome } from "~/booking/cancelling/cancellation.server";
import { refundJson, refundSchema } from "~/payments";

/** An admin may choose the refund (dollars, at most what was paid less what was refunded); otherwise the package's policy decides. */
export const cancelInputSchema = z.object({
  amount: refundAmount("amount").describe("Administrators only: the refund in dollars (default: the package's refund policy)"),
  reason: cancellationReason("reason").describe("Administrators only: why, for the history and the email"),
});

export const cancellationSchema = z
  .object({
    status: z.literal("cancelled"),
    refund: refundSchema.nullable().describe("null when nothing was refunded (an unpaid booking, or no refund due)"),
  })
  .strict();

/** DELETE /api/my-orders/{id}: an admin's delete of a paid booking cancels it instead (deletedCount 0). */
export const deleteOrderResultSchema = z
  .object({
    deletedCount: z.number().int().min(0),
    status: cancellationSchema.shape.status.optional(),
    refund: cancellationSchema.shape.refund.optional(),
  })
  .strict();

/** POST /api/my-orders/{id}/cancel: the new status and the refund in dollars with Stripe's refund id. */
export function cancellationJson(outcome: CancellationOutcome): z.infer<typeof cancellationSchema> {
  return {
    status: "cancelled",
    refund: outcome.refund ? refundJson(outcome.refund) : null,
  };
}
