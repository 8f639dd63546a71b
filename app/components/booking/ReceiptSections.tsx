// The receipt's sections of a booking page (/dashboard/orders/{id}): its heading, the booking and its customer,
// the payments and the plan, the refunds and the status history. Read-only: the forms beside them
// (claims, offline payments and refunds, cancelling) have their own files.
import { Link, useLocation } from "@remix-run/react";
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, voucherPath } from "~/booking";
import { GatewayResultBanner } from "~/components/GatewayPayment";
import { useHydrated } from "~/components/hooks";
import { useT } from "~/components/language-context";
import { invoicePath } from "~/invoicing";
import { formatRate, formatTaka } from "~/payments";
import { formatDateTime } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

const STATUS_LABELS = {
  PENDING: "Pending payment",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  COMPLETED: "Completed",
  EXPIRED: "Expired",
} as const;

/** What the receipt reads of the booking page's order (its loader's projection, dates as ISO strings). */
export interface ReceiptOrder {
  id: string;
  reference: string;
  createdAt: string;
  serviceTitle: string;
  packageType: string;
  travellers: { count: number; text: string };
  priceCents: number;
  discountCents: number;
  promoCode: string | null;
  travelDate: string | null;
  status: keyof typeof STATUS_LABELS;
  refundedCents: number;
  /** null until its first payment */
  invoiceNumber: string | null;
  reseller: { name: string; reference: string | null } | null;
  customer: { name: string; email: string; phone: string; address: string };
  payments: {
    kind: string;
    amountCents: number;
    created: string;
    method: string;
    last4: string | null;
    transaction: string | null;
    reference: string | null;
    /** a local gateway's (SSLCommerz, bKash): its own id of the money, and the taka it charged at the rate */
    providerReference?: string | null;
    amountBdt?: number | null;
    rate?: number | null;
  }[];
  paidCents: number;
  depositCents: number | null;
  balanceDue: string | null;
  refunds: {
    amountCents: number;
    createdAt: string;
    method: keyof typeof PAYMENT_METHOD_LABELS;
    stripeRefundId: string | null;
    reference: string | null;
    creditNoteNumber: string | null;
    reason: string | null;
  }[];
  history: { createdAt: string; toStatus: keyof typeof STATUS_LABELS; reason: string | null }[];
}

/** The receipt's heading: the reference, a gateway's result, the status, and the way to print, the documents and back. */
export function ReceiptHeader({ order, isAdmin }: { order: ReceiptOrder; isAdmin: boolean }) {
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <header className="order-header">
      <h1 id="order-title">Order {order.reference}</h1>
      <GatewayResultBanner
        result={new URLSearchParams(location.search).get("payment")}
        payPath={`/dashboard/payment/${order.id}`}
      />
      <p>
        <span className={`status-badge status-${order.status.toLowerCase()}`}>{STATUS_LABELS[order.status]}</span>
      </p>
      <p className="no-print order-actions">
        {hydrated ? (
          <button type="button" className="button button-small" onClick={() => window.print()}>
            Print receipt
          </button>
        ) : null}
        {order.status === "CONFIRMED" || order.status === "COMPLETED" ? <Link to={voucherPath(order.id)}>Voucher</Link> : null}
        {order.invoiceNumber ? <Link to={invoicePath(order.id)}>Invoice {order.invoiceNumber}</Link> : null}
        <Link to={isAdmin ? "/dashboard/manageAllOrders" : "/dashboard/myOrder"}>
          {isAdmin ? "Back to all orders" : "Back to My Orders"}
        </Link>
      </p>
    </header>
  );
}

/** The booking's facts and its customer's. */
export function BookingFacts({ order }: { order: ReceiptOrder }) {
  return (
    <>
      <section aria-labelledby="booking-title" className="receipt-section">
        <h2 id="booking-title">Booking</h2>
        <dl className="facts">
          <dt>Booking reference</dt>
          <dd>{order.reference}</dd>
          <dt>Ordered on</dt>
          <dd>{formatDateTime(order.createdAt)}</dd>
          <dt>Channel</dt>
          <dd>{order.reseller ? order.reseller.name : "Website"}</dd>
          {order.reseller ? (
            <>
              <dt>Reseller&apos;s reference</dt>
              <dd>{order.reseller.reference ?? "None"}</dd>
            </>
          ) : null}
          <dt>Package</dt>
          <dd>{order.serviceTitle}</dd>
          <dt>Departure date</dt>
          <dd>{order.travelDate ?? "Not set"}</dd>
          <dt>Travellers</dt>
          <dd>
            {order.travellers.count}: {order.travellers.text}
          </dd>
          <dt>Package type</dt>
          <dd>{order.packageType}</dd>
          {order.promoCode ? (
            <>
              <dt>Promo code</dt>
              <dd>
                {order.promoCode}: −{formatDollars(order.discountCents)}
              </dd>
            </>
          ) : null}
          <dt>Total</dt>
          <dd>{formatDollars(order.priceCents)}</dd>
          <dt>Status</dt>
          <dd>{STATUS_LABELS[order.status]}</dd>
        </dl>
      </section>

      <section aria-labelledby="customer-title" className="receipt-section">
        <h2 id="customer-title">Customer</h2>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{order.customer.name}</dd>
          <dt>E-mail</dt>
          <dd>{order.customer.email}</dd>
          <dt>Phone</dt>
          <dd>{order.customer.phone}</dd>
          <dt>Address</dt>
          <dd>{order.customer.address}</dd>
        </dl>
      </section>
    </>
  );
}

export function PaymentSection({
  order,
  canPay,
  refundDueToOwnerCents,
}: {
  order: ReceiptOrder;
  canPay: boolean;
  refundDueToOwnerCents: number;
}) {
  const { t, language } = useT();
  const balance = order.priceCents - order.paidCents;
  return (
    <section aria-labelledby="payment-title" className="receipt-section">
      <h2 id="payment-title">Payment</h2>
      {order.depositCents !== null ? (
        <p>
          Payment plan: a deposit of {formatDollars(order.depositCents)} secures the booking; the balance is due by{" "}
          {order.balanceDue ?? "the departure"}.
        </p>
      ) : null}
      {order.payments.length > 0 ? (
        <ul className="plain-list">
          {order.payments.map((payment, index) => (
            <li key={payment.transaction ?? payment.reference ?? index}>
              {PAYMENT_KIND_LABELS[payment.kind]}: {formatDollars(payment.amountCents)} on {formatDateTime(payment.created)},{" "}
              {PAYMENT_METHOD_LABELS[payment.method as keyof typeof PAYMENT_METHOD_LABELS]}
              {payment.last4 ? ` ending in ${payment.last4}` : ""}{" "}
              <code>{(payment.amountBdt ? payment.providerReference : null) ?? payment.transaction ?? payment.reference}</code>
              {payment.amountBdt && payment.rate
                ? ` · ${formatTaka(payment.amountBdt, language)} (${formatRate(payment.rate, language)})`
                : null}
            </li>
          ))}
        </ul>
      ) : null}
      {refundDueToOwnerCents > 0 ? (
        <div className="alert alert-info refund-due" role="status">
          <p>
            <strong>{t("orders.refundOwed.title", { amount: formatDollars(refundDueToOwnerCents, language) })}</strong>
          </p>
          <p>{t("orders.refundOwed.how")}</p>
        </div>
      ) : null}
      {order.reseller ? (
        <p>Paid to the agency by {order.reseller.name}: no card payment on this site.</p>
      ) : balance <= 0 ? (
        <p>Paid in full: {formatDollars(order.paidCents)}.</p>
      ) : (
        <p>
          {order.paidCents > 0 ? `Paid ${formatDollars(order.paidCents)}; balance ${formatDollars(balance)}` : "Not paid"}
          {order.balanceDue && order.paidCents > 0 ? `, due by ${order.balanceDue}` : ""}.{" "}
          {canPay ? (
            <Link to={`/dashboard/payment/${order.id}`} className="no-print" reloadDocument>
              Pay {formatDollars(balance)}
            </Link>
          ) : null}
        </p>
      )}
    </section>
  );
}

export function RefundsSection({ order }: { order: ReceiptOrder }) {
  if (order.refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-title" className="receipt-section">
      <h2 id="refunds-title">Refunds</h2>
      <ul className="plain-list">
        {order.refunds.map((refund, index) => (
          <li key={refund.stripeRefundId ?? refund.reference ?? index}>
            {formatDollars(refund.amountCents)} on {formatDateTime(refund.createdAt)}
            {refund.method === "CARD" ? " to the card" : ` by ${PAYMENT_METHOD_LABELS[refund.method]}`} (reference{" "}
            <code>{refund.stripeRefundId ?? refund.reference}</code>
            {refund.creditNoteNumber ? `, credit note ${refund.creditNoteNumber}` : ""})
            {refund.reason ? `: ${refund.reason}` : ""}
          </li>
        ))}
      </ul>
      <p>
        <strong>Refunded in total: {formatDollars(order.refundedCents)}</strong>
      </p>
    </section>
  );
}

export function HistorySection({ history }: { history: ReceiptOrder["history"] }) {
  return (
    <section aria-labelledby="history-title" className="receipt-section">
      <h2 id="history-title">Status history</h2>
      <ol className="plain-list status-history">
        {history.map((change) => (
          <li key={`${change.createdAt}-${change.toStatus}`}>
            <time dateTime={change.createdAt}>{formatDateTime(change.createdAt)}</time>: {STATUS_LABELS[change.toStatus]}
            {change.reason ? ` (${change.reason})` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
