// Paying a booking through a local gateway (SSLCommerz, bKash; docs/payments.md): the customer is
// sent to the gateway's page for the amount due now in taka at the agency's rate, and comes back by
// a cross-site POST or GET that carries no session cookie: the session is found by the gateway's
// own ids. Whatever arrives first, twice or never (the return, the IPN, a second callback, the job),
// the payment is recorded once, and only after the gateway confirmed it on the server (status, our
// transaction id, amount and currency). A payment the gateway flags as risky is held for review:
// its seats are kept, it is not paid until an administrator accepts it.
import { refundLatePayment, refundOverpayment } from "~/booking/cancelling/cancellation.server";
import { recordPaymentNow } from "~/booking/core/booking-payments-store.server";
import type { BookingRow } from "~/booking/core/booking-row.server";
import { holdDeadline } from "~/booking/core/booking-status";
import { findPayableOrder } from "~/booking/core/booking-store.server";
import { extendHold, holdForReview } from "~/booking/core/hold-store.server";
import { amountToPay, type PaymentPart } from "~/booking/core/payment-plan";
import { closedBookingMessage, receiptOnConfirmation } from "~/booking/paying/booking-payments.server";
import { toTaka, type GatewayResult, type LocalGateway, type ProviderName } from "~/payments";
import {
  claimReviewRefund,
  closeSession,
  configuredProviders,
  createPaymentSession,
  findPaymentSession,
  findSessionById,
  gateway,
  getUsableExchangeRate,
  listRefundIssues,
  listSessionsInReview,
  listStaleSessions,
  markSessionPaid,
  noteSessionRefund,
  PaymentError,
  refundHeldPayment,
  reopenReview,
  requirePaymentsConfigured,
  SessionSettledError,
  setRefundIssue,
  setSessionGatewayId,
  type GatewayVerdict,
  type PaymentSessionRow,
} from "~/payments/index.server";
import { agencyToday } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { logger } from "~/platform/logger.server";
import { deliverOutbox } from "~/platform/mail.server";
import { publicUrl } from "~/platform/public-url.server";

const GATEWAY_NAMES: Record<LocalGateway, string> = { bkash: "bKash", sslcommerz: "SSLCommerz" };
/** How long a payment the gateway flags as risky keeps its seats while an administrator decides. */
const REVIEW_HOLD_DAYS = 3;

async function payableOrder(orderId: string, ownerId: string): Promise<BookingRow> {
  const order = isPlausibleId(orderId) ? await findPayableOrder(orderId, ownerId) : null;
  if (!order) throw new PaymentError("not-found", "No such order.");
  const closed = closedBookingMessage(order);
  if (order.paymentStatus !== "PAID" && closed) throw new PaymentError("closed", closed);
  return order;
}

function dueOf(order: BookingRow, part?: PaymentPart) {
  const due = amountToPay(order, part);
  if ("error" in due)
    throw due.error === "This order is already paid."
      ? new PaymentError("paid", due.error)
      : new PaymentError("part", `part: ${due.error}.`);
  return due;
}

/** What a local gateway would charge for the amount due now: the taka at the agency's rate, or why it cannot. */
export async function takaQuote(
  amountCents: number,
): Promise<{ amountBdt: number; bdtPerUsd: number } | { error: string; reason: "none" | "stale" }> {
  const rate = await getUsableExchangeRate();
  if (!rate.ok) return { error: rate.message, reason: rate.reason };
  return { amountBdt: toTaka(amountCents, rate.bdtPerUsd), bdtPerUsd: rate.bdtPerUsd };
}

/**
 * Where to send the customer to pay `part` of their order (default: all that is due) through
 * `provider`: the gateway's page for a local gateway (a session recorded first), this site's card
 * page for Stripe (it pays there with Stripe.js, as before).
 */
export async function openGatewayPayment(
  orderId: string,
  ownerId: string,
  provider: ProviderName,
  part?: PaymentPart,
): Promise<{ redirectUrl: string }> {
  const order = await payableOrder(orderId, ownerId);
  if (!configuredProviders().includes(provider)) {
    if (provider === "stripe") requirePaymentsConfigured();
    throw new PaymentError(
      "not-configured",
      `provider: ${provider === "stripe" ? "Stripe" : GATEWAY_NAMES[provider]} is not offered on this site.`,
    );
  }
  const due = dueOf(order, part);
  if (provider === "stripe") return { redirectUrl: publicUrl(`/dashboard/payment/${order.id}?part=${due.part}`) };

  const quote = await takaQuote(due.cents);
  if ("error" in quote) throw new PaymentError("not-configured", quote.error);
  const session = await createPaymentSession({
    orderId: order.id,
    provider,
    part: due.part,
    amountCents: due.cents,
    amountBdt: quote.amountBdt,
    rate: quote.bdtPerUsd,
  });
  const opened = await gateway(provider).open({
    sessionId: session.id,
    orderId: order.id,
    reference: order.reference,
    amountBdt: quote.amountBdt,
    description: `Tour booking ${order.reference}: ${order.serviceTitle}${due.part === "full" ? "" : ` (${due.part})`}`,
    customer: {
      name: `${order.firstName} ${order.lastName}`,
      email: order.email,
      phone: order.mobileNumber,
      address: order.streetAddress,
      city: order.townName,
      postcode: order.postcode ?? "",
      country: order.country,
    },
  });
  await setSessionGatewayId(session.id, opened.gatewayId);
  // Paying has started: the hold lasts the time a payment takes, once (as for a card).
  const now = new Date();
  await extendHold(order.id, {
    until: holdDeadline(now, env().PAYMENT_HOLD_MINUTES),
    firstHoldEnd: holdDeadline(order.createdAt, env().BOOKING_HOLD_MINUTES),
    now,
  });
  logger.info({ orderId: order.id, provider, sessionId: session.id, amountBdt: quote.amountBdt }, "gateway payment opened");
  return { redirectUrl: opened.redirectUrl };
}

/** What became of a session, for the order page's message. */
export interface SettledSession {
  orderId: string;
  result: GatewayResult;
}

const resultOf: Record<PaymentSessionRow["status"], GatewayResult> = {
  OPEN: "pending",
  PAID: "paid",
  REVIEW: "review",
  FAILED: "failed",
  CANCELLED: "cancelled",
  REFUNDED: "refunded",
};

/**
 * Asks the gateway where a session stands (with the id its return or IPN carried, checked with
 * it) and acts on the answer: records the payment once, holds a risky one for review, closes a
 * failed or cancelled one. A session already settled is not asked again.
 */
async function settleSession(
  session: PaymentSessionRow,
  hint: { valId?: string; execute?: boolean } = {},
): Promise<SettledSession> {
  if (session.status === "PAID" || session.status === "REVIEW" || session.status === "REFUNDED")
    return { orderId: session.orderId, result: resultOf[session.status] };
  const verdict = await gateway(session.provider).verify(session, hint);
  return { orderId: session.orderId, result: await applyVerdict(session, verdict) };
}

async function applyVerdict(session: PaymentSessionRow, verdict: GatewayVerdict): Promise<GatewayResult> {
  if (verdict.status === "open") return "pending";
  if (verdict.status !== "paid") {
    logger.warn({ sessionId: session.id, note: verdict.note }, "gateway payment not paid");
    await closeSession(session.id, verdict.status === "failed" ? "FAILED" : "CANCELLED", verdict.note);
    return verdict.status;
  }
  if (verdict.review) {
    if (await closeSession(session.id, "REVIEW", verdict.note, verdict.providerReference)) {
      await holdForReview(session.orderId, new Date(Date.now() + REVIEW_HOLD_DAYS * 86_400_000));
      logger.warn({ sessionId: session.id, orderId: session.orderId, note: verdict.note }, "gateway payment held for review");
    }
    return "review";
  }
  try {
    await recordGatewayPayment(session, verdict);
  } catch (error) {
    if (!(error instanceof SessionSettledError)) throw error;
    // an administrator decided meanwhile (a payment held for review, refunded): that stands
    const now = await findSessionById(session.id);
    return now ? resultOf[now.status] : "pending";
  }
  return "paid";
}

/**
 * Records a verified gateway payment in the booking's transaction with its row locked (as a card
 * payment), the session marked paid in the same transaction; a second arrival finds it recorded.
 * Money beyond the balance is refunded through its gateway at once.
 */
async function recordGatewayPayment(
  session: PaymentSessionRow,
  verdict: Extract<GatewayVerdict, { status: "paid" }>,
  /** an administrator accepting a payment held for review (its session leaves REVIEW only so) */
  acceptedBy: string | null = null,
): Promise<boolean> {
  const order = await findPayableOrder(session.orderId, undefined, { includeDeleted: true });
  if (!order) throw new PaymentError("not-found", "No such order.");
  const payment = {
    amountCents: session.amountCents,
    currency: "usd",
    created: verdict.created,
    last4: verdict.last4,
    transaction: transactionOf(session),
  };
  const recorded = await recordPaymentNow(
    {
      orderId: order.id,
      method: verdict.method,
      recordedById: acceptedBy,
      ...payment,
      provider: session.provider,
      providerReference: verdict.providerReference,
      amountBdt: session.amountBdt,
      rate: session.rate,
    },
    agencyToday(),
    receiptOnConfirmation(order, payment),
    (tx, paymentId) => markSessionPaid(tx, session.id, paymentId, verdict.providerReference, acceptedBy ? ["REVIEW"] : undefined),
  );
  if (recorded.status !== "recorded") {
    // Recorded by the other arrival: a refund it could not make is tried again.
    await refundWhatIsDue(session);
    return false;
  }
  if (recorded.outcome === "refund-due" || recorded.overCents > 0) await refundWhatIsDue(session);
  await deliverOutbox().catch(() => 0);
  logger.info({ orderId: order.id, sessionId: session.id, provider: session.provider }, "gateway payment recorded");
  return true;
}

/** A gateway payment's transaction as recorded: bKash's paymentID, else our session's id (SSLCommerz's tran_id). */
function transactionOf(session: Pick<PaymentSessionRow, "id" | "provider" | "gatewayId">): string {
  return session.provider === "bkash" ? (session.gatewayId ?? session.id) : session.id;
}

/**
 * The automatic refund a gateway payment calls for: all of it when the booking had ended (a late
 * payment), its excess when it went beyond the balance. Each is idempotent (one refund key per
 * payment and purpose). One the gateway does not make now is kept on the session with the
 * gateway's reason (administrators see it) and retried by the job; cleared once made.
 */
async function refundWhatIsDue(session: Pick<PaymentSessionRow, "id" | "orderId" | "provider" | "gatewayId">): Promise<boolean> {
  try {
    await refundLatePayment(session.orderId);
    await refundOverpayment(session.orderId, transactionOf(session));
  } catch (error) {
    const reason = (error as Error).message;
    logger.error(
      { orderId: session.orderId, sessionId: session.id, error: reason },
      "gateway payment's refund not made yet: the job retries",
    );
    await setRefundIssue(session.id, reason.slice(0, 500));
    return false;
  }
  await setRefundIssue(session.id, null);
  return true;
}

/** The job: every automatic refund not made yet is asked of its gateway again. */
export async function retryGatewayRefunds(): Promise<{ retried: number; made: number }> {
  const sessions = await listRefundIssues(50);
  let made = 0;
  for (const session of sessions) if (await refundWhatIsDue(session)) made += 1;
  return { retried: sessions.length, made };
}

/** The automatic refunds not made yet, for the administrators: booking, gateway, amount, the gateway's reason. */
export async function listRefundsNotMade() {
  return listRefundIssues();
}

/** SSLCommerz's IPN or return, its fields as posted: the session by our tran_id, settled with the val_id it names. */
export async function settleSslcommerz(
  fields: Record<string, string>,
  { signed, outcome }: { signed: boolean; outcome?: "success" | "fail" | "cancel" },
): Promise<SettledSession | null> {
  const session = await findPaymentSession("sslcommerz", { id: fields.tran_id });
  if (!session) return null;
  // An unsigned (or forged) val_id is never asked: the transaction query by our own tran_id decides.
  const settled = await settleSession(session, signed && fields.val_id ? { valId: fields.val_id } : {});
  return outcome && outcome !== "success" ? await closeUnpaid(session, settled, outcome === "cancel") : settled;
}

/** The customer came back from the gateway's fail or cancel page and the gateway has no payment: the session ends so. */
async function closeUnpaid(session: PaymentSessionRow, settled: SettledSession, cancelled: boolean): Promise<SettledSession> {
  if (settled.result !== "pending") return settled;
  await closeSession(
    session.id,
    cancelled ? "CANCELLED" : "FAILED",
    cancelled ? "The customer cancelled at the gateway." : "The gateway reported a failure.",
  );
  return { orderId: session.orderId, result: cancelled ? "cancelled" : "failed" };
}

/** bKash's callback (?paymentID&status): execute once for status=success; otherwise payment/status decides. */
export async function settleBkash(paymentID: string, status: string): Promise<SettledSession | null> {
  const session = await findPaymentSession("bkash", { gatewayId: paymentID });
  if (!session) return null;
  const settled = await settleSession(session, { execute: status === "success" });
  return status === "success" ? settled : closeUnpaid(session, settled, status === "cancel");
}

/** The order page a gateway's return sends the customer to, with its result. */
export function orderResultPath(settled: SettledSession): string {
  return `/dashboard/orders/${settled.orderId}?payment=${settled.result}`;
}

/** A session older than this without an answer is asked about by the job. */
const STALE_AFTER_MS = 5 * 60_000;
/** Older sessions are not asked any more (the gateways expire theirs long before). */
const GIVE_UP_AFTER_MS = 3 * 86_400_000;

/**
 * The periodic job (once across instances): every session left open longer than a few minutes
 * (a lost callback, a return that never came, execute timed out) is asked of its gateway, which
 * decides: recorded once, held for review, failed or cancelled, or still open.
 */
export async function checkOpenSessions(now: Date = new Date()): Promise<{ checked: number; paid: number; closed: number }> {
  const sessions = await listStaleSessions(new Date(now.getTime() - STALE_AFTER_MS), new Date(now.getTime() - GIVE_UP_AFTER_MS));
  let paid = 0;
  let closed = 0;
  for (const session of sessions) {
    try {
      const { result } = await settleSession(session);
      if (result === "paid" || result === "review") paid += 1;
      else if (result !== "pending") closed += 1;
    } catch (error) {
      logger.warn({ sessionId: session.id, error: (error as Error).message }, "gateway session not checked");
    }
  }
  return { checked: sessions.length, paid, closed };
}

/** The payments a gateway flagged as risky, held until an administrator accepts or refunds them. */
export async function listHeldPayments() {
  return listSessionsInReview();
}

async function heldSession(sessionId: string): Promise<PaymentSessionRow> {
  const session = isPlausibleId(sessionId) ? await findSessionById(sessionId) : null;
  if (!session) throw new PaymentError("not-found", "No such payment.");
  if (session.status === "PAID") throw new PaymentError("paid", "This payment is accepted already.");
  if (session.status === "REFUNDED") throw new PaymentError("closed", "This payment is refunded already.");
  if (session.status !== "REVIEW") throw new PaymentError("closed", "This payment is not held for review.");
  return session;
}

/**
 * An administrator accepts a payment held for review: the gateway is asked again (it must still
 * report it paid, for this session's taka), then it is recorded once as any gateway payment, the
 * session leaving REVIEW in the same transaction. A refund decided meanwhile wins: nothing recorded.
 */
export async function acceptHeldPayment(sessionId: string, admin: { id: string }): Promise<void> {
  const session = await heldSession(sessionId);
  const verdict = await gateway(session.provider).verify(session);
  if (verdict.status !== "paid")
    throw new PaymentError(
      "provider",
      `The gateway no longer reports this payment as paid${"note" in verdict ? `: ${verdict.note}` : "."}`,
    );
  try {
    await recordGatewayPayment(session, verdict, admin.id);
  } catch (error) {
    // refunded meanwhile: says so
    if (error instanceof SessionSettledError) await heldSession(sessionId);
    throw error;
  }
  logger.info({ sessionId, adminId: admin.id }, "held gateway payment accepted");
}

/**
 * An administrator refunds a payment held for review, whole, through its gateway: the session
 * becomes REFUNDED first (an accept meanwhile finds it so), then the gateway refunds; a refusal
 * puts it back in review with the gateway's reason and throws it.
 */
export async function refundHeldPaymentByAdmin(sessionId: string, admin: { id: string }): Promise<{ refundId: string }> {
  const session = await heldSession(sessionId);
  if (!(await claimReviewRefund(sessionId, "Refund asked at the gateway by an administrator."))) {
    await heldSession(sessionId); // decided meanwhile: says how
    throw new PaymentError("closed", "This payment is not held for review.");
  }
  try {
    const refund = await refundHeldPayment(session);
    await noteSessionRefund(
      sessionId,
      `Refunded by an administrator: ${GATEWAY_NAMES[session.provider]} refund ${refund.refundId}${refund.status === "processing" ? " (processing)" : ""}.`,
    );
    logger.warn({ sessionId, adminId: admin.id, refundId: refund.refundId }, "held gateway payment refunded");
    return { refundId: refund.refundId };
  } catch (error) {
    const reason = error instanceof PaymentError ? error.message : "The gateway could not be reached.";
    await reopenReview(sessionId, `${session.note ?? ""} Refund not made: ${reason}`.trim());
    throw error;
  }
}
