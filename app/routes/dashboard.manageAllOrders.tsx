import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  orderLine,
  PACKAGE_SELECT_MAX,
  BALANCE_FILTER_LABELS,
  BALANCE_FILTERS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  WEBSITE_CHANNEL,
} from "~/booking";
import {
  CancellationError,
  cancellationPreview,
  deleteBooking,
  listPackageChoices,
  loadOrderPage,
  BookingError,
  bookingToDelete,
} from "~/booking/index.server";
import { CursorPager } from "~/components/CursorPager";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { OrderStatus } from "~/components/OrderStatus";
import { listResellers } from "~/distribution/index.server";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { cancellationErrorStatus } from "~/http/error-status";
import { dashboardTitle } from "~/http/page-meta";
import { formatCalendarDate } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

// 25 orders a page, newest first, searched and filtered by a GET form (docs/performance.md, "At scale").
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [page, packages, resellers] = await Promise.all([
    loadOrderPage(request),
    listPackageChoices(PACKAGE_SELECT_MAX),
    listResellers(),
  ]);
  // Only what the table shows: the page stays small (docs/performance.md, "At scale").
  const orders = page.orders.map((order) => ({
    id: order.id,
    reference: order.reference,
    firstName: order.firstName,
    lastName: order.lastName,
    serviceTitle: order.serviceTitle,
    email: order.email,
    mobileNumber: order.mobileNumber,
    address: [order.streetAddress, order.city, order.townName, order.district].filter(Boolean).join(", "),
    priceCents: order.priceCents,
    paymentStatus: order.paymentStatus,
    status: order.status,
    holdExpiresAt: order.holdExpiresAt,
    travelDate: order.travelDate,
    resellerName: order.resellerName,
    resellerReference: order.resellerReference,
    pendingClaims: order.pendingClaims,
    travellersToFollow: order.travellersToFollow,
  }));
  return { ...page, orders, packages, resellers: resellers.map(({ id, name }) => ({ id, name })) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const asked = await readDeleteRequest(request);
  if (!asked) return data(UNKNOWN_REQUEST, { status: 400 });
  const { id } = asked;
  try {
    if (!asked.confirmed) {
      const order = await bookingToDelete(id);
      const what = `The order of ${order.firstName} ${order.lastName} for ${order.serviceTitle}: ${orderLine(order)}`;
      if (order.channel === "RESELLER") {
        // Sold by a reseller: never deleted, cancelled per the policy and kept (no card refund here).
        const { quote } = await cancellationPreview(id, admin);
        const seller = order.reseller?.name ?? "a reseller";
        return askToDelete(
          id,
          quote.refusal
            ? `${what}, sold by ${seller}. ${quote.refusal} It stays in the records.`
            : `${what}, sold by ${seller}. It will not be deleted: the booking will be cancelled under the package's refund policy (${quote.policy.percent} % today) and kept in the records. Nothing is refunded by card: ${seller} settles with the agency.`,
        );
      }
      if (order.paymentStatus !== "PAID" && order.paymentStatus !== "PARTLY_PAID") return askToDelete(id, `${what}.`);
      // A paid booking is never deleted: the delete becomes its cancellation with the policy refund.
      const { quote } = await cancellationPreview(id, admin);
      return askToDelete(
        id,
        quote.refusal
          ? `${what}, paid. ${quote.refusal} It stays in the records.`
          : `${what}, paid. It will not be deleted: the booking will be cancelled and ${formatDollars(quote.policy.cents)} refunded (${quote.policy.percent} % per the package's refund policy), and the customer emailed.`,
      );
    }
    const { deletedCount, cancellation } = await deleteBooking(id, admin);
    if (cancellation && cancellation.refund === null && (await bookingToDelete(id)).channel === "RESELLER") {
      return {
        ok: true,
        message: "Sold by a reseller, so it was cancelled instead of deleted and kept in the records: nothing refunded by card.",
      };
    }
    if (cancellation) {
      return {
        ok: true,
        message: `The order was paid, so it was cancelled instead of deleted: ${cancellation.refund ? `${formatDollars(cancellation.refund.cents)} refunded` : "nothing refunded"}.`,
      };
    }
    return {
      ok: deletedCount > 0,
      message: deletedCount > 0 ? "Deleted sucessfully" : "This paid order is kept in the records.",
    };
  } catch (error) {
    if (error instanceof BookingError) return data({ ok: false, message: error.message }, { status: 404 });
    if (error instanceof CancellationError)
      return data({ ok: false, message: error.message }, { status: cancellationErrorStatus(error) });
    throw error;
  }
}

/** The question of docs/spec.md §8, asked by the browser (JavaScript on) or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete";

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.manageAllOrders");

export default function ManageAllOrders() {
  const { orders, query, errors, search, next, previous, paged, packages, resellers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { filter } = query;
  const filtered = search !== "";
  return (
    <section aria-labelledby="all-orders-title">
      <h1 id="all-orders-title">Manage All Orders</h1>
      <DeleteResult result={result} question={DELETE_QUESTION} />
      {/* key: a new query resets the fields to what the server read */}
      <Form method="get" className="list-filters" role="search" aria-label="Search and filter orders" key={search}>
        <div className="field field-wide">
          <label htmlFor="orders-q">Search</label>
          <input
            id="orders-q"
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={100}
            placeholder="Name, email, phone, order number or reference"
          />
        </div>
        <div className="field">
          <label htmlFor="orders-payment">Payment</label>
          <select id="orders-payment" name="payment" defaultValue={filter.payment ?? ""}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-balance">Balance</label>
          <select id="orders-balance" name="balance" defaultValue={filter.balance ?? ""}>
            <option value="">Any</option>
            {BALANCE_FILTERS.map((balance) => (
              <option key={balance} value={balance}>
                {BALANCE_FILTER_LABELS[balance]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-status">Status</label>
          <select id="orders-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">Any</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BOOKING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-package">Package</label>
          {packages ? (
            <select id="orders-package" name="package" defaultValue={filter.packageId ?? ""}>
              <option value="">Any</option>
              {packages.map((tourPackage) => (
                <option key={tourPackage.id} value={tourPackage.id}>
                  {tourPackage.title}
                </option>
              ))}
            </select>
          ) : (
            <>
              {filter.packageId ? <input type="hidden" name="package" value={filter.packageId} /> : null}
              <input
                id="orders-package"
                type="search"
                name="packageName"
                defaultValue={filter.packageName ?? ""}
                maxLength={100}
                placeholder="Start of its name"
              />
            </>
          )}
        </div>
        <div className="field">
          <label htmlFor="orders-month">Travel month</label>
          <input id="orders-month" type="month" name="month" defaultValue={filter.month ?? ""} placeholder="2026-11" />
        </div>
        <div className="field">
          <label htmlFor="orders-channel">Channel</label>
          <select id="orders-channel" name="channel" defaultValue={filter.channel ?? ""}>
            <option value="">Any</option>
            <option value={WEBSITE_CHANNEL}>Website</option>
            {resellers.map((reseller) => (
              <option key={reseller.id} value={reseller.id}>
                {reseller.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="orders-sort">Sort</label>
          <select id="orders-sort" name="sort" defaultValue={query.sort}>
            {ORDER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ORDER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div className="list-actions">
          <button type="submit" className="button">
            Search
          </button>
          {filtered ? <Link to="?">Clear</Link> : null}
          <a href={`/dashboard/export/orders.csv${search ? `?${search}` : ""}`} download>
            Download CSV
          </a>
        </div>
      </Form>
      {errors.length > 0 ? (
        <div className="alert alert-error" role="alert">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
      <DataTable
        rows={orders}
        rowKey={(order) => order.id}
        empty={filtered || paged ? "No orders match." : "There are no orders yet."}
        columns={[
          {
            header: "Customer",
            cell: (order) => (
              <>
                {/* The reference first: what a customer on the phone quotes (a column of its own would not fit a laptop). */}
                <span className="reference">{order.reference}</span>
                <br />
                <Link to={`/dashboard/orders/${order.id}`}>
                  {order.firstName} {order.lastName}
                </Link>
                <br />
                <span className="hint">{order.serviceTitle}</span>
                {/* The channel here too: a column of its own would push Delete off a laptop's screen. */}
                <br />
                <span className="channel">
                  {order.resellerName ? (
                    <>
                      Via {order.resellerName}
                      {order.resellerReference ? <span className="hint"> (ref. {order.resellerReference})</span> : null}
                    </>
                  ) : (
                    "Website"
                  )}
                </span>
              </>
            ),
          },
          { header: "E-mail", cell: (order) => <span className="cell-wrap">{order.email}</span> },
          { header: "Phone", cell: (order) => order.mobileNumber },
          {
            header: "Address",
            cell: (order) => order.address,
          },
          {
            header: "Price",
            cell: (order) => (
              <>
                {formatDollars(order.priceCents)}
                {order.paymentStatus === "PAID" ? <span className="badge-paid"> Paid</span> : null}
                {order.paymentStatus === "PARTLY_PAID" ? <span className="badge-paid"> Partly paid</span> : null}
                {order.pendingClaims > 0 ? (
                  <>
                    <br />
                    <Link to="/dashboard/payment-claims" className="hint">
                      Claim awaiting verification
                    </Link>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: "Status",
            cell: (order) => (
              <>
                <OrderStatus order={order} />
                {order.travellersToFollow > 0 && (order.status === "PENDING" || order.status === "CONFIRMED") ? (
                  <>
                    <br />
                    <span className="travellers-missing">
                      Details to follow: {order.travellersToFollow} {order.travellersToFollow === 1 ? "traveller" : "travellers"}
                    </span>
                  </>
                ) : null}
                {order.travelDate ? (
                  <>
                    <br />
                    <span className="hint">Travel {formatCalendarDate(order.travelDate)}</span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: "Action",
            cell: (order) => (
              <DeleteForm
                id={order.id}
                confirmText={DELETE_QUESTION}
                label={`Delete the order of ${order.firstName} ${order.lastName}`}
              />
            ),
          },
        ]}
      />
      <CursorPager previous={previous} next={next} first={paged ? (search ? `?${search}` : "") : null} label="Orders pages" />
    </section>
  );
}
