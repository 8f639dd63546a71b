// One payment-provider interface over the gateways (docs/payments.md): open a payment for the amount
// due now, verify it with the provider on the server, refund part or all, look a payment up, list a
// month. Stripe (cards on this site's own page: app/payments/payments.server.ts, unchanged), SSLCommerz
// and bKash are its implementations; each is offered only when its settings are set. Booking names
// providers by these names only, never their APIs.
import { createHash } from "node:crypto";
import type { PaymentMethod } from "~/generated/prisma/client";
import * as bkash from "~/payments/bkash.server";
import { findSessionOfPayment } from "~/payments/payment-session-store.server";
import { PaymentError, refundCard } from "~/payments/payments.server";
import type { LocalGateway, ProviderName } from "~/payments/providers";
import * as sslcommerz from "~/payments/sslcommerz.server";
import { paymentsConfigured } from "~/payments/stripe.server";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { publicUrl } from "~/platform/public-url.server";

/** What a customer is sent to a gateway to pay: one session, its taka amount and who pays. */
interface GatewayCharge {
  /** our session id: SSLCommerz's tran_id, bKash's merchantInvoiceNumber */
  sessionId: string;
  orderId: string;
  /** the booking's reference ("TB-7K3P9Q"), what the customer reads at the gateway */
  reference: string;
  amountBdt: number;
  description: string;
  customer: { name: string; email: string; phone: string; address: string; city: string; postcode: string; country: string };
}

/** What a gateway says of a session, asked on the server (never what a browser says). */
export type GatewayVerdict =
  | {
      status: "paid";
      /** paid, but to be accepted by an administrator first (SSLCommerz risk_level 1) */
      review: boolean;
      note: string | null;
      /** the gateway's id of the money: SSLCommerz's bank_tran_id, bKash's trxID */
      providerReference: string;
      method: PaymentMethod;
      last4: string;
      created: Date;
    }
  /** not paid (yet): the customer may still be on the gateway's page */
  | { status: "open" }
  | { status: "failed" | "cancelled"; note: string };

/** A refund the gateway accepted: done, or still processing there. */
interface GatewayRefund {
  refundId: string;
  status: "done" | "processing";
}

/** A session as the gateways need it: ours, the gateway's id, the taka asked. */
interface GatewaySession {
  id: string;
  gatewayId: string | null;
  amountBdt: number;
}

export interface PaymentProvider {
  name: ProviderName;
  configured(): boolean;
  /** Opens a payment; the customer goes to redirectUrl, the gateway knows it as gatewayId. */
  open(charge: GatewayCharge): Promise<{ redirectUrl: string; gatewayId: string }>;
  /** Asks the gateway where the session stands; `hint` is an id the gateway sent back (SSLCommerz's val_id), checked with it. */
  verify(session: GatewaySession, hint?: { valId?: string; execute?: boolean }): Promise<GatewayVerdict>;
  /** Refunds `amountBdt` taka of a payment; `key` names the refund (one per payment and purpose). */
  refund(payment: {
    providerReference: string;
    transaction: string;
    amountBdt: number;
    key: string;
    reason: string;
  }): Promise<GatewayRefund>;
  /** Where a refund stands now at the gateway. */
  refundStatus(
    payment: { providerReference: string; transaction: string },
    refundId: string,
  ): Promise<GatewayRefund | { status: "refused"; reason: string }>;
}

const GATEWAY_URLS = {
  sslcommerz: {
    success: "/payments/sslcommerz/return?outcome=success",
    fail: "/payments/sslcommerz/return?outcome=fail",
    cancel: "/payments/sslcommerz/return?outcome=cancel",
    ipn: "/payments/sslcommerz/ipn",
  },
  bkash: { callback: "/payments/bkash/callback" },
} as const;

function sslMethod(cardType: string): PaymentMethod {
  const type = cardType.toUpperCase();
  if (type.startsWith("BKASH")) return "BKASH";
  if (type.startsWith("NAGAD")) return "NAGAD";
  if (/VISA|MASTER|AMEX|UNIONPAY|DINERS|JCB|NEXUS|CARD/.test(type)) return "CARD";
  return "BANK";
}

const PAID = new Set(["VALID", "VALIDATED"]);

function sslVerdict(session: GatewaySession, found: sslcommerz.SslcommerzTransaction): GatewayVerdict {
  if (found.tranId !== session.id)
    return { status: "failed", note: `SSLCommerz's transaction ${found.tranId || "(none)"} is not this payment's.` };
  if (found.currency !== "BDT")
    return { status: "failed", note: `SSLCommerz reports ${found.currency || "no currency"}, not BDT.` };
  if (sslcommerz.paisaOf(found.amount) !== session.amountBdt * 100)
    return { status: "failed", note: `SSLCommerz reports ৳${found.amount}, not ৳${sslcommerz.takaText(session.amountBdt)}.` };
  const review = found.riskLevel === "1";
  return {
    status: "paid",
    review,
    note: review ? `SSLCommerz flags this payment as risky: ${found.riskTitle || "risk level 1"}.` : null,
    providerReference: found.bankTranId || found.valId,
    method: sslMethod(found.cardType),
    last4: /\d{4}$/.exec(found.cardNo)?.[0] ?? "",
    created: found.tranDate ? new Date(`${found.tranDate.replace(" ", "T")}+06:00`) : new Date(),
  };
}

function providerFailure(error: unknown, what: string): PaymentError {
  if (error instanceof PaymentError) return error;
  logger.error({ error: (error as Error).message }, `${what} failed`);
  const detail = error instanceof sslcommerz.SslcommerzError || error instanceof bkash.BkashError ? ` ${error.message}` : "";
  return new PaymentError("provider", `The payment gateway could not be reached.${detail} Please try again in a moment.`);
}

const sslcommerzProvider: PaymentProvider = {
  name: "sslcommerz",
  configured: sslcommerz.sslcommerzConfigured,
  async open(charge) {
    try {
      const opened = await sslcommerz.initSession({
        tranId: charge.sessionId,
        amountBdt: charge.amountBdt,
        productName: charge.description,
        customer: charge.customer,
        successUrl: publicUrl(GATEWAY_URLS.sslcommerz.success),
        failUrl: publicUrl(GATEWAY_URLS.sslcommerz.fail),
        cancelUrl: publicUrl(GATEWAY_URLS.sslcommerz.cancel),
        ipnUrl: publicUrl(GATEWAY_URLS.sslcommerz.ipn),
        orderId: charge.orderId,
      });
      return { redirectUrl: opened.gatewayPageUrl, gatewayId: opened.sessionkey || charge.sessionId };
    } catch (error) {
      throw providerFailure(error, "sslcommerz session");
    }
  },
  async verify(session, hint) {
    try {
      // The id the IPN or the return carried, asked of the validation API; else every attempt SSLCommerz has for our tran_id.
      if (hint?.valId) {
        const validated = await sslcommerz.validate(hint.valId);
        if (PAID.has(validated.status)) return sslVerdict(session, validated);
        logger.warn({ sessionId: session.id, status: validated.status }, "sslcommerz val_id not valid");
      }
      const attempts = await sslcommerz.queryTransaction(session.id);
      const paid = attempts.find((attempt) => PAID.has(attempt.status));
      if (paid) return sslVerdict(session, paid);
      if (attempts.some((attempt) => attempt.status === "FAILED"))
        return { status: "failed", note: "SSLCommerz reports the payment failed." };
      if (attempts.some((attempt) => attempt.status === "CANCELLED"))
        return { status: "cancelled", note: "The payment was cancelled." };
      return { status: "open" };
    } catch (error) {
      throw providerFailure(error, "sslcommerz verify");
    }
  },
  async refund(payment) {
    let answer: sslcommerz.SslcommerzRefund;
    try {
      answer = await sslcommerz.initiateRefund({
        bankTranId: payment.providerReference,
        refundTransId: payment.key,
        amountBdt: sslcommerz.takaText(payment.amountBdt),
        remarks: payment.reason,
      });
    } catch (error) {
      throw providerFailure(error, "sslcommerz refund");
    }
    if (answer.status === "success" || answer.status === "processing")
      return { refundId: answer.refundRefId, status: answer.status === "success" ? "done" : "processing" };
    throw new PaymentError(
      "provider",
      `The payment gateway refused the refund: ${answer.errorReason || answer.status || "no reason given"}.`,
    );
  },
  async refundStatus(_payment, refundId) {
    try {
      const answer = await sslcommerz.refundStatus(refundId);
      if (answer.status === "refunded") return { refundId, status: "done" };
      if (answer.status === "processing") return { refundId, status: "processing" };
      return { status: "refused", reason: answer.errorReason || answer.status || "cancelled" };
    } catch (error) {
      throw providerFailure(error, "sslcommerz refund status");
    }
  },
};

const bkashProvider: PaymentProvider = bkash.bkashGateway(providerFailure, GATEWAY_URLS.bkash.callback);

const LOCAL: Record<LocalGateway, PaymentProvider> = { sslcommerz: sslcommerzProvider, bkash: bkashProvider };

export function gateway(name: LocalGateway): PaymentProvider {
  return LOCAL[name];
}

/** The providers this site offers now: each whose settings are set. */
export function configuredProviders(): ProviderName[] {
  return [
    ...(paymentsConfigured() ? (["stripe"] as const) : []),
    ...(bkashProvider.configured() ? (["bkash"] as const) : []),
    ...(sslcommerzProvider.configured() ? (["sslcommerz"] as const) : []),
  ];
}

/** A refund made through the provider that took the money. */
export interface ProviderRefund {
  /** the provider's refund id (kept on the credit note) */
  stripeRefundId: string;
  amountCents: number;
  createdAt: Date;
  processing: boolean;
}

/** One refund key per payment and purpose: a retry asks the gateway for the same refund. */
function refundKey(orderId: string, purpose: string, transaction: string): string {
  return `R${createHash("sha256").update(`${orderId}|${purpose}|${transaction}`).digest("hex").slice(0, 24)}`;
}

/**
 * Refunds `cents` of a payment through the provider that took it: Stripe as before, a local gateway
 * in taka in proportion to what it charged. Throws PaymentError with the provider's reason.
 */
export async function refundThroughProvider(refund: {
  provider: string | null;
  orderId: string;
  transaction: string;
  providerReference: string | null;
  cents: number;
  /** the payment refunded and its dollars, for the taka share of a partial refund */
  paymentId: string;
  paymentCents: number;
  purpose: "cancel" | "late-payment" | "overpayment";
}): Promise<ProviderRefund> {
  if (refund.provider === null || refund.provider === "stripe") {
    const made = await refundCard({
      orderId: refund.orderId,
      paymentIntentId: refund.transaction,
      cents: refund.cents,
      purpose: refund.purpose,
    });
    return { ...made, processing: false };
  }
  if (refund.provider !== "sslcommerz" && refund.provider !== "bkash")
    throw new PaymentError("provider", `Unknown payment provider ${refund.provider}.`);
  const provider = gateway(refund.provider);
  if (!provider.configured())
    throw new PaymentError(
      "not-configured",
      `${refund.provider === "bkash" ? "bKash" : "SSLCommerz"} is not configured: no refund can be made.`,
    );
  const paidBdt = (await findSessionOfPayment(refund.paymentId))?.amountBdt;
  if (!refund.providerReference || !paidBdt)
    throw new PaymentError("provider", "The payment has no gateway reference to refund.");
  const amountBdt =
    refund.cents >= refund.paymentCents ? paidBdt : Math.round((paidBdt * refund.cents * 100) / refund.paymentCents) / 100;
  const made = await provider.refund({
    providerReference: refund.providerReference,
    transaction: refund.transaction,
    amountBdt,
    key: refundKey(refund.orderId, refund.purpose, refund.transaction),
    reason:
      refund.purpose === "overpayment"
        ? "Paid beyond the balance"
        : refund.purpose === "late-payment"
          ? "Paid after the booking ended"
          : "Booking cancelled",
  });
  return {
    stripeRefundId: made.refundId,
    amountCents: refund.cents,
    createdAt: new Date(),
    processing: made.status === "processing",
  };
}

/**
 * Refunds the whole of a payment held for review (never recorded as paid) through the gateway that
 * took it, in the taka it charged. Throws PaymentError with the gateway's reason.
 */
export async function refundHeldPayment(session: {
  id: string;
  orderId: string;
  provider: LocalGateway;
  gatewayId: string | null;
  providerReference: string | null;
  amountBdt: number;
}): Promise<GatewayRefund> {
  const provider = gateway(session.provider);
  if (!provider.configured())
    throw new PaymentError(
      "not-configured",
      `${session.provider === "bkash" ? "bKash" : "SSLCommerz"} is not configured: no refund can be made.`,
    );
  if (!session.providerReference) throw new PaymentError("provider", "The payment has no gateway reference to refund.");
  const transaction = session.provider === "bkash" ? (session.gatewayId ?? session.id) : session.id;
  return provider.refund({
    providerReference: session.providerReference,
    transaction,
    amountBdt: session.amountBdt,
    key: refundKey(session.orderId, "review", transaction),
    reason: "Held for review and refunded by the agency",
  });
}

/**
 * The origins a payment page's form may lead to (its Content-Security-Policy's form-action): each
 * configured gateway's host, where its hosted page is (SSLCommerz's GatewayPageURL is on its API
 * host; bKash's bkashURL is on its payment host under bkash.com).
 */
export function gatewayOrigins(): string[] {
  const { SSLCOMMERZ_BASE_URL, BKASH_BASE_URL } = env();
  return [
    ...(sslcommerzProvider.configured() ? [new URL(SSLCOMMERZ_BASE_URL).origin] : []),
    ...(bkashProvider.configured() ? [new URL(BKASH_BASE_URL).origin, "https://*.bkash.com"] : []),
  ];
}
