// GET /dashboard/reconciliation.csv?month=YYYY-MM (administrators): the reconciliation page as CSV,
// one line per payment or refund, then each group's totals; formula-safe (app/http/csv.ts). Times
// in Dhaka as the page writes them; amounts in dollars, as numbers.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/index.server";
import { type MonthReconciliation, reconcileCardMonth } from "~/booking/index.server";
import { csvHeaders, type CsvCell, csvStream } from "~/http/csv";
import { RECONCILIATION_GROUPS, reconciliationLabel } from "~/payments";
import { formatDateTime, readAgencyMonth } from "~/platform/dates";

const HEADER = [
  "Type",
  "Status",
  "Provider id",
  "Booking reference",
  "Time (Dhaka)",
  "Recorded here (USD)",
  "Card provider (USD)",
  "Difference (USD)",
  "Note",
];

type Section = Extract<MonthReconciliation, { problem: null }>["payments"];

// Numbers, not text: a spreadsheet adds them up, and a negative difference is not taken for a
// formula (the guard prefixes text starting with "-"). cents / 100 prints exactly its 2 decimals.
const money = (cents: number | undefined) => (cents === undefined ? null : cents / 100);

function lines(type: string, section: Section): CsvCell[][] {
  const rows = section.rows.map((row) => [
    type,
    reconciliationLabel(row.kind),
    row.id,
    row.reference,
    formatDateTime((row.there ?? row.here)!.created),
    money(row.here?.amountCents),
    money(row.there?.amountCents),
    money(row.differenceCents),
    row.note,
  ]);
  const totals = [...RECONCILIATION_GROUPS, { kind: null, label: "All" }].map(({ kind, label }) => {
    const sum = kind ? section.totals[kind] : section.overall;
    return [
      type,
      `Total: ${label}`,
      sum.count,
      null,
      null,
      money(sum.hereCents),
      money(sum.thereCents),
      money(sum.thereCents - sum.hereCents),
      null,
    ];
  });
  return [...rows, ...totals];
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { month, error } = readAgencyMonth(new URL(request.url).searchParams.get("month"));
  if (error) return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const report = await reconcileCardMonth(month);
  if (report.problem) {
    return new Response(report.problem.message, {
      status: report.problem.code === "not-configured" ? 409 : 502,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { payments, refunds } = report;
  async function* pages() {
    yield lines("Payment", payments);
    yield lines("Refund", refunds);
  }
  return new Response(csvStream(HEADER, pages()), { headers: csvHeaders(`reconciliation-${month}.csv`) });
}
