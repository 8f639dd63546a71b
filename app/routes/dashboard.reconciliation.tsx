// /dashboard/reconciliation?month=YYYY-MM (administrators): the month's card payments and refunds
// recorded here against those the card provider lists (Dhaka's calendar month), matched by the
// provider's id, with totals and a CSV. A payment only the provider has gets one action: record it
// after the provider confirms it (a plain POST form: works without JavaScript).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { reconcileCardMonth, recordProviderPayment } from "~/booking/index.server";
import { DataTable } from "~/components/DataTable";
import { useIsPending } from "~/components/form-hooks";
import { paymentErrorStatus } from "~/http/error-status";
import { dashboardTitle } from "~/http/page-meta";
import {
  type GroupTotals,
  type LedgerEntry,
  RECONCILIATION_GROUPS,
  type ReconciliationKind,
  recordProviderPaymentForm,
} from "~/payments";
import { PaymentError } from "~/payments/index.server";
import { formatDateTime, formatMonth, readAgencyMonth } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { dollarsAndCents } from "~/platform/money";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { month, error } = readAgencyMonth(new URL(request.url).searchParams.get("month"));
  return { error, report: await reconcileCardMonth(month) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), recordProviderPaymentForm);
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? "paymentIntentId: say which payment to record.";
    return data({ message: null, error }, { status: 400 });
  }
  const { paymentIntentId } = submission.value;
  try {
    const { recorded } = await recordProviderPayment(paymentIntentId);
    return {
      message: recorded
        ? `Payment ${paymentIntentId} verified with the card provider and recorded.`
        : `Payment ${paymentIntentId} was already recorded: nothing changed.`,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    return data({ message: null, error: error.message }, { status: paymentErrorStatus(error) });
  }
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.reconciliation");

type Report = ReturnType<typeof useLoaderData<typeof loader>>["report"];
type Section = Extract<Report, { problem: null }>["payments"];
type Row = Section["rows"][number];

const amount = (entry: LedgerEntry | null) => (entry ? dollarsAndCents(entry.amountCents) : "—");

function Totals({ section, noun }: { section: Section; noun: string }) {
  const line = (label: string, totals: GroupTotals) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td>{totals.count}</td>
      <td>{dollarsAndCents(totals.hereCents)}</td>
      <td>{dollarsAndCents(totals.thereCents)}</td>
      <td>{dollarsAndCents(totals.thereCents - totals.hereCents)}</td>
    </tr>
  );
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption>Totals of the {noun}</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Count</th>
            <th scope="col">Recorded here</th>
            <th scope="col">Card provider</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {RECONCILIATION_GROUPS.map((group) => line(group.label, section.totals[group.kind]))}
          {line("All", section.overall)}
        </tbody>
      </table>
    </div>
  );
}

const labelOf = (kind: ReconciliationKind) => RECONCILIATION_GROUPS.find((group) => group.kind === kind)!.label;

function RecordButton({ row, pending }: { row: Row; pending: boolean }) {
  if (row.kind !== "only-there") return null;
  if (!row.reference) return <span className="muted">No booking here names it</span>;
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="paymentIntentId" value={row.id} />
      <button type="submit" className="button button-small" disabled={pending} aria-label={`Record payment ${row.id}`}>
        Record this payment
      </button>
    </Form>
  );
}

function Rows({ section, noun, withAction }: { section: Section; noun: string; withAction: boolean }) {
  const pending = useIsPending();
  return (
    <DataTable
      rows={section.rows}
      rowKey={(row) => row.id}
      caption={`The ${noun}, one a line`}
      empty={`No card ${noun} this month, here or at the card provider.`}
      columns={[
        {
          header: "Status",
          // matched is quiet; everything else needs a look
          cell: (row) => (
            <>
              <span className={row.kind === "matched" ? "badge badge-muted" : "badge badge-danger"}>{labelOf(row.kind)}</span>
              {row.note ? <p className="muted">{row.note}</p> : null}
            </>
          ),
        },
        { header: "Provider id", cell: (row) => <code className="break-anywhere">{row.id}</code> },
        {
          header: "Booking",
          cell: (row) =>
            row.orderId && row.reference ? <Link to={`/dashboard/orders/${row.orderId}`}>{row.reference}</Link> : "—",
        },
        { header: "Time", cell: (row) => formatDateTime((row.there ?? row.here)!.created) },
        { header: "Recorded here", cell: (row) => amount(row.here) },
        { header: "Card provider", cell: (row) => amount(row.there) },
        { header: "Difference", cell: (row) => (row.differenceCents === 0 ? "—" : dollarsAndCents(row.differenceCents)) },
        ...(withAction ? [{ header: "Action", cell: (row: Row) => <RecordButton row={row} pending={pending} /> }] : []),
      ]}
    />
  );
}

export default function Reconciliation() {
  const { error, report } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { month } = report;
  return (
    <section aria-labelledby="reconciliation-title">
      <h1 id="reconciliation-title">Reconciliation</h1>
      <Form method="get" className="list-filters" aria-label="Choose the month" key={month}>
        <div className="field">
          <label htmlFor="reconciliation-month">Month</label>
          <input id="reconciliation-month" type="month" name="month" defaultValue={month} placeholder="2026-11" required />
        </div>
        <div className="list-actions">
          <button type="submit" className="button">
            Show
          </button>
          <a href={`/dashboard/reconciliation.csv?month=${month}`} download>
            Download CSV
          </a>
        </div>
      </Form>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error} Showing {formatMonth(month)}.
        </p>
      ) : null}
      {answer?.message ? (
        <p className="form-success" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer?.error ? (
        <p className="alert alert-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      <h2>{formatMonth(month)}</h2>
      <p className="muted">
        Card payments and refunds made in {formatMonth(month)} (Dhaka time), as recorded here and as the card provider reports
        them, matched by the provider&apos;s id. A payment or refund the provider reports with another amount than the one
        recorded here is listed once, under &ldquo;Amounts differ&rdquo;, with both amounts: it is the same transaction, neither
        missing here nor there. Each total adds up its own side, so the difference of the totals is the sum of the differences.
        Payments by bKash, Nagad, bank transfer or cash have no card provider and are not listed.
      </p>
      {report.problem ? (
        <p className="alert alert-error" role="alert">
          {report.problem.message} Nothing can be compared.
        </p>
      ) : (
        <>
          <h2>Card payments</h2>
          <Totals section={report.payments} noun="payments" />
          <Rows section={report.payments} noun="payments" withAction />
          <h2>Refunds</h2>
          <Totals section={report.refunds} noun="refunds" />
          <Rows section={report.refunds} noun="refunds" withAction={false} />
        </>
      )}
    </section>
  );
}
