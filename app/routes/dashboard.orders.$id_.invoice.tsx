// /dashboard/orders/{id}/invoice: a booking's invoice for its owner or an admin (anyone else: 404,
// like the booking page): the agency, the customer, the travellers per category, the discount, the
// payments, the refunds with their credit notes and the balance, then each credit note as a page of
// its own when printed. Plain HTML: it prints (and reads) without JavaScript; the PDF is the same.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { invoiceOf } from "~/booking/index.server";
import { AgencyContact } from "~/components/AgencyContact";
import { invoicePath, type InvoiceView } from "~/invoicing";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await invoiceOf(params.id ?? "", user);
  if (!found) throw new Response("No such order", { status: 404 });
  const { ownerId: _ownerId, ...booking } = found.booking;
  return { booking, invoice: found.invoice };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.invoice ? `${loaded.invoice.title} — Tour Booking` : "Invoice — Tour Booking" },
];

function Letterhead({ invoice, title, facts }: { invoice: InvoiceView; title: string; facts: [string, string][] }) {
  return (
    <header className="invoice-header">
      <div className="invoice-agency">
        <p className="invoice-agency-name">{invoice.agency.name}</p>
        {invoice.agency.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{invoice.agency.email}</p>
        <AgencyContact contact={{ phone: invoice.agency.phone ?? null, whatsapp: invoice.agency.whatsapp ?? null }} />
        {invoice.agency.taxId ? <p>BIN {invoice.agency.taxId}</p> : null}
      </div>
      <div className="invoice-title">
        <h2>{title}</h2>
        <dl>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}

function BillTo({ invoice }: { invoice: InvoiceView }) {
  return (
    <div className="invoice-parties">
      <div>
        <h3>Bill to</h3>
        <p>{invoice.customer.name}</p>
        {invoice.customer.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>{invoice.customer.email}</p>
        <p>{invoice.customer.mobile}</p>
      </div>
      <div>
        <h3>Trip</h3>
        <p>{invoice.trip.title}</p>
        <p>{invoice.trip.travelDate ? `Departure ${invoice.trip.travelDate}` : "No departure date"}</p>
      </div>
    </div>
  );
}

export default function InvoicePage() {
  const { booking, invoice } = useLoaderData<typeof loader>();
  const bookingLink = (
    <Link to={`/dashboard/orders/${booking.id}`} className="no-print">
      Back to the booking
    </Link>
  );
  if (!invoice) {
    return (
      <article aria-labelledby="invoice-title" className="invoice">
        <h1 id="invoice-title">Invoice of booking {booking.reference}</h1>
        <p className="alert alert-info" role="status">
          No invoice yet: the invoice is issued with the booking&apos;s first payment.
        </p>
        <p className="order-actions">{bookingLink}</p>
      </article>
    );
  }
  return (
    <div className="invoice-documents">
      <h1 id="invoice-title" className="visually-hidden">
        {invoice.title}
      </h1>
      <p className="no-print order-actions">
        <a href={`${invoicePath(booking.id)}.pdf`} className="button button-small" download>
          Download PDF
        </a>
        {bookingLink}
      </p>
      <article aria-labelledby="invoice-title" className="invoice">
        <Letterhead
          invoice={invoice}
          title="Invoice"
          facts={[
            ["Invoice number", invoice.number],
            ["Date", invoice.date],
            ["Booking reference", invoice.reference],
            ["Status", invoice.status],
          ]}
        />
        <BillTo invoice={invoice} />
        <table className="invoice-table">
          <caption>Travellers</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="amount">
                Qty
              </th>
              <th scope="col" className="amount">
                Unit price
              </th>
              <th scope="col" className="amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={`${line.description}-${line.unitPrice}`}>
                <td>{line.description}</td>
                <td className="amount">{line.quantity}</td>
                <td className="amount">{line.unitPrice}</td>
                <td className="amount">{line.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td className="amount">{invoice.subtotal}</td>
            </tr>
            {invoice.discount ? (
              <tr>
                <th scope="row" colSpan={3}>
                  {invoice.discount.label}
                </th>
                <td className="amount">{invoice.discount.amount}</td>
              </tr>
            ) : null}
            <tr className="invoice-total">
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="amount">{invoice.total}</td>
            </tr>
          </tfoot>
        </table>
        <MoneyTable
          caption="Payments"
          columns={["Date", "Payment", "Reference"]}
          rows={invoice.payments.map((payment, index) => ({
            key: String(index),
            cells: [payment.date, payment.description, payment.reference],
            amount: payment.amount,
          }))}
          totalLabel="Total paid"
          total={invoice.paid}
        />
        {invoice.creditNotes.length > 0 ? (
          <MoneyTable
            caption="Refunds (credit notes)"
            columns={["Date", "Credit note", "Reason"]}
            rows={invoice.creditNotes.map((note, index) => ({
              key: note.number || String(index),
              cells: [note.date, note.number, note.reason],
              amount: note.amount,
            }))}
            totalLabel="Total refunded"
            total={invoice.refunded}
          />
        ) : null}
        <p className="invoice-balance">
          <span>Balance due</span> <strong>{invoice.balance}</strong>
        </p>
        <p className="invoice-note">Amounts in US dollars.</p>
      </article>
      {invoice.creditNotes.map((note, index) => (
        <article key={note.number || index} className="invoice credit-note" aria-label={`Credit note ${note.number}`}>
          <Letterhead
            invoice={invoice}
            title="Credit note"
            facts={[
              ["Credit note number", note.number],
              ["Date", note.date],
              ["Against invoice", invoice.number],
              ["Booking reference", invoice.reference],
            ]}
          />
          <BillTo invoice={invoice} />
          <table className="invoice-table">
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  Refund: {note.reason}
                  <br />
                  Paid back: {note.paidBack}
                </td>
                <td className="amount">{note.amount}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr className="invoice-total">
                <th scope="row">Total credited</th>
                <td className="amount">{note.amount}</td>
              </tr>
            </tfoot>
          </table>
          <p className="invoice-note">Amounts in US dollars. This credit note reduces invoice {invoice.number}.</p>
        </article>
      ))}
    </div>
  );
}

/** A table of money lines (three columns, then the amount) with its total: the invoice's payments and its refunds. */
function MoneyTable({
  caption,
  columns,
  rows,
  totalLabel,
  total,
}: {
  caption: string;
  columns: [string, string, string];
  rows: { key: string; cells: [string, string, string]; amount: string }[];
  totalLabel: string;
  total: string;
}) {
  return (
    <table className="invoice-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col" className="amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
            <td className="amount">{row.amount}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="invoice-total">
          <th scope="row" colSpan={3}>
            {totalLabel}
          </th>
          <td className="amount">{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
