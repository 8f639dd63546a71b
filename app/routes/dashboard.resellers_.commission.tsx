// /dashboard/resellers/commission?month=YYYY-MM (administrators): per reseller, its confirmed and
// completed bookings of the month (by booking date in Dhaka), their retail total, the commission
// the reseller keeps and the agency's net, with a totals row and the same as CSV. A GET form: works
// without JavaScript.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { DataTable } from "~/components/DataTable";
import { commissionTotals, formatCommission } from "~/distribution";
import { commissionReport } from "~/distribution/index.server";
import { dashboardTitle } from "~/http/page-meta";
import { formatMonth, readAgencyMonth } from "~/platform/dates";
import { dollarsAndCents } from "~/platform/money";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { month, error } = readAgencyMonth(new URL(request.url).searchParams.get("month"));
  const rows = await commissionReport(month);
  return {
    month,
    error,
    rows: rows.map((row) => ({ ...row, commission: formatCommission(row.commissionBasisPoints) })),
    totals: commissionTotals(rows),
  };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.meta.resellerCommission");

export default function ResellerCommission() {
  const { month, error, rows, totals } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="commission-title">
      <h1 id="commission-title">Reseller commission</h1>
      <p>
        <Link to="/dashboard/resellers">Back to resellers</Link>
      </p>
      <Form method="get" className="list-filters" aria-label="Choose the month" key={month}>
        <div className="field">
          <label htmlFor="commission-month">Month</label>
          <input id="commission-month" type="month" name="month" defaultValue={month} placeholder="2026-11" required />
        </div>
        <div className="list-actions">
          <button type="submit" className="button">
            Show
          </button>
          <a href={`/dashboard/resellers/commission.csv?month=${month}`} download>
            Download CSV
          </a>
        </div>
      </Form>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error} Showing {formatMonth(month)}.
        </p>
      ) : null}
      <h2>{formatMonth(month)}</h2>
      <p className="muted">
        Confirmed and completed bookings sold by each reseller, by booking date in Dhaka time. Cancelled, expired and unconfirmed
        bookings are not counted. The commission is rounded half up to the cent per booking, then added up; the net is the retail
        total less the commission.
      </p>
      <DataTable
        rows={rows}
        rowKey={(row) => row.resellerId}
        empty="There are no resellers yet."
        columns={[
          { header: "Reseller", cell: (row) => row.name },
          { header: "Commission rate", cell: (row) => row.commission },
          { header: "Bookings", cell: (row) => row.bookings },
          { header: "Retail", cell: (row) => dollarsAndCents(row.retailCents) },
          { header: "Commission", cell: (row) => dollarsAndCents(row.commissionCents) },
          { header: "Net", cell: (row) => dollarsAndCents(row.netCents) },
        ]}
      />
      {rows.length > 0 ? (
        <dl className="facts commission-totals" aria-label="Totals">
          <dt>Total bookings</dt>
          <dd>{totals.bookings}</dd>
          <dt>Total retail</dt>
          <dd>{dollarsAndCents(totals.retailCents)}</dd>
          <dt>Total commission</dt>
          <dd>{dollarsAndCents(totals.commissionCents)}</dd>
          <dt>Total net</dt>
          <dd>{dollarsAndCents(totals.netCents)}</dd>
        </dl>
      ) : null}
    </section>
  );
}
