import { describe, expect, it } from "vitest";
import { reconcile, reconciliationLabel, type LedgerEntry } from "~/payments/reconciliation";

const entry = (id: string, amountCents: number, day: number, orderId: string | null = `order-${id}`): LedgerEntry => ({
  id,
  amountCents,
  created: new Date(Date.UTC(2026, 10, day, 6)).toISOString(),
  orderId,
});

describe("reconcile", () => {
  it("matches by the provider's id and sorts each id into its kind, what needs a look first", () => {
    const here = [entry("pi_a", 10_000, 3), entry("pi_b", 5_000, 2), entry("pi_c", 7_500, 4), entry("pi_d", 2_000, 1)];
    const there = [
      entry("pi_b", 5_000, 2),
      entry("pi_a", 10_000, 3),
      entry("pi_c", 7_000, 4), // the provider took 5 dollars less
      entry("pi_x", 4_000, 5, "order-x"), // a webhook that never arrived
      entry("pi_y", 900, 1, null), // a payment made outside this site
    ];
    const { rows, totals, overall } = reconcile(here, there);
    expect(rows.map((row) => [row.kind, row.id, row.differenceCents])).toEqual([
      ["only-there", "pi_y", 900],
      ["only-there", "pi_x", 4_000],
      ["only-here", "pi_d", -2_000],
      ["amount-differs", "pi_c", -500],
      ["matched", "pi_b", 0],
      ["matched", "pi_a", 0],
    ]);
    expect(rows[3]).toMatchObject({ here: { amountCents: 7_500 }, there: { amountCents: 7_000 } });
    expect(rows[1]).toMatchObject({ here: null, there: { orderId: "order-x" } });
    expect(totals).toEqual({
      matched: { count: 2, hereCents: 15_000, thereCents: 15_000 },
      "amount-differs": { count: 1, hereCents: 7_500, thereCents: 7_000 },
      "only-here": { count: 1, hereCents: 2_000, thereCents: 0 },
      "only-there": { count: 2, hereCents: 0, thereCents: 4_900 },
    });
    // the difference of the totals is the sum of the discrepancies
    expect(overall).toEqual({ count: 6, hereCents: 24_500, thereCents: 26_900 });
    expect(overall.thereCents - overall.hereCents).toBe(rows.reduce((sum, row) => sum + row.differenceCents, 0));
  });

  it("counts an id listed twice on a side once, and gives empty totals for an empty month", () => {
    const twice = reconcile([entry("re_1", 100, 1)], [entry("re_1", 100, 1), entry("re_1", 100, 1)]);
    expect(twice.rows).toHaveLength(1);
    expect(twice.totals.matched).toEqual({ count: 1, hereCents: 100, thereCents: 100 });
    expect(reconcile([], []).overall).toEqual({ count: 0, hereCents: 0, thereCents: 0 });
  });

  it("names each kind as the page does", () => {
    expect(reconciliationLabel("only-there")).toBe("Only at the card provider");
    expect(reconciliationLabel("amount-differs")).toBe("Amounts differ");
  });
});
