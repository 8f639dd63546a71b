// What the server checks before it believes a payment intent pays an order.
export const PAYMENT_CURRENCY = "usd";

export interface PayableOrder {
  id: string;
  /** the amounts the order may be paid by (its price, its deposit, its balance) */
  amountsCents: readonly number[];
}

interface IntentFacts {
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
}

/** Why this intent does not pay this order, or null when it matches exactly. */
export function mismatchBetween(intent: IntentFacts, order: PayableOrder): string | null {
  if (intent.metadata?.orderId !== order.id) return "it was made for another order";
  if (intent.currency !== PAYMENT_CURRENCY) return `its currency is ${intent.currency}, not ${PAYMENT_CURRENCY}`;
  if (!order.amountsCents.includes(intent.amount))
    return `its amount ${intent.amount} differs from what the order asks (${order.amountsCents.join(" or ")} cents)`;
  return null;
}
