// The payment page's (/dashboard/payment/{orderId}) summaries: the plan as it stands, the receipt
// of the latest payment, and what to do when card payments are not available.
import { Link } from "@remix-run/react";
import { PAYMENT_KIND_LABELS, PAYMENT_METHOD_LABELS, type PaymentPart, voucherPath } from "~/booking";
import { invoicePath } from "~/invoicing";
import { formatDateTime } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

/** What the payment page's sections read of its order (its loader's projection, dates as ISO strings). */
export interface PaymentOrder {
  id: string;
  priceCents: number;
  /** everything due now and which part of the plan it is, or null when nothing is */
  due: { part: PaymentPart; cents: number } | null;
  depositCents: number | null;
  paidCents: number;
  balanceDue: string | null;
  billingName: string;
  email: string;
  failed: boolean;
  hasVoucher: boolean;
  invoiceNumber: string | null;
  payment: {
    kind: string;
    amountCents: number;
    created: string;
    method: string;
    last4: string | null;
    transaction: string | null;
    reference: string | null;
  } | null;
}

/** The plan as it stands: the deposit now and the balance by its day, or what is paid and what is left. */
export function PlanSummary({ order }: { order: PaymentOrder }) {
  if (order.paidCents > 0)
    return (
      <p className="payment-plan">
        Paid so far: {formatDollars(order.paidCents)}. Balance: {formatDollars(order.due!.cents)}
        {order.balanceDue ? `, due by ${order.balanceDue}` : ""}.
      </p>
    );
  if (order.depositCents === null) return null;
  return (
    <p className="payment-plan">
      Deposit now: {formatDollars(order.depositCents)}. Balance: {formatDollars(order.priceCents - order.depositCents)}
      {order.balanceDue ? `, due by ${order.balanceDue}` : ""}. Or pay the whole {formatDollars(order.priceCents)} now.
    </p>
  );
}

// Without Stripe keys: no card form and no Stripe.js; the customer pays by bKash or Nagad and sends
// the transaction id from the order page, or arranges payment with us.
export function CardPaymentsUnavailable({ orderId }: { orderId: string }) {
  return (
    <div className="alert alert-info" role="status">
      <p>Card payments are not available right now. Please contact us to arrange payment.</p>
      <p>
        Paid by bKash or Nagad? <Link to={`/dashboard/orders/${orderId}#claims-title`}>Send the transaction ID</Link> from your
        order&apos;s page and we will verify it.
      </p>
      <p>
        <Link to="/contact">Contact us</Link> · <Link to="/dashboard/myOrder">Back to My Orders</Link>
      </p>
    </div>
  );
}

/** The receipt of the latest payment, what is left and by when (or paid in full), and the way on. */
export function PaidSummary({ order, payment }: { order: PaymentOrder; payment: NonNullable<PaymentOrder["payment"]> }) {
  return (
    <section aria-labelledby="receipt-title" className="payment-summary">
      <h2 id="receipt-title">Paid: {PAYMENT_KIND_LABELS[payment.kind]}</h2>
      <dl>
        <dt>Amount</dt>
        <dd>{formatDollars(payment.amountCents)}</dd>
        <dt>Paid on</dt>
        <dd>{formatDateTime(payment.created)}</dd>
        <dt>Paid by</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[payment.method as keyof typeof PAYMENT_METHOD_LABELS]}
          {payment.last4 ? ` ending in ${payment.last4}` : ""}
        </dd>
        <dt>Transaction</dt>
        <dd>
          <code>{payment.transaction ?? payment.reference}</code>
        </dd>
      </dl>
      {order.due ? (
        <PlanSummary order={order} />
      ) : (
        <p className="alert alert-success" role="status">
          This booking is paid in full: {formatDollars(order.paidCents)}.
        </p>
      )}
      <p className="payment-links">
        <Link to={`/dashboard/orders/${order.id}`}>See the booking</Link>
        {order.hasVoucher ? <Link to={voucherPath(order.id)}>Voucher</Link> : null}
        {order.invoiceNumber ? <Link to={invoicePath(order.id)}>Invoice {order.invoiceNumber}</Link> : null}
      </p>
    </section>
  );
}
