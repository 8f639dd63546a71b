// The administrators' decision on a gateway payment held for review (/dashboard/held-payments):
// accept it (recorded as paid) or refund it through its gateway. Browser-safe.
import { z } from "zod";

export const heldPaymentDecisionSchema = z.object({
  intent: z.enum(["accept", "refund"], { errorMap: () => ({ message: "Unknown action." }) }),
  sessionId: z.string({ required_error: "Which payment?" }).min(1, "Which payment?").max(100, "Which payment?"),
  /** the confirmation step's own post: without it, the page only asks */
  confirmed: z.literal("yes").optional(),
});
