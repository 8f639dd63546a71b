import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { balanceCents, balanceDueOf, bookingActions, orderLine, travellersOf } from "~/booking";
import { deleteOrder, loadOrderPage, OrderError, orderToDelete } from "~/booking/index.server";
import { CursorPager } from "~/components/CursorPager";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { GatewayResultBanner } from "~/components/GatewayPayment";
import { useT } from "~/components/language-context";
import { OrderStatus } from "~/components/OrderStatus";
import { useResultAlert } from "~/components/useResultAlert";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { deleteErrorStatus } from "~/http/error-status";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { formatDollars } from "~/platform/money";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Newest first, 25 a page; only the customer's own orders (their id in the query's where).
  const page = await loadOrderPage(request, user.id);
  const now = new Date();
  const orders = page.orders.map((order) => ({
    id: order.id,
    reference: order.reference,
    serviceTitle: order.serviceTitle,
    travellers: travellersOf(order.travellerCategories, order.quantity).text,
    packageType: order.packageType,
    priceCents: order.priceCents,
    discountCents: order.discountCents,
    promoCode: order.promoCode,
    paymentStatus: order.paymentStatus,
    status: order.status,
    holdExpiresAt: order.holdExpiresAt,
    travelDate: order.travelDate,
    actions: bookingActions(order, now),
    // a cancelled booking paid by bKash, Nagad, bank or cash: what the agency still owes back
    refundDueCents: order.offlineRefundOwedCents,
    // a deposit paid: what is left, and by which day
    balance:
      order.paymentStatus === "PARTLY_PAID"
        ? {
            cents: balanceCents(order),
            due: balanceDueOf({ ...order, balanceDueDate: order.balanceDueDate && isoDate(order.balanceDueDate) }),
          }
        : null,
  }));
  return { orders, next: page.next, previous: page.previous, paged: page.paged };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const asked = await readDeleteRequest(request);
  if (!asked) return data(UNKNOWN_REQUEST, { status: 400 });
  const { id } = asked;
  try {
    if (!asked.confirmed) {
      const order = await orderToDelete(id, user.id);
      return askToDelete(id, `Your order of ${order.serviceTitle}: ${orderLine(order)}.`);
    }
    const { deletedCount } = await deleteOrder(id, { id: user.id, isAdmin: false });
    return { ok: deletedCount > 0, message: deletedCount > 0 ? "Deleted sucessfully" : "This order was already deleted." };
  } catch (error) {
    if (error instanceof OrderError) return data({ ok: false, message: error.message }, { status: deleteErrorStatus(error) });
    throw error;
  }
}

/** The question of docs/spec.md §8, asked by the browser (JavaScript on) or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete";

export const meta: MetaFunction = () => [{ title: "My Orders — Tour Booking" }];

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/** The spec's Payment cell: a green Paid button, or a Pay link to the payment page. */
function PaymentCell({ order }: { order: Row }) {
  const { t, language } = useT();
  if (order.refundDueCents > 0)
    return <span className="hint">{t("orders.refundDue", { amount: formatDollars(order.refundDueCents, language) })}</span>;
  if (order.paymentStatus === "PAID") {
    return (
      <button type="button" className="button button-small button-paid" disabled>
        Paid
      </button>
    );
  }
  // A full page load: only the payment page's Content-Security-Policy allows Stripe.js.
  return order.actions.canPay ? (
    <Link to={`/dashboard/payment/${order.id}`} className="button button-small" reloadDocument>
      Pay
    </Link>
  ) : (
    <span className="hint">Not paid</span>
  );
}

export default function MyOrders() {
  const { orders, next, previous, paged } = useLoaderData<typeof loader>();
  const location = useLocation();
  const result = useActionData<typeof action>();
  // The checkout redirects here with the 'Order successfully ' banner; with JavaScript it is also an alert.
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  useResultAlert(flash?.text === "Order successfully " ? flash.text : null);
  return (
    <section aria-labelledby="my-orders-title">
      <h1 id="my-orders-title">My Orders</h1>
      <GatewayResultBanner result={new URLSearchParams(location.search).get("payment")} payPath={null} />
      <DeleteResult result={result} question={DELETE_QUESTION} />
      {orders.length === 0 && !paged ? (
        <p>
          You have no orders yet. <Link to="/services">Browse our tours</Link>
        </p>
      ) : (
        <DataTable
          rows={orders}
          rowKey={(order) => order.id}
          columns={[
            { header: "Reference", cell: (order) => <span className="reference">{order.reference}</span> },
            {
              header: "Package",
              cell: (order) => (
                <>
                  <Link to={`/dashboard/orders/${order.id}`}>{order.serviceTitle}</Link>
                  <br />
                  <span className="hint">
                    {order.travellers} · {order.packageType}
                  </span>
                </>
              ),
            },
            { header: "Travel date", cell: (order) => (order.travelDate ? formatCalendarDate(order.travelDate) : "—") },
            { header: "Status", cell: (order) => <OrderStatus order={order} /> },
            {
              header: "Price",
              cell: (order) => (
                <>
                  {formatDollars(order.priceCents)}
                  {order.promoCode ? (
                    <>
                      <br />
                      <span className="hint">
                        {order.promoCode}: −{formatDollars(order.discountCents)}
                      </span>
                    </>
                  ) : null}
                </>
              ),
            },
            {
              header: "Payment",
              cell: (order) => (
                <>
                  <PaymentCell order={order} />
                  {order.balance ? (
                    <span className="hint order-balance">
                      Balance {formatDollars(order.balance.cents)}
                      {order.balance.due ? ` by ${formatCalendarDate(order.balance.due)}` : ""}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: "Action",
              cell: (order) => (
                <div className="order-action">
                  {order.actions.canDelete ? (
                    <DeleteForm
                      id={order.id}
                      confirmText={DELETE_QUESTION}
                      label={`Delete the order of ${order.serviceTitle}`}
                      describedBy={`delete-hint-${order.id}`}
                    />
                  ) : null}
                  <span id={`delete-hint-${order.id}`} className="hint">
                    {order.actions.deleteHint}
                  </span>
                </div>
              ),
            },
          ]}
        />
      )}
      <CursorPager previous={previous} next={next} first={paged ? "" : null} label="My orders pages" />
    </section>
  );
}
