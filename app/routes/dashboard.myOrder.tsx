import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { balanceCents, balanceDueOf, bookingActions, orderLine, travellersOf, type PackageTypeValue } from "~/booking";
import { deleteBooking, loadOrderPage, BookingError, bookingToDelete } from "~/booking/index.server";
import { CursorPager } from "~/components/CursorPager";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { useFormat } from "~/components/format";
import { GatewayResultBanner } from "~/components/GatewayPayment";
import { useT } from "~/components/language-context";
import { OrderStatus } from "~/components/OrderStatus";
import { useResultAlert } from "~/components/useResultAlert";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { deleteErrorStatus } from "~/http/error-status";
import { dashboardTitle } from "~/http/page-meta";
import { isoDate } from "~/platform/dates";
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
      const order = await bookingToDelete(id, user.id);
      return askToDelete(id, `Your order of ${order.serviceTitle}: ${orderLine(order)}.`);
    }
    const { deletedCount } = await deleteBooking(id, { id: user.id, isAdmin: false });
    return { ok: deletedCount > 0, message: deletedCount > 0 ? "Deleted sucessfully" : "This order was already deleted." };
  } catch (error) {
    if (error instanceof BookingError) return data({ ok: false, message: error.message }, { status: deleteErrorStatus(error) });
    throw error;
  }
}

/** The question of docs/spec.md §8, asked by the browser (JavaScript on) or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete";

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.myOrders");

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/** The spec's Payment cell: a green Paid button, or a Pay link to the payment page. */
function PaymentCell({ order }: { order: Row }) {
  const { t } = useT();
  const f = useFormat();
  if (order.refundDueCents > 0)
    return <span className="hint">{t("orders.refundDue", { amount: f.dollars(order.refundDueCents) })}</span>;
  if (order.paymentStatus === "PAID") {
    return (
      <button type="button" className="button button-small button-paid" disabled>
        {t("dashboard.orders.paid")}
      </button>
    );
  }
  // A full page load: only the payment page's Content-Security-Policy allows Stripe.js.
  return order.actions.canPay ? (
    <Link to={`/dashboard/payment/${order.id}`} className="button button-small" reloadDocument>
      {t("dashboard.orders.pay")}
    </Link>
  ) : (
    <span className="hint">{t("dashboard.orders.notPaid")}</span>
  );
}

export default function MyOrders() {
  const { orders, next, previous, paged } = useLoaderData<typeof loader>();
  const location = useLocation();
  const result = useActionData<typeof action>();
  const { t, text } = useT();
  const f = useFormat();
  // The checkout redirects here with the 'Order successfully ' banner; with JavaScript it is also an alert.
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.flash;
  // (the root gives the banner in the page's language)
  useResultAlert(flash?.text === t("common.flash.orderPlaced") ? flash.text : null);
  return (
    <section aria-labelledby="my-orders-title">
      <h1 id="my-orders-title">{t("dashboard.nav.myOrders")}</h1>
      <GatewayResultBanner result={new URLSearchParams(location.search).get("payment")} payPath={null} />
      <DeleteResult result={result} question={DELETE_QUESTION} />
      {orders.length === 0 && !paged ? (
        <p>
          {t("dashboard.orders.none")} <Link to="/services">{t("dashboard.orders.browse")}</Link>
        </p>
      ) : (
        <DataTable
          rows={orders}
          rowKey={(order) => order.id}
          columns={[
            { header: t("dashboard.orders.reference"), cell: (order) => <span className="reference">{order.reference}</span> },
            {
              header: t("dashboard.orders.package"),
              cell: (order) => (
                <>
                  <Link to={`/dashboard/orders/${order.id}`}>{order.serviceTitle}</Link>
                  <br />
                  <span className="hint">
                    {order.travellers} · {t(`trip.type.${order.packageType as PackageTypeValue}`)}
                  </span>
                </>
              ),
            },
            {
              header: t("dashboard.orders.travelDate"),
              cell: (order) => (order.travelDate ? f.calendarDate(order.travelDate) : "—"),
            },
            { header: t("dashboard.orders.status"), cell: (order) => <OrderStatus order={order} /> },
            {
              header: t("dashboard.orders.price"),
              cell: (order) => (
                <>
                  {f.dollars(order.priceCents)}
                  {order.promoCode ? (
                    <>
                      <br />
                      <span className="hint">
                        {order.promoCode}: −{f.dollars(order.discountCents)}
                      </span>
                    </>
                  ) : null}
                </>
              ),
            },
            {
              header: t("dashboard.orders.payment"),
              cell: (order) => (
                <>
                  <PaymentCell order={order} />
                  {order.balance ? (
                    <span className="hint order-balance">
                      {order.balance.due
                        ? t("dashboard.orders.balanceBy", {
                            amount: f.dollars(order.balance.cents),
                            date: f.calendarDate(order.balance.due),
                          })
                        : t("dashboard.orders.balance", { amount: f.dollars(order.balance.cents) })}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: t("dashboard.orders.action"),
              cell: (order) => (
                <div className="order-action">
                  {order.actions.canDelete ? (
                    <DeleteForm
                      id={order.id}
                      confirmText={DELETE_QUESTION}
                      label={t("dashboard.orders.deleteLabel", { title: order.serviceTitle })}
                      describedBy={`delete-hint-${order.id}`}
                    />
                  ) : null}
                  <span id={`delete-hint-${order.id}`} className="hint">
                    {text(order.actions.deleteHint)}
                  </span>
                </div>
              ),
            },
          ]}
        />
      )}
      <CursorPager previous={previous} next={next} first={paged ? "" : null} label={t("dashboard.orders.pages")} />
    </section>
  );
}
