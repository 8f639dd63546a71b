// GET /dashboard/resellers/commission.csv?month=YYYY-MM (administrators): the commission report
// of the month as CSV (one line per reseller, then the totals), streamed and formula-safe
// (app/http/csv.ts). Amounts in dollars with two decimals.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/index.server";
import { commissionTotals, formatCommission } from "~/distribution";
import { commissionReport } from "~/distribution/index.server";
import { csvHeaders, csvStream } from "~/http/csv";
import { readAgencyMonth } from "~/platform/dates";
import { centsAsDecimal } from "~/platform/money";

const HEADER = ["Month", "Reseller", "Commission rate", "Bookings", "Retail (USD)", "Commission (USD)", "Net (USD)"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { month, error } = readAgencyMonth(new URL(request.url).searchParams.get("month"));
  if (error) return new Response(error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const rows = await commissionReport(month);
  const totals = commissionTotals(rows);
  async function* pages() {
    yield rows.map((row) => [
      month,
      row.name,
      formatCommission(row.commissionBasisPoints),
      row.bookings,
      centsAsDecimal(row.retailCents),
      centsAsDecimal(row.commissionCents),
      centsAsDecimal(row.netCents),
    ]);
    yield [
      [
        month,
        "Total",
        null,
        totals.bookings,
        centsAsDecimal(totals.retailCents),
        centsAsDecimal(totals.commissionCents),
        centsAsDecimal(totals.netCents),
      ],
    ];
  }
  return new Response(csvStream(HEADER, pages()), { headers: csvHeaders(`commission-${month}.csv`) });
}
