// The one home of a booking's money rules (no I/O): what a package's payment plan asks of an
// order (a deposit now, the balance by a date), what is due now, what a payment pays (deposit,
// balance or the whole), and what the payments add up to (paid, balance, payment status,
// whether the booking is secured). Stores and screens call these; none computes them again.

/** A package's plan: a deposit of a percent of the total or a fixed amount per traveller (at most one), or neither (full payment only). */
export interface PaymentPlan {
  depositPercent: number | null;
  depositPerTravellerCents: number | null;
  /** the balance is due this many days before the departure */
  balanceDueDays: number;
}

export const FULL_PAYMENT_PLAN: PaymentPlan = { depositPercent: null, depositPerTravellerCents: null, balanceDueDays: 30 };

export const PAYMENT_PARTS = ["deposit", "balance", "full"] as const;
export type PaymentPart = (typeof PAYMENT_PARTS)[number];
export type PaymentKindName = "DEPOSIT" | "BALANCE" | "FULL";

/** What an order keeps of its package's plan when it is placed. */
export interface OrderPlanTerms {
  /** the deposit that secures the booking; null: the whole price at once */
  depositCents: number | null;
  /** YYYY-MM-DD (the agency's calendar): the day the balance is due; null without a deposit */
  balanceDueDate: string | null;
}

/** The day `days` before a YYYY-MM-DD date. */
export function dateDaysBefore(date: string, days: number): string {
  const moment = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
}

/** Whole dollars, rounded up: a deposit asks no cents (the site's money is whole dollars). */
function wholeDollarsUp(cents: number): number {
  return Math.ceil(cents / 100) * 100;
}

/**
 * The terms of a new order. A deposit needs a travel date whose balance day is still to come
 * (later than `today`) and must be less than the price; otherwise the order is paid in full at once.
 */
export function orderPlanTerms(
  plan: PaymentPlan,
  order: { priceCents: number; travellers: number; travelDate: string | null },
  today: string,
): OrderPlanTerms {
  const none = { depositCents: null, balanceDueDate: null };
  if (!order.travelDate) return none;
  let depositCents: number;
  if (plan.depositPercent !== null) depositCents = wholeDollarsUp((order.priceCents * plan.depositPercent) / 100);
  else if (plan.depositPerTravellerCents !== null) depositCents = plan.depositPerTravellerCents * order.travellers;
  else return none;
  const balanceDueDate = dateDaysBefore(order.travelDate, plan.balanceDueDays);
  if (depositCents <= 0 || depositCents >= order.priceCents || balanceDueDate <= today) return none;
  return { depositCents, balanceDueDate };
}

/** An order's money as stored: its price, its deposit term and the sum of its payments. */
export interface OrderMoney {
  priceCents: number;
  depositCents: number | null;
  paidCents: number;
}

/** The total less what was paid: an unpaid order's balance is its whole price. */
export function balanceCents(order: OrderMoney): number {
  return order.priceCents - order.paidCents;
}

/**
 * What the traveller still owes the agency (the voucher, the guide's manifest): the balance, none when
 * a reseller sold the booking (the reseller collects and pays the agency).
 */
export function stillOwedCents(order: Pick<OrderMoney, "priceCents" | "paidCents"> & { channel?: string | null }): number {
  return order.channel === "RESELLER" ? 0 : Math.max(0, order.priceCents - order.paidCents);
}

/** Paid in full, partly (a deposit or part of one) or not at all. */
export function paymentStatusOf(order: OrderMoney): "UNPAID" | "PARTLY_PAID" | "PAID" {
  if (order.paidCents >= order.priceCents) return "PAID";
  return order.paidCents > 0 ? "PARTLY_PAID" : "UNPAID";
}

/** The booking is secured (seats kept, hold ended) once its deposit, or the whole price without one, is paid. */
export function securesBooking(order: OrderMoney): boolean {
  return order.paidCents >= Math.min(order.depositCents ?? order.priceCents, order.priceCents);
}

/** What a payment of `amountCents` pays, from what was paid before it. */
export function paymentKind(order: OrderMoney, amountCents: number): PaymentKindName {
  if (order.paidCents > 0) return "BALANCE";
  return amountCents >= order.priceCents ? "FULL" : "DEPOSIT";
}

/** The parts a customer may pay now, each with its amount: the deposit only while nothing is paid. */
export function payableParts(order: OrderMoney): { part: PaymentPart; cents: number }[] {
  const balance = balanceCents(order);
  if (balance <= 0) return [];
  if (order.paidCents > 0) return [{ part: "balance", cents: balance }];
  const parts: { part: PaymentPart; cents: number }[] = [{ part: "full", cents: balance }];
  if (order.depositCents !== null && order.depositCents < balance) parts.push({ part: "deposit", cents: order.depositCents });
  return parts;
}

/**
 * The amount of `part` (default: everything still due, the whole price or the balance), or
 * the reason it cannot be paid now.
 */
export function amountToPay(order: OrderMoney, part?: PaymentPart): { part: PaymentPart; cents: number } | { error: string } {
  const parts = payableParts(order);
  if (parts.length === 0) return { error: "This order is already paid." };
  if (!part) return parts[0];
  const found = parts.find((candidate) => candidate.part === part);
  if (found) return found;
  if (part === "deposit")
    return { error: order.paidCents > 0 ? "the deposit is already paid" : "this booking's plan takes no deposit" };
  if (part === "balance") return { error: "nothing is paid yet: pay the deposit or the full amount" };
  return { error: "part of it is paid already: pay the balance" };
}

/** The balance's due date to show: only while a balance is left on a booking that has one. */
export function balanceDueOf(order: OrderMoney & { balanceDueDate: string | null }): string | null {
  return order.balanceDueDate !== null && balanceCents(order) > 0 ? order.balanceDueDate : null;
}

/** A package's plan in the API's shape. */
export function paymentPlanJson(plan: PaymentPlan): {
  deposit: { percent: number } | { perTraveller: number } | null;
  balanceDueDays: number;
} {
  const deposit =
    plan.depositPercent !== null
      ? { percent: plan.depositPercent }
      : plan.depositPerTravellerCents !== null
        ? { perTraveller: plan.depositPerTravellerCents / 100 }
        : null;
  return { deposit, balanceDueDays: plan.balanceDueDays };
}

/** A payment a gateway took (Stripe, SSLCommerz, bKash): refunded through it. */
export function viaGateway(payment: { method: string; transaction: string | null; provider?: string | null }): boolean {
  return payment.transaction !== null && (payment.provider ? payment.provider !== "" : payment.method === "CARD");
}

/** The spec's Order.payment: an order's first card payment (payments oldest first), or null. */
export function firstCardPayment<P extends { method: string; transaction: string | null }>(order: {
  payments: readonly P[];
}): (P & { transaction: string }) | null {
  const card = order.payments.find((payment) => payment.method === "CARD" && payment.transaction !== null);
  return (card as (P & { transaction: string }) | undefined) ?? null;
}

/** How a recorded payment reads to its customer: its part of the plan, and how it was paid. */
export const PAYMENT_KIND_LABELS: Record<string, string> = { DEPOSIT: "Deposit", BALANCE: "Balance", FULL: "Full payment" };
export const PAYMENT_METHOD_LABELS = {
  CARD: "card",
  BKASH: "bKash",
  NAGAD: "Nagad",
  BANK: "bank transfer",
  CASH: "cash",
} as const;
