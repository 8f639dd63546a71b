// Every payment of a booking is recorded here, by recordPayment, inside one transaction with the
// order's row locked: the payment, the order's paid sum and payment status derived from it
// (app/booking/core/payment-plan.ts), and the booking secured once its deposit or whole price is paid.
// Paying the same thing twice records it once: a card payment by its intent id, an offline one
// by its method and reference, a bKash/Nagad one by its transaction id under either method. No
// payment goes beyond the balance: an offline one is refused, a card one (the money has arrived)
// is recorded for its refund. Invoices hook in here (the transaction of the payment).
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import { takeSeats } from "~/booking/core/departure-store.server";
import { paymentKind, paymentStatusOf, securesBooking, type PaymentKindName } from "~/booking/core/payment-plan";
import { retakePromoCode } from "~/booking/core/promo-code-store.server";
import type { BookingStatus, PaymentMethod } from "~/generated/prisma/client";
import { takeInvoiceNumber } from "~/invoicing/index.server";
import { insertPaymentRecord } from "~/payments/index.server";
import { db, type Tx } from "~/platform/db.server";
import { queueEmail } from "~/platform/outbox-store.server";

/**
 * Gives the order its invoice number unless it has one: call it in the transaction that records a
 * payment, with the booking's row locked. Returns the order's invoice number.
 */
export async function issueInvoiceNumber(tx: Tx, orderId: string, at: Date): Promise<string> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { invoiceNumber: true } });
  if (order.invoiceNumber) return order.invoiceNumber;
  const invoiceNumber = await takeInvoiceNumber(tx, at);
  // Conditional: a concurrent first payment that got here first keeps its number (then this transaction's rolls back with it).
  const { count } = await tx.order.updateMany({
    where: { id: orderId, invoiceNumber: null },
    data: { invoiceNumber, invoicedAt: at },
  });
  if (count !== 1) throw new Error(`Order ${orderId} was given an invoice number concurrently; its payment is retried.`);
  return invoiceNumber;
}

/** The spec's payment object of an order and the API's payments[]: what is read of a payment. */
export const paymentRecordSelect = {
  amountCents: true,
  kind: true,
  method: true,
  created: true,
  last4: true,
  transaction: true,
  reference: true,
  provider: true,
  providerReference: true,
  amountBdt: true,
  rate: true,
} as const;

export interface NewPayment {
  orderId: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  /** the provider's time of a card payment; now for an offline one */
  created: Date;
  last4?: string;
  /** a card payment's intent id */
  transaction?: string;
  /** an offline payment's reference */
  reference?: string;
  /** the administrator recording it; null when the card provider confirmed it */
  recordedById: string | null;
  /** the accepted claim it comes from */
  claimId?: string;
  /** the gateway that took the money ("stripe", "sslcommerz", "bkash") and its id of it */
  provider?: string;
  providerReference?: string;
  /** the taka a local gateway charged and the rate it was computed at */
  amountBdt?: number;
  rate?: number;
}

/** A bKash/Nagad transaction id as it counts once: upper case, without spaces. */
export function mobileTrxKey(reference: string): string {
  return reference.replace(/\s+/g, "").toUpperCase();
}

const isMobile = (method: PaymentMethod) => method === "BKASH" || method === "NAGAD";

/**
 * What recording did: "duplicate" (this payment was recorded before: nothing changed), "over"
 * (an offline payment beyond the balance: nothing changed), or the
 * payment with what became of the booking: "confirmed" (this payment secured it, or it was
 * already), "recorded" (not yet secured: less than the deposit), "refund-due" (it had ended with
 * its seats gone, or was cancelled: paid, yet nothing is booked).
 */
export type RecordedPayment =
  | { status: "duplicate"; orderId: string }
  | { status: "over"; balanceCents: number }
  | {
      status: "recorded";
      paymentId: string;
      kind: PaymentKindName;
      outcome: "confirmed" | "recorded" | "refund-due";
      /** this payment is the one that secured the booking */
      secured: boolean;
      /** a card payment's part beyond the balance (paid meanwhile by other means): refunded by the caller */
      overCents: number;
      /** the booking's status before this payment */
      before: BookingStatus;
      paidCents: number;
      priceCents: number;
    };

interface LockedOrder {
  priceCents: number;
  depositCents: number | null;
  paidCents: number;
  bookingStatus: BookingStatus;
  departureId: string | null;
  quantity: number;
}

/** The order's money row, locked until the transaction ends: every payment of it waits its turn. */
async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | null> {
  const [order] = await tx.$queryRaw<LockedOrder[]>`
    SELECT "priceCents", "depositCents", "paidCents", "bookingStatus", "departureId", "quantity"
    FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return order ?? null;
}

async function findSamePayment(tx: Tx, payment: NewPayment) {
  if (payment.provider && payment.providerReference) {
    const same = await tx.payment.findUnique({
      where: { provider_providerReference: { provider: payment.provider, providerReference: payment.providerReference } },
      select: { orderId: true },
    });
    if (same) return same;
  }
  if (payment.transaction)
    return tx.payment.findUnique({ where: { transaction: payment.transaction }, select: { orderId: true } });
  if (payment.reference && isMobile(payment.method))
    return tx.payment.findUnique({ where: { mobileTrxKey: mobileTrxKey(payment.reference) }, select: { orderId: true } });
  if (payment.reference)
    return tx.payment.findUnique({
      where: { method_reference: { method: payment.method, reference: payment.reference } },
      select: { orderId: true },
    });
  return null;
}

/**
 * Records a payment inside the caller's transaction (`today`: YYYY-MM-DD, for seats taken again).
 * The order's row is locked first, so two deliveries of one payment (browser and webhook, a double
 * submit) record it once, and each payment derives paid, status and confirmation from the one before.
 */
export async function recordPayment(tx: Tx, payment: NewPayment, today: string): Promise<RecordedPayment> {
  const order = await lockOrder(tx, payment.orderId);
  if (!order) throw new Error(`recordPayment: no order ${payment.orderId}`);
  const same = await findSamePayment(tx, payment);
  if (same) return { status: "duplicate", orderId: same.orderId };
  const balance = order.priceCents - order.paidCents;
  // money a gateway took has arrived: recorded, and its excess refunded by the caller
  if (payment.amountCents > balance && !payment.provider && payment.method !== "CARD")
    return { status: "over", balanceCents: Math.max(0, balance) };
  const overCents = Math.max(0, payment.amountCents - Math.max(0, balance));

  const kind = paymentKind(order, payment.amountCents);
  const paymentId = await insertPaymentRecord(tx, {
    orderId: payment.orderId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    kind,
    method: payment.method,
    created: payment.created,
    last4: payment.last4 ?? "",
    transaction: payment.transaction ?? null,
    reference: payment.reference ?? null,
    mobileTrxKey: payment.reference && isMobile(payment.method) ? mobileTrxKey(payment.reference) : null,
    recordedById: payment.recordedById,
    claimId: payment.claimId ?? null,
    provider: payment.provider ?? null,
    providerReference: payment.providerReference ?? null,
    amountBdt: payment.amountBdt ?? null,
    rate: payment.rate ?? null,
  });
  // the booking's invoice is numbered with its first payment (kept by the later ones)
  await issueInvoiceNumber(tx, payment.orderId, new Date());
  const after = { ...order, paidCents: order.paidCents + payment.amountCents };
  await tx.order.update({
    where: { id: payment.orderId },
    data: {
      paidCents: after.paidCents,
      paymentStatus: paymentStatusOf(after),
      deletedAt: null,
      ...(payment.transaction && (payment.provider ?? "stripe") === "stripe"
        ? { stripePaymentIntentId: payment.transaction }
        : {}),
    },
  });

  const wasSecured = securesBooking(order);
  const secures = securesBooking(after);
  let confirmed = order.bookingStatus === "CONFIRMED" || order.bookingStatus === "COMPLETED";
  if (secures && !wasSecured && order.bookingStatus === "PENDING") {
    confirmed = await changeBookingStatus(tx, payment.orderId, {
      from: ["PENDING"],
      to: "CONFIRMED",
      byUserId: payment.recordedById,
      reason: kind === "DEPOSIT" ? "Deposit received" : "Payment received",
    });
  } else if (secures && order.bookingStatus === "EXPIRED") {
    const seats = order.departureId ? await takeSeats(tx, order.departureId, order.quantity, today) : { ok: true };
    confirmed =
      seats.ok &&
      (await changeBookingStatus(tx, payment.orderId, {
        from: ["EXPIRED"],
        to: "CONFIRMED",
        byUserId: payment.recordedById,
        reason: "Payment received after the hold ended: the seats were taken again",
      }));
    // its promo code's use was given back when it expired: it is paid, so it holds it again
    if (confirmed) await retakePromoCode(tx, payment.orderId);
  }
  const ended = order.bookingStatus === "EXPIRED" || order.bookingStatus === "CANCELLED";
  return {
    status: "recorded",
    paymentId,
    kind,
    outcome: confirmed ? "confirmed" : ended ? "refund-due" : "recorded",
    secured: confirmed && !wasSecured,
    paidCents: after.paidCents,
    priceCents: order.priceCents,
    overCents,
    before: order.bookingStatus,
  };
}

/**
 * recordPayment in a transaction of its own, with the email `receipt` gives for the result
 * (null: none) queued in the same transaction.
 */
export async function recordPaymentNow(
  payment: NewPayment,
  today: string,
  receipt: (recorded: Extract<RecordedPayment, { status: "recorded" }>) => { to: string; subject: string; text: string } | null,
  /** more writes in the same transaction once it is recorded (a gateway session marked paid) */
  within?: (tx: Tx, paymentId: string) => Promise<void>,
): Promise<RecordedPayment> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const recorded = await recordPayment(tx, payment, today);
    if (recorded.status === "recorded") {
      const email = receipt(recorded);
      if (email) await queueEmail(email, tx);
      if (within) await within(tx, recorded.paymentId);
    }
    return recorded;
  });
}
