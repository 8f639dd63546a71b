// Offline payments and payment claims in the JSON API under /api: money received outside the card
// provider (administrators), a customer's bKash/Nagad transaction to verify, and an administrator's
// decision, with the projection of a claim. app/http/openapi.ts turns these very schemas into the
// OpenAPI document.
import { z } from "zod";
import { hasCents } from "~/booking/cancelling/cancellation";
import { dollarsValue } from "~/platform/money";

const offlineAmount = z
  .number({ required_error: "amount is required: dollars", invalid_type_error: "amount must be a number of dollars." })
  .min(0.01, "amount must be at least 0.01 dollars.")
  .max(10_000_000, "amount is too large.")
  .refine(hasCents, "amount can have at most two decimals (cents).")
  .describe("Dollars with at most two decimals (cents), at most the order's balance");
const offlineReference = z
  .string({ required_error: "reference is required: the transaction id or receipt number" })
  .trim()
  .min(1, "reference is required: the transaction id or receipt number")
  .max(100, "reference can be at most 100 characters.")
  .regex(/^[\p{L}\p{N} ._/#-]+$/u, "reference may hold letters, digits, spaces and . _ / # - only.");

/** POST /api/my-orders/{id}/payments (administrators): money received outside the card provider. */
export const offlinePaymentInputSchema = z.object({
  amount: offlineAmount,
  method: z.enum(["bkash", "nagad", "bank", "cash"], {
    errorMap: () => ({ message: 'method must be "bkash", "nagad", "bank" or "cash".' }),
  }),
  reference: offlineReference.describe("The bKash/Nagad transaction id, or the bank or cash receipt number: each recorded once"),
});

/** POST /api/my-orders/{id}/payment-claims (the order's owner): a bKash/Nagad payment to verify. */
export const paymentClaimInputSchema = z.object({
  method: z.enum(["bkash", "nagad"], { errorMap: () => ({ message: 'method must be "bkash" or "nagad".' }) }),
  amount: offlineAmount,
  reference: offlineReference.describe("The bKash/Nagad transaction id (TrxID)"),
});

const PAYMENT_CLAIM_STATUSES = ["pending", "accepted", "rejected"] as const;

export const paymentClaimsQuerySchema = z.object({
  status: z
    .enum(PAYMENT_CLAIM_STATUSES, { errorMap: () => ({ message: 'status must be "pending", "accepted" or "rejected".' }) })
    .default("pending"),
});

/** PATCH /api/payment-claims/{id} (administrators). */
export const paymentClaimDecisionSchema = z.object({
  status: z.enum(["accepted", "rejected"], { errorMap: () => ({ message: 'status must be "accepted" or "rejected".' }) }),
  reason: z
    .string()
    .trim()
    .max(500, "reason can be at most 500 characters.")
    .optional()
    .describe("Required to reject: the customer reads it"),
});

export const paymentClaimSchema = z
  .object({
    _id: z.string(),
    order: z.string().describe("The order's _id"),
    orderReference: z.string(),
    customer: z.string(),
    method: z.enum(["bkash", "nagad"]),
    amount: z.number().describe("Dollars"),
    reference: z.string(),
    status: z.enum(PAYMENT_CLAIM_STATUSES),
    reason: z.string().nullable().describe("Why it was rejected"),
    created: z.number().int().describe("Unix time (seconds)"),
  })
  .strict();

/** GET /api/payment-claims: a customer's bKash/Nagad claim as an administrator verifies it. */
export function paymentClaimJson(claim: {
  id: string;
  orderId: string;
  method: string;
  amountCents: number;
  reference: string;
  status: string;
  reason: string | null;
  createdAt: Date;
  order: { reference: string; firstName: string; lastName: string };
}): z.infer<typeof paymentClaimSchema> {
  return {
    _id: claim.id,
    order: claim.orderId,
    orderReference: claim.order.reference,
    customer: `${claim.order.firstName} ${claim.order.lastName}`,
    method: claim.method.toLowerCase() as "bkash" | "nagad",
    amount: Number(dollarsValue(claim.amountCents)),
    reference: claim.reference,
    status: claim.status.toLowerCase() as "pending" | "accepted" | "rejected",
    reason: claim.reason,
    created: Math.floor(claim.createdAt.getTime() / 1000),
  };
}
