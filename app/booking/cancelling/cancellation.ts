// The cancel form of the order page and the body of POST /api/my-orders/{id}/cancel: an admin may
// set the refund in dollars (two decimals at most) and a reason; a customer sends neither.
import { z } from "zod";
import type { PolicyRefund } from "~/booking/cancelling/refund-policy";
import { optional } from "~/platform/fields";
import { formatDollars } from "~/platform/money";

/** A number of dollars whose cents exist (at most two decimals). */
export const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Dollars with at most two decimals, 0 or more (the cents must exist). */
export const refundAmount = (name: string) =>
  optional(
    z.coerce
      .number({ invalid_type_error: `${name} must be a number of dollars.` })
      .min(0, `${name} cannot be negative.`)
      .max(1_000_000, `${name} is too large.`)
      .refine(hasCents, `${name} can have at most two decimals.`),
  );

export const cancellationReason = (name: string) =>
  optional(z.string().trim().max(300, `${name} can be at most 300 characters.`));

/** The order page's cancel form: "ask-cancel" brings the confirmation step, "cancel" cancels. */
export const cancelFormSchema = z.object({
  intent: z.enum(["ask-cancel", "cancel"], { errorMap: () => ({ message: "Unknown request: nothing was changed." }) }),
  amount: refundAmount("The refund"),
  reason: cancellationReason("The reason"),
});

/** A form's amount of dollars with cents, more than 0. */
const formDollars = (name: string) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a number of dollars.`, required_error: "Please enter the amount." })
    .positive(`${name} must be more than 0.`)
    .max(10_000_000, `${name} is too large.`)
    .refine(hasCents, `${name} can have at most two decimals.`);

/** Dollars (as typed or sent) to cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** How the agency pays money back itself, and the words the pages use for it. */
export const OFFLINE_REFUND_METHODS = { bkash: "bKash", nagad: "Nagad", bank: "Bank transfer", cash: "Cash" } as const;

/** The order page's "Record a refund paid back" form (admins): amount, how, its reference, and why when partial. */
export const offlineRefundFormSchema = z.object({
  intent: z.literal("record-refund"),
  amount: z.coerce
    .number({ invalid_type_error: "The refund must be a number of dollars.", required_error: "Please enter the refund." })
    .positive("The refund must be more than 0.")
    .max(1_000_000, "The refund is too large.")
    .refine(hasCents, "The refund can have at most two decimals."),
  method: z.enum(["bkash", "nagad", "bank", "cash"], { errorMap: () => ({ message: "Please choose how it was paid back." }) }),
  reference: z
    .string({ required_error: "Please enter the reference (transaction ID or receipt number)." })
    .trim()
    .min(1, "Please enter the reference (transaction ID or receipt number).")
    .max(100, "The reference can be at most 100 characters.")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./_-]*$/, "The reference can have letters, digits, spaces, dots, slashes and dashes."),
  reason: cancellationReason("The reason"),
});

/** The order page's "I paid by bKash or Nagad" form (the owner): the transaction id and amount to verify. */
export const paymentClaimFormSchema = z.object({
  intent: z.literal("claim-payment"),
  amount: formDollars("The amount"),
  method: z.enum(["bkash", "nagad"], { errorMap: () => ({ message: "Please choose bKash or Nagad." }) }),
  reference: offlineRefundFormSchema.shape.reference,
});

/** The payment-claims page's Accept / Reject forms (admins): rejecting needs the reason the customer reads. */
export const claimDecisionFormSchema = z
  .object({
    intent: z.enum(["accept", "reject"], { errorMap: () => ({ message: "Unknown action." }) }),
    claimId: z.string({ required_error: "Which claim?" }).min(1, "Which claim?").max(100),
    reason: z.string().trim().max(500, "The reason can be at most 500 characters.").optional(),
  })
  .refine((form) => form.intent !== "reject" || Boolean(form.reason), {
    path: ["reason"],
    message: "Please say why the claim is rejected (the customer reads it).",
  });

/** The order page's "Record a payment received" form (admins): dollars and cents, how, and its reference. */
export const offlinePaymentFormSchema = z.object({
  intent: z.literal("record-payment"),
  amount: formDollars("The amount"),
  method: offlineRefundFormSchema.shape.method,
  reference: offlineRefundFormSchema.shape.reference,
});

/** What cancelling a booking now would do, for the page that offers it (quoteCancellation). */
export interface CancellationQuote {
  /** null when it can be cancelled */
  refusal: string | null;
  paid: boolean;
  paidCents: number;
  refundedCents: number;
  /** what an admin may refund at most */
  refundableCents: number;
  /** what the package's policy refunds today */
  policy: PolicyRefund;
}

/** What the booking page says once a booking is cancelled: the card refund, and what the agency pays back itself (paid offline). */
export function cancelledText({ refund, offlineCents }: { refund?: { cents: number } | null; offlineCents?: number }): string {
  const offline = offlineCents
    ? ` ${formatDollars(offlineCents)} paid by bKash, Nagad, bank transfer or cash is paid back by the agency.`
    : "";
  return refund
    ? `The booking is cancelled. ${formatDollars(refund.cents)} is refunded to the card it was paid with.${offline}`
    : `The booking is cancelled.${offline}`;
}
