// Where a refund comes from when a booking was paid in several payments: card payments are refunded
// through the card provider, the latest first, each at most what is left of it; what they cannot
// cover was paid offline (bKash, Nagad, bank, cash) and is paid back by the agency, which records
// it with its reference. Pure: the cancellation, the admin's refund and the overdue sweep share it.

export interface RefundablePayment {
  id: string;
  method: string;
  amountCents: number;
  /** what was refunded of this payment already */
  refundedCents: number;
  created: Date | string;
  /** the card provider's payment intent id, or a gateway's transaction; null for an offline payment */
  transaction: string | null;
  /** taken by a gateway (SSLCommerz, bKash) whatever its method: refunded through it */
  viaGateway?: boolean;
}

export interface RefundAllocation {
  /** card refunds to make, latest payment first */
  card: { paymentId: string; transaction: string; cents: number }[];
  /** what the agency pays back itself (offline payments), recorded with a reference */
  offlineCents: number;
}

const time = (moment: Date | string) => new Date(moment).getTime();

/** What is left to refund of the payments: what was paid less what was refunded. */
export function refundableOf(payments: readonly RefundablePayment[]): number {
  return payments.reduce((sum, payment) => sum + Math.max(0, payment.amountCents - payment.refundedCents), 0);
}

/**
 * Splits `cents` over the payments: the card payments' remainders, latest first, then the offline
 * payments'. Throws when `cents` is more than is left to refund (never more than was paid).
 */
export function allocateRefund(payments: readonly RefundablePayment[], cents: number): RefundAllocation {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError("A refund is a whole number of cents, 0 or more.");
  if (cents > refundableOf(payments)) throw new RangeError("A refund cannot be more than what was paid and not refunded.");
  const cards = payments
    .filter((payment) => payment.transaction !== null && (payment.method === "CARD" || payment.viaGateway === true))
    .sort((a, b) => time(b.created) - time(a.created));
  let left = cents;
  const card: RefundAllocation["card"] = [];
  for (const payment of cards) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, payment.amountCents - payment.refundedCents));
    if (take > 0) card.push({ paymentId: payment.id, transaction: payment.transaction!, cents: take });
    left -= take;
  }
  return { card, offlineCents: left };
}
