// /dashboard/orders/{id}/invoice: a booking's invoice for its owner or an admin (anyone else: 404,
// like the booking page): the agency, the customer, the travellers per category, the discount, the
// payments, the refunds with their credit notes and the balance, then each credit note as a page of
// its own when printed. Plain HTML: it prints (and reads) without JavaScript; the PDF is the same.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { invoiceOf } from "~/booking/index.server";
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
        <table className="invoice-table">
          <caption>Payments</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Payment</th>
              <th scope="col">Reference</th>
              <th scope="col" className="amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.payments.map((payment, index) => (
              <tr key={index}>
                <td>{payment.date}</td>
                <td>{payment.description}</td>
                <td>{payment.reference}</td>
                <td className="amount">{payment.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="invoice-total">
              <th scope="row" colSpan={3}>
                Total paid
              </th>
              <td className="amount">{invoice.paid}</td>
            </tr>
          </tfoot>
        </table>
        {invoice.creditNotes.length > 0 ? (
          <table className="invoice-table">
            <caption>Refunds (credit notes)</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Credit note</th>
                <th scope="col">Reason</th>
                <th scope="col" className="amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.creditNotes.map((note, index) => (
                <tr key={note.number || index}>
                  <td>{note.date}</td>
                  <td>{note.number}</td>
                  <td>{note.reason}</td>
                  <td className="amount">{note.amount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="invoice-total">
                <th scope="row" colSpan={3}>
                  Total refunded
                </th>
                <td className="amount">{invoice.refunded}</td>
              </tr>
            </tfoot>
          </table>
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
