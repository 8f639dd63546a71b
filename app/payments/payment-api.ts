// The payments' part of the JSON API under /api: a payment record and a refund as an order's answer
// carries them, and the client secret of a card payment intent, with the projections that make them.
// app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { dollarsValue } from "~/platform/money";

/** The original site's `payment`: a card payment. */
export const paymentSchema = z
  .object({
    amount: z.number().describe("Dollars"),
    created: z.number().int().describe("Unix time (seconds)"),
    last4: z.string(),
    transaction: z.string().describe("The Stripe payment intent id"),
  })
  .strict();

const PAYMENT_KINDS = ["deposit", "balance", "full"] as const;
const PAYMENT_METHOD_NAMES = ["card", "bkash", "nagad", "bank", "cash"] as const;

/** One payment of an order, by card or received outside the card provider. */
export const paymentRecordSchema = z
  .object({
    amount: z.number().describe("Dollars"),
    kind: z.enum(PAYMENT_KINDS).describe("What it paid: the deposit, (part of) the balance, or the whole price at once"),
    method: z.enum(PAYMENT_METHOD_NAMES),
    reference: z
      .string()
      .describe(
        "The card payment's Stripe payment intent id, or the offline payment's reference (bKash/Nagad transaction id, receipt number)",
      ),
    created: z.number().int().describe("Unix time (seconds)"),
    provider: z
      .enum(["stripe", "sslcommerz", "bkash"])
      .nullable()
      .describe(
        "The gateway that took the money; null for a payment an administrator recorded (cash, bank, bKash/Nagad sent to the agency)",
      ),
    providerReference: z
      .string()
      .nullable()
      .describe("The gateway's own id of the money: Stripe's payment intent id, SSLCommerz's bank_tran_id, bKash's trxID"),
    amountBdt: z
      .number()
      .nullable()
      .describe("Taka charged by a local gateway (SSLCommerz, bKash) at the agency's rate; null otherwise"),
    rate: z.number().nullable().describe("Taka per dollar amountBdt was charged at; null when no taka was charged"),
  })
  .strict();

export const refundSchema = z
  .object({
    amount: z.number().describe("Dollars refunded"),
    transaction: z.string().describe("The Stripe refund id"),
  })
  .strict();

export const clientSecretSchema = z.object({ clientSecret: z.string() }).strict();

const unixSeconds = (moment: Date) => Math.floor(moment.getTime() / 1000);

/** A card payment as the original site's `payment`. */
export function cardPaymentJson(card: {
  amountCents: number;
  created: Date;
  last4: string;
  transaction: string;
}): z.infer<typeof paymentSchema> {
  return {
    amount: Number(dollarsValue(card.amountCents)),
    created: unixSeconds(card.created),
    last4: card.last4,
    transaction: card.transaction,
  };
}

/** A payment record as an order's `payments` lists it. */
export function paymentRecordJson(payment: {
  amountCents: number;
  kind: "DEPOSIT" | "BALANCE" | "FULL";
  method: "CARD" | "BKASH" | "NAGAD" | "BANK" | "CASH";
  created: Date;
  transaction: string | null;
  reference: string | null;
  provider?: string | null;
  providerReference?: string | null;
  amountBdt?: number | null;
  rate?: { toString(): string } | null;
}): z.infer<typeof paymentRecordSchema> {
  const provider =
    payment.provider === "stripe" || payment.provider === "sslcommerz" || payment.provider === "bkash" ? payment.provider : null;
  return {
    amount: Number(dollarsValue(payment.amountCents)),
    kind: payment.kind.toLowerCase() as (typeof PAYMENT_KINDS)[number],
    method: payment.method.toLowerCase() as (typeof PAYMENT_METHOD_NAMES)[number],
    reference: payment.transaction ?? payment.reference ?? "",
    created: unixSeconds(payment.created),
    provider,
    providerReference: provider ? (payment.providerReference ?? payment.transaction) : null,
    amountBdt: payment.amountBdt ?? null,
    rate: payment.rate ? Number(payment.rate.toString()) : null,
  };
}

/** A refund made: dollars and the card provider's refund id. */
export function refundJson(refund: { cents: number; refundId: string }): z.infer<typeof refundSchema> {
  return { amount: Number(dollarsValue(refund.cents)), transaction: refund.refundId };
}

/** POST /api/my-orders/{id}/payment-sessions: which gateway, and what to pay. */
export const paymentSessionInputSchema = z
  .object({
    provider: z
      .enum(["sslcommerz", "bkash", "stripe"], {
        errorMap: () => ({ message: 'provider must be "sslcommerz", "bkash" or "stripe".' }),
      })
      .describe("The gateway: one the site offers (its settings are set)"),
    part: z
      .enum(["deposit", "balance", "full"], { errorMap: () => ({ message: 'part must be "deposit", "balance" or "full".' }) })
      .optional()
      .describe('What to pay: "deposit", "balance" or "full"; left out: everything still due'),
  })
  .strict();

export const paymentSessionSchema = z
  .object({
    redirectUrl: z
      .string()
      .describe("Where to send the customer: the gateway's page (SSLCommerz, bKash), or this site's card page for Stripe"),
  })
  .strict();
