// Reconciling a month's card money (client-safe, pure): the payments and refunds recorded here
// against those the card provider lists, matched by the provider's own id (a payment intent's
// pi_…, a refund's re_…), which both sides keep whole.
import { z } from "zod";

/** How one provider id stands: the same on both sides, both with other amounts, or on one side only. */
export type ReconciliationKind = "matched" | "amount-differs" | "only-here" | "only-there";

/** The groups in the order the page and the CSV show them: what needs a look first. */
export const RECONCILIATION_GROUPS: { kind: ReconciliationKind; label: string }[] = [
  { kind: "only-there", label: "Only at the card provider" },
  { kind: "only-here", label: "Only recorded here" },
  { kind: "amount-differs", label: "Amounts differ" },
  { kind: "matched", label: "Matched" },
];

export const reconciliationLabel = (kind: ReconciliationKind): string =>
  RECONCILIATION_GROUPS.find((group) => group.kind === kind)!.label;

/** A payment or refund on one side. */
export interface LedgerEntry {
  /** the provider's id */
  id: string;
  amountCents: number;
  /** when the provider made it (ISO 8601); a record here keeps the provider's time */
  created: string;
  /** the booking it belongs to, when that side knows it (here: the order; there: the intent's metadata) */
  orderId: string | null;
}

export interface ReconciliationRow {
  kind: ReconciliationKind;
  id: string;
  here: LedgerEntry | null;
  there: LedgerEntry | null;
  /** the provider's amount less the one recorded here (an amount missing on a side counts 0) */
  differenceCents: number;
}

export interface GroupTotals {
  count: number;
  hereCents: number;
  thereCents: number;
}

export interface Reconciliation {
  rows: ReconciliationRow[];
  totals: Record<ReconciliationKind, GroupTotals>;
  /** every row: here the month's recorded total, there the provider's; their difference is the sum of the discrepancies */
  overall: GroupTotals;
}

const kindOrder = new Map(RECONCILIATION_GROUPS.map((group, index) => [group.kind, index]));

function kindOf(here: LedgerEntry | null, there: LedgerEntry | null): ReconciliationKind {
  if (!there) return "only-here";
  if (!here) return "only-there";
  return here.amountCents === there.amountCents ? "matched" : "amount-differs";
}

/**
 * The rows of one kind of money (payments, or refunds) of a period: grouped by kind, in time order
 * within a group (the provider's time where it has one), with the totals of each group.
 * An id listed twice on one side counts once.
 */
export function reconcile(here: LedgerEntry[], there: LedgerEntry[]): Reconciliation {
  const byId = new Map<string, { here: LedgerEntry | null; there: LedgerEntry | null }>();
  for (const entry of here) if (!byId.has(entry.id)) byId.set(entry.id, { here: entry, there: null });
  for (const entry of there) {
    const pair = byId.get(entry.id);
    if (!pair) byId.set(entry.id, { here: null, there: entry });
    else pair.there ??= entry;
  }
  const rows: ReconciliationRow[] = [...byId].map(([id, pair]) => ({
    kind: kindOf(pair.here, pair.there),
    id,
    ...pair,
    differenceCents: (pair.there?.amountCents ?? 0) - (pair.here?.amountCents ?? 0),
  }));
  const timeOf = (row: ReconciliationRow) => (row.there ?? row.here)!.created;
  rows.sort(
    (a, b) => kindOrder.get(a.kind)! - kindOrder.get(b.kind)! || timeOf(a).localeCompare(timeOf(b)) || a.id.localeCompare(b.id),
  );
  const empty = (): GroupTotals => ({ count: 0, hereCents: 0, thereCents: 0 });
  const totals = { matched: empty(), "amount-differs": empty(), "only-here": empty(), "only-there": empty() };
  const overall = empty();
  for (const row of rows) {
    for (const sum of [totals[row.kind], overall]) {
      sum.count += 1;
      sum.hereCents += row.here?.amountCents ?? 0;
      sum.thereCents += row.there?.amountCents ?? 0;
    }
  }
  return { rows, totals, overall };
}

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/** The form that records a payment only the provider has: its payment intent id. */
export const recordProviderPaymentForm = z.object({
  paymentIntentId: z
    .string({ required_error: "paymentIntentId: say which payment to record." })
    .regex(PAYMENT_INTENT_ID, "paymentIntentId: that is not a payment intent id (pi_…)."),
});
