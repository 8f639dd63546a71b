// Reconciling a month of card money with the card provider (docs/decisions/0006-payments.md): what
// was recorded here against what the provider lists, by Dhaka's calendar month, and the one repair
// it offers: recording a payment the provider has and this site never heard of (a lost webhook),
// through the same verified path as the webhook's, so that it is recorded once whichever comes first.
import { confirmPayment } from "~/booking/paying/booking-payments.server";
import {
  bookingReferences,
  ordersOfPaymentIntents,
  recordedCardMoney,
} from "~/booking/paying/booking-reconciliation-store.server";
import { reconcile, type Reconciliation, type ReconciliationRow } from "~/payments";
import { cardPaymentOrderId, listProviderCardMoney, PaymentError, providerNotes } from "~/payments/index.server";
import { agencyMonthBounds } from "~/platform/dates";
import { isPlausibleId } from "~/platform/ids";

interface ReconciledRow extends ReconciliationRow {
  /** the booking it belongs to, when one side knows it and it exists here */
  orderId: string | null;
  reference: string | null;
  /** what the provider says of a row only recorded here, when it was asked */
  note: string | null;
}

interface ReconciledSection extends Omit<Reconciliation, "rows"> {
  rows: ReconciledRow[];
}

export type MonthReconciliation =
  | { month: string; payments: ReconciledSection; refunds: ReconciledSection; problem: null }
  /** the provider could not be asked (not configured, unreachable): nothing to compare */
  | { month: string; problem: { code: PaymentError["code"]; message: string } };

/** The month's card payments and refunds, here and at the provider, matched by the provider's id. */
export async function reconcileCardMonth(month: string): Promise<MonthReconciliation> {
  const [from, to] = agencyMonthBounds(month);
  let there;
  try {
    there = await listProviderCardMoney(from, to);
  } catch (error) {
    if (error instanceof PaymentError) return { month, problem: { code: error.code, message: error.message } };
    throw error;
  }
  const here = await recordedCardMoney(from, to);
  // A refund made in the provider's dashboard carries no order id: its payment tells the booking.
  const refundIntents = there.refunds.filter((refund) => !refund.orderId && refund.paymentIntentId);
  const ordersOfIntents = await ordersOfPaymentIntents(refundIntents.map((refund) => refund.paymentIntentId!));
  const providerRefunds = there.refunds.map(({ paymentIntentId, ...refund }) => ({
    ...refund,
    orderId: refund.orderId ?? (paymentIntentId ? (ordersOfIntents.get(paymentIntentId) ?? null) : null),
  }));
  const payments = reconcile(here.payments, there.payments);
  const refunds = reconcile(here.refunds, providerRefunds);
  const orderIds = [...payments.rows, ...refunds.rows]
    .map((row) => row.here?.orderId ?? row.there?.orderId)
    .filter((id): id is string => Boolean(id && isPlausibleId(id)));
  const references = await bookingReferences([...new Set(orderIds)]);
  const onlyHere = [...payments.rows, ...refunds.rows].filter((row) => row.kind === "only-here").map((row) => row.id);
  let notes: Map<string, string>;
  try {
    notes = await providerNotes(onlyHere);
  } catch (error) {
    if (error instanceof PaymentError) return { month, problem: { code: error.code, message: error.message } };
    throw error;
  }
  const withBookings = (section: Reconciliation): ReconciledSection => ({
    ...section,
    rows: section.rows.map((row) => {
      const orderId = row.here?.orderId ?? row.there?.orderId ?? null;
      const reference = orderId ? (references.get(orderId) ?? null) : null;
      return { ...row, orderId: reference ? orderId : null, reference, note: notes.get(row.id) ?? null };
    }),
  });
  return { month, payments: withBookings(payments), refunds: withBookings(refunds), problem: null };
}

/**
 * Records a payment the provider has but this site does not: the provider is asked again which
 * booking it was opened for, and confirmPayment checks (as for the webhook) that it succeeded for
 * exactly that booking's price before recording it. Returns false when it was recorded already.
 */
export async function recordProviderPayment(paymentIntentId: string): Promise<{ recorded: boolean; orderId: string }> {
  const orderId = await cardPaymentOrderId(paymentIntentId);
  if (!orderId)
    throw new PaymentError(
      "unverified",
      "The payment could not be verified: the payment provider does not know it, or it names no booking.",
    );
  return { recorded: await confirmPayment(orderId, paymentIntentId), orderId };
}
