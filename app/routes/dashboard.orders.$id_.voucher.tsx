// /dashboard/orders/{id}/voucher: a confirmed booking's voucher for its owner or an admin (anyone
// else: 404, like the booking page): the agency, the trip, its date and meeting point, the
// booking reference big and as a QR code drawn on the server (the guides' check-in scans it), the
// travellers and the billing contact. One A4 page printed (the print stylesheet drops the
// navigation), a column on a phone. A booking not yet confirmed says why it has none.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { voucherOf } from "~/booking/index.server";
import { AgencyContact } from "~/components/AgencyContact";
import { useHydrated } from "~/components/hooks";
import { isPlausibleId } from "~/platform/ids";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = isPlausibleId(params.id) ? await voucherOf(params.id, user) : null;
  if (!found) throw new Response("No such order", { status: 404 });
  const { ownerId, ...booking } = found.booking;
  return { ...found, booking, isOwner: ownerId === user.id };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Voucher ${loaded.booking.reference} — Tour Booking` : "Voucher — Tour Booking" },
];

export default function VoucherPage() {
  const { booking, refusal, voucher, isOwner } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const bookingLink = (
    <Link to={`/dashboard/orders/${booking.id}`} className="no-print">
      Back to the booking
    </Link>
  );
  if (!voucher) {
    return (
      <article aria-labelledby="voucher-title" className="voucher voucher-missing">
        <h1 id="voucher-title">Voucher {booking.reference}</h1>
        <p className="alert alert-info" role="status">
          {refusal?.reason}
        </p>
        <p className="order-actions">
          {refusal?.canPay && isOwner ? (
            <Link to={`/dashboard/payment/${booking.id}`} className="button" reloadDocument>
              Pay the booking
            </Link>
          ) : null}
          {bookingLink}
        </p>
      </article>
    );
  }
  return (
    <article aria-labelledby="voucher-title" className="voucher">
      <header className="voucher-header">
        <p className="voucher-agency">{voucher.agency}</p>
        <AgencyContact contact={voucher.contact} />
        <h1 id="voucher-title">Travel voucher</h1>
      </header>
      <div className="voucher-main">
        <div className="voucher-booking">
          <p className="voucher-reference-label">Booking reference</p>
          <p className="voucher-reference">{booking.reference}</p>
          <dl className="facts voucher-facts">
            <dt>Trip</dt>
            <dd>{booking.serviceTitle}</dd>
            <dt>Departure date</dt>
            <dd>{voucher.travelDate ?? "No date set"}</dd>
            <dt>Meeting point</dt>
            <dd>{voucher.meetingPoint ?? "We will tell you before the trip."}</dd>
            <dt>Billing contact</dt>
            <dd>{voucher.billingContact}</dd>
            {voucher.balance ? (
              <>
                <dt>Balance to pay</dt>
                <dd className="voucher-balance">
                  {voucher.balance.amount}
                  {voucher.balance.due ? `, by ${voucher.balance.due}` : ""}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
        <figure className="voucher-qr">
          {/* Drawn on the server from the reference alone (app/platform/qr-code.server.ts). */}
          <div className="voucher-qr-code" dangerouslySetInnerHTML={{ __html: voucher.qrCode }} />
          <figcaption>Show this code at the meeting point.</figcaption>
        </figure>
      </div>
      <section aria-labelledby="voucher-travellers-title" className="voucher-travellers">
        <h2 id="voucher-travellers-title">Travellers ({voucher.travellers.length || voucher.persons})</h2>
        {voucher.travellers.length === 0 ? (
          <p>
            {voucher.persons} {voucher.persons === 1 ? "person" : "persons"}: names to follow.
          </p>
        ) : (
          <ol>
            {voucher.travellers.map((traveller) => (
              <li key={traveller.id}>
                <span className="voucher-traveller-name">{traveller.name ?? "Name to follow"}</span>
                {` · ${traveller.category}`}
                {traveller.idNumber ? (
                  <>
                    {" · "}
                    <span className="voucher-traveller-id">ID {traveller.idNumber}</span>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <p className="no-print order-actions">
        {hydrated ? (
          <button type="button" className="button button-small" onClick={() => window.print()}>
            Print voucher
          </button>
        ) : null}
        {bookingLink}
      </p>
    </article>
  );
}
