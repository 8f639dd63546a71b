// /dashboard/orders/{id}: one order for its owner or an admin (anyone else: 404). The page is the
// receipt (a print stylesheet hides the navigation): the booking, its payment, refunds and status
// history, and the cancellation with the exact refund, confirmed in a second step that works
// without JavaScript.
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/accounts/index.server";
import {
  bookingActions,
  cancelFormSchema,
  describePolicy,
  balanceDueOf,
  OFFLINE_REFUND_METHODS,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  offlinePaymentFormSchema,
  paymentClaimFormSchema,
  offlineRefundFormSchema,
  refundPolicyOf,
  toCents,
  travellersOf,
  voucherPath,
} from "~/booking";
import {
  bookingTravellers,
  cancelBooking,
  claimsOfOrder,
  CancellationError,
  decideCancellation,
  findOrderPage,
  listIdNumberReveals,
  OfflinePaymentError,
  offlineRefundableCents,
  quoteCancellation,
  recordOfflinePayment,
  recordOfflineRefund,
  submitPaymentClaim,
  TravellersError,
  updateTravellers,
} from "~/booking/index.server";
import { DeliveryLog } from "~/components/DeliveryLog";
import { Field, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { GatewayResultBanner } from "~/components/GatewayPayment";
import { useHydrated } from "~/components/hooks";
import { IdRevealsSection } from "~/components/IdRevealsSection";
import { useT } from "~/components/language-context";
import { MethodAndReference, PlainFormError, plainFields } from "~/components/PlainFormFields";
import { TravellersSection, type TravellersResult } from "~/components/TravellersSection";
import {
  cancellationErrorStatus,
  offlinePaymentErrorHeaders,
  offlinePaymentErrorStatus,
  travellersErrorStatus,
} from "~/http/error-status";
import { invoicePath } from "~/invoicing";
import { messageLogEntryJson } from "~/messages";
import { messagesOfOrders } from "~/messages/index.server";
import { clientAddress } from "~/platform/client-address.server";
import { formatCalendarDate, formatDateTime, isoDate } from "~/platform/dates";
import { parseForm, parsePlainForm, plainFormRefusal, type PlainFormResult } from "~/platform/forms";
import { isPlausibleId } from "~/platform/ids";
import { formatDollars } from "~/platform/money";

const STATUS_LABELS = {
  PENDING: "Pending payment",
  CONFIRMED: "Confirmed",
  CANCELLED: "Cancelled",
  COMPLETED: "Completed",
  EXPIRED: "Expired",
} as const;

async function loadOrder(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const order = isPlausibleId(id) ? await findOrderPage(id, user.isAdmin ? undefined : user.id) : null;
  if (!order) throw new Response("No such order", { status: 404 });
  return { user, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, order } = await loadOrder(request, params.id);
  const now = new Date();
  const quote = quoteCancellation(order, user, now);
  const actions = bookingActions(order, now);
  const travellers = await bookingTravellers(order.id, user, { now });
  const claims = (await claimsOfOrder(order.id)).map((claim) => ({
    id: claim.id,
    method: claim.method === "NAGAD" ? "Nagad" : "bKash",
    amountCents: claim.amountCents,
    reference: claim.reference,
    status: claim.status,
    reason: claim.reason,
  }));
  // The ID reveal audit: administrators only.
  const idReveals = (user.isAdmin ? await listIdNumberReveals(order.id) : []).map((reveal) => ({
    id: reveal.id,
    at: reveal.createdAt.toISOString(),
    by: `${reveal.by.displayName} <${reveal.by.email}>`,
    traveller: reveal.traveller.name ?? `traveller ${reveal.traveller.position + 1}`,
  }));
  const balanceDue = balanceDueOf({ ...order, balanceDueDate: order.balanceDueDate && isoDate(order.balanceDueDate) });
  const messages = (await messagesOfOrders([order.id])).map(messageLogEntryJson);
  return {
    travellers: travellers && { ...travellers, cutoff: travellers.cutoff?.toISOString() ?? null },
    isAdmin: user.isAdmin,
    messages,
    claims,
    idReveals,
    /** what an admin may still record as paid back offline (bKash, Nagad, bank, cash) */
    offlineRefundableCents: user.isAdmin ? offlineRefundableCents(order) : 0,
    /** of it, what the agency owes since the booking was cancelled */
    offlineRefundOwedCents: user.isAdmin ? order.offlineRefundOwedCents : 0,
    /** the owner's view of it: what comes back to them, and how */
    refundDueToOwnerCents: order.userId === user.id ? order.offlineRefundOwedCents : 0,
    isOwner: order.userId === user.id,
    order: {
      id: order.id,
      reference: order.reference,
      createdAt: order.createdAt.toISOString(),
      serviceTitle: order.serviceTitle,
      packageType: order.packageType,
      quantity: order.quantity,
      travellers: travellersOf(
        order.travellers.map((traveller) => traveller.categoryName),
        order.quantity,
      ),
      priceCents: order.priceCents,
      discountCents: order.discountCents,
      promoCode: order.promoCode?.code ?? null,
      travelDate: order.travelDate && formatCalendarDate(order.travelDate),
      status: actions.status,
      paymentStatus: order.paymentStatus,
      holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
      refundedCents: order.refundedCents,
      /** null until its first payment */
      invoiceNumber: order.invoiceNumber,
      /** null: sold on the website */
      reseller: order.reseller && { name: order.reseller.name, reference: order.resellerReference },
      customer: {
        name: `${order.firstName} ${order.lastName}`,
        email: order.email,
        phone: order.mobileNumber,
        address: [order.streetAddress, order.city, order.townName, order.district, order.postcode, order.country]
          .filter(Boolean)
          .join(", "),
      },
      // every payment, oldest first, and the plan: the deposit and when the balance is due
      payments: order.payments.map((payment) => ({ ...payment, created: payment.created.toISOString() })),
      paidCents: order.paidCents,
      depositCents: order.depositCents,
      balanceDue: balanceDue && formatCalendarDate(balanceDue),
      refunds: order.refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
      history: order.statusChanges.map((change) => ({ ...change, createdAt: change.createdAt.toISOString() })),
    },
    quote,
    actions,
    policy: describePolicy(refundPolicyOf(order.service?.refundPolicy ?? null)),
  };
}

type ActionResult =
  | { confirm: { refundCents: number; amount: string; reason: string } }
  | { done: string }
  | { error: string; result?: ReturnType<ReturnType<typeof parseForm>["reply"]> }
  | { offlineRefund: PlainFormResult }
  | { offlinePayment: PlainFormResult }
  | { claim: PlainFormResult }
  | { claimSent: string };

/** The owner's "I paid by bKash or Nagad" form: a claim an administrator verifies. */
async function claimPaymentForm(orderId: string, user: { id: string }, form: FormData, address: string | null) {
  const parsed = parsePlainForm(
    form,
    paymentClaimFormSchema,
    ["amount", "method", "reference"],
    "Please correct the form: nothing was sent.",
  );
  if (!parsed.ok) return data<ActionResult>({ claim: parsed.result }, { status: 400 });
  const {
    value: { amount, method, reference },
    values,
  } = parsed;
  try {
    await submitPaymentClaim(orderId, user.id, { amountCents: toCents(amount), method, reference }, address);
    return data<ActionResult>({ claimSent: "Thank you: your payment is awaiting verification." });
  } catch (error) {
    if (!(error instanceof OfflinePaymentError)) throw error;
    return data<ActionResult>(
      { claim: plainFormRefusal(error.message, error.field ?? null, values) },
      { status: offlinePaymentErrorStatus(error), headers: offlinePaymentErrorHeaders(error) },
    );
  }
}

/** The admin's "Record a payment received" form: cash, bank, bKash or Nagad with its reference. */
async function recordPaymentForm(orderId: string, user: { id: string }, form: FormData) {
  const parsed = parsePlainForm(
    form,
    offlinePaymentFormSchema,
    ["amount", "method", "reference"],
    "Please correct the payment: nothing was recorded.",
  );
  if (!parsed.ok) return data<ActionResult>({ offlinePayment: parsed.result }, { status: 400 });
  const {
    value: { amount, method, reference },
    values,
  } = parsed;
  try {
    await recordOfflinePayment(orderId, user, { amountCents: toCents(amount), method, reference });
    return data<ActionResult>({
      done: `The payment of ${formatDollars(toCents(amount))} by ${OFFLINE_REFUND_METHODS[method]} is recorded.`,
    });
  } catch (error) {
    if (!(error instanceof OfflinePaymentError)) throw error;
    return data<ActionResult>(
      { offlinePayment: plainFormRefusal(error.message, error.field ?? null, values) },
      { status: offlinePaymentErrorStatus(error) },
    );
  }
}

/** The admin's "Record a refund paid back" form: an offline refund with its reference. */
async function recordRefundForm(orderId: string, user: Parameters<typeof recordOfflineRefund>[1], form: FormData) {
  const parsed = parsePlainForm(
    form,
    offlineRefundFormSchema,
    ["amount", "method", "reference", "reason"],
    "Please correct the refund: nothing was recorded.",
  );
  if (!parsed.ok) return data<ActionResult>({ offlineRefund: parsed.result }, { status: 400 });
  const {
    value: { amount, method, reference, reason },
    values,
  } = parsed;
  try {
    const outcome = await recordOfflineRefund(orderId, user, {
      amountCents: toCents(amount),
      method,
      reference,
      ...(reason !== undefined ? { reason } : {}),
    });
    return data<ActionResult>({
      done:
        outcome.status === "recorded"
          ? `The refund of ${formatDollars(toCents(amount))} by ${OFFLINE_REFUND_METHODS[method]} is recorded (credit note ${outcome.creditNoteNumber}).`
          : "This refund was recorded already.",
    });
  } catch (error) {
    if (!(error instanceof CancellationError)) throw error;
    const field = error.code === "amount" ? "amount" : error.code === "reason" ? "reason" : null;
    return data<ActionResult>(
      { offlineRefund: plainFormRefusal(error.message, field, values) },
      { status: cancellationErrorStatus(error) },
    );
  }
}

/** The travellers' form as posted: travellers[0]._id, travellers[0].name… in order, up to the first index missing. */
function readTravellersForm(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const travellers: { id: string; name: string; dateOfBirth: string; idNumber: string }[] = [];
  for (let index = 0; form.has(`travellers[${index}]._id`) && index < 100; index++) {
    const field = (name: string) => text(`travellers[${index}].${name}`);
    travellers.push({ id: field("_id"), name: field("name"), dateOfBirth: field("dateOfBirth"), idNumber: field("idNumber") });
  }
  return travellers;
}

async function saveTravellersForm(orderId: string, user: Parameters<typeof updateTravellers>[1], form: FormData) {
  const travellers = readTravellersForm(form);
  try {
    await updateTravellers(orderId, user, travellers);
    const savedAt = new Date().toISOString();
    return data<TravellersResult>({ travellers: "saved", message: "The travellers are saved.", savedAt });
  } catch (error) {
    if (!(error instanceof TravellersError)) throw error;
    if (error.code === "not-found") throw new Response("No such order", { status: 404 });
    const status = travellersErrorStatus(error);
    if (error.code === "closed") return data<TravellersResult>({ travellers: "refused", message: error.message }, { status });
    const errors: Record<string, string> = {};
    for (const { path, message } of error.errors) errors[path] ??= message;
    return data<TravellersResult>(
      {
        travellers: "invalid",
        message: "Please correct the travellers below: nothing was saved.",
        values: travellers.map(({ name, dateOfBirth, idNumber }) => ({ name, dateOfBirth, idNumber })),
        errors,
      },
      { status },
    );
  }
}

/** What of a cancellation's refund the agency pays back itself (it was paid offline). */
function offlineNote(cents: number | undefined): string {
  return cents ? ` ${formatDollars(cents)} paid by bKash, Nagad, bank transfer or cash is paid back by the agency.` : "";
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, order } = await loadOrder(request, params.id);
  const form = await request.formData();
  if (form.get("intent") === "travellers") return saveTravellersForm(order.id, user, form);
  if (form.get("intent") === "record-refund") return recordRefundForm(order.id, user, form);
  if (form.get("intent") === "claim-payment") return claimPaymentForm(order.id, user, form, clientAddress(request, context));
  if (form.get("intent") === "record-payment") {
    if (!user.isAdmin) throw new Response("Administrators only", { status: 403 });
    return recordPaymentForm(order.id, user, form);
  }
  const submission = parseForm(form, cancelFormSchema);
  if (submission.status !== "success") {
    return data<ActionResult>({ error: "Please correct the form.", result: submission.reply() }, { status: 400 });
  }
  const { intent, amount, reason } = submission.value;
  const amountCents = amount === undefined ? undefined : toCents(amount);
  const choice = { ...(amountCents !== undefined ? { amountCents } : {}), ...(reason !== undefined ? { reason } : {}) };
  if (intent === "ask-cancel") {
    try {
      const { refundCents } = decideCancellation(order, user, choice);
      return data<ActionResult>({
        confirm: { refundCents, amount: amount === undefined ? "" : String(amount), reason: reason ?? "" },
      });
    } catch (error) {
      if (!(error instanceof CancellationError)) throw error;
      const status = cancellationErrorStatus(error);
      if (error.code !== "amount") return data<ActionResult>({ error: error.message }, { status });
      const result = submission.reply({ fieldErrors: { amount: [error.message] } });
      return data<ActionResult>({ error: error.message, result }, { status });
    }
  }
  try {
    const outcome = await cancelBooking(order.id, user, choice);
    return data<ActionResult>({
      done: outcome.refund
        ? `The booking is cancelled. ${formatDollars(outcome.refund.cents)} is refunded to the card it was paid with.${offlineNote(outcome.offlineCents)}`
        : `The booking is cancelled.${offlineNote(outcome.offlineCents)}`,
    });
  } catch (error) {
    if (error instanceof CancellationError)
      return data<ActionResult>({ error: error.message }, { status: cancellationErrorStatus(error) });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Order ${loaded.order.reference} — Tour Booking` : "Order — Tour Booking" },
];

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function OrderPage() {
  const {
    order,
    quote,
    actions,
    policy,
    isAdmin,
    isOwner,
    claims,
    travellers,
    offlineRefundableCents,
    offlineRefundOwedCents,
    refundDueToOwnerCents,
    idReveals,
    messages,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Each section shows only the answers to its own form.
  const travellersResult = answer && "travellers" in answer ? answer : undefined;
  const result = answer && !("travellers" in answer) ? answer : undefined;
  const hydrated = useHydrated();
  const location = useLocation();
  return (
    <article aria-labelledby="order-title" className="booking-page receipt">
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

      {travellers ? <TravellersSection {...travellers} isAdmin={isAdmin} result={travellersResult} /> : null}

      <PaymentSection order={order} canPay={actions.canPay} refundDueToOwnerCents={refundDueToOwnerCents} />
      <ClaimsSection
        claims={claims}
        canClaim={isOwner && actions.canPay}
        result={result && "claim" in result ? result.claim : null}
        sent={result && "claimSent" in result ? result.claimSent : null}
      />
      {isAdmin && actions.live && order.priceCents > order.paidCents && !order.reseller ? (
        <OfflinePaymentSection result={result && "offlinePayment" in result ? result.offlinePayment : null} />
      ) : null}
      <RefundsSection order={order} />
      {offlineRefundableCents > 0 ? (
        <OfflineRefundSection
          dueCents={offlineRefundableCents}
          owedCents={offlineRefundOwedCents}
          result={result && "offlineRefund" in result ? result.offlineRefund : null}
        />
      ) : null}
      <HistorySection history={order.history} />
      {isAdmin ? <IdRevealsSection reveals={idReveals} /> : null}
      <DeliveryLog messages={messages} isAdmin={isAdmin} />
      <CancelSection quote={quote} actions={actions} policy={policy} isAdmin={isAdmin} result={result} />
    </article>
  );
}

function PaymentSection({
  order,
  canPay,
  refundDueToOwnerCents,
}: {
  order: Loaded["order"];
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
              {payment.last4 ? ` ending in ${payment.last4}` : ""} <code>{payment.transaction ?? payment.reference}</code>
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

function RefundsSection({ order }: { order: Loaded["order"] }) {
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

/** Admins: a refund the agency paid back itself of what was paid offline, with its reference. Plain HTML form. */
function OfflineRefundSection({
  dueCents,
  owedCents,
  result,
}: {
  dueCents: number;
  owedCents: number;
  result: PlainFormResult | null;
}) {
  const fields = plainFields("offline-refund", result);
  const { value, error: fieldError, described } = fields;
  return (
    <section id="offline-refund" aria-labelledby="offline-refund-title" className="receipt-section no-print">
      <h2 id="offline-refund-title">Record a refund paid back</h2>
      <p>
        {formatDollars(dueCents)} was paid by bKash, Nagad, bank transfer or cash and is not refunded. Record what the agency paid
        back, with its reference.
      </p>
      {owedCents > 0 ? (
        <p className="alert alert-error">Owed to the customer since the cancellation: {formatDollars(owedCents)}.</p>
      ) : null}
      <PlainFormError result={result} />
      <Form method="post" className="offline-refund-form">
        <input type="hidden" name="intent" value="record-refund" />
        <label htmlFor="offline-refund-amount">Refund ($)</label>
        <input
          id="offline-refund-amount"
          name="amount"
          type="number"
          step="0.01"
          min="0.01"
          max={(dueCents / 100).toFixed(2)}
          inputMode="decimal"
          required
          defaultValue={value("amount")}
          {...described("amount")}
        />
        {fieldError("amount")}
        <MethodAndReference
          fields={fields}
          methods={OFFLINE_REFUND_METHODS}
          methodLabel="Paid back by"
          referenceLabel="Reference (transaction ID or receipt number)"
        />
        <label htmlFor="offline-refund-reason">Reason (needed when less than {formatDollars(dueCents)})</label>
        <input id="offline-refund-reason" name="reason" maxLength={300} defaultValue={value("reason")} {...described("reason")} />
        {fieldError("reason")}
        <button type="submit" className="button">
          Record the refund
        </button>
      </Form>
    </section>
  );
}

/** The owner's bKash/Nagad payments to verify: each claim's state, and the form to send one. */
/** Where the claim form is, its answer takes its place (id "claim"): the fragment its form posts to without JavaScript. */
const CLAIM_ID = "claim";

function ClaimsSection({
  claims,
  canClaim,
  result,
  sent,
}: {
  claims: { id: string; method: string; amountCents: number; reference: string; status: string; reason: string | null }[];
  canClaim: boolean;
  result: PlainFormResult | null;
  sent: string | null;
}) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent || result) bringIntoView(answer.current, answer.current);
  }, [sent, result]);
  if (claims.length === 0 && !canClaim && !sent) return null;
  const { value, error: fieldError, described } = plainFields("claim", result);
  return (
    <section aria-labelledby="claims-title" className="receipt-section no-print">
      <h2 id="claims-title">Paid by bKash or Nagad</h2>
      {claims.length > 0 ? (
        <ul className="plain-list">
          {claims.map((claim) => (
            <li key={claim.id}>
              {claim.method} {formatDollars(claim.amountCents)}, transaction <code>{claim.reference}</code>:{" "}
              {claim.status === "PENDING"
                ? "awaiting verification"
                : claim.status === "ACCEPTED"
                  ? "verified"
                  : `rejected: ${claim.reason ?? ""}`}
            </li>
          ))}
        </ul>
      ) : null}
      {sent ? (
        <div id={CLAIM_ID} ref={answer} tabIndex={-1} className="alert alert-success claim-answer" role="status">
          {sent}
        </div>
      ) : canClaim ? (
        <div id={CLAIM_ID} ref={answer} tabIndex={-1} className="claim-answer">
          <PlainFormError result={result} />
          {/* With JavaScript no fragment: the router would scroll to it without minding the sticky header. */}
          <Form
            method="post"
            action={hydrated ? pathname : `${pathname}#${CLAIM_ID}`}
            preventScrollReset
            className="offline-refund-form"
          >
            <input type="hidden" name="intent" value="claim-payment" />
            <label htmlFor="claim-method">Paid by</label>
            <select id="claim-method" name="method" required defaultValue={value("method") || "bkash"} {...described("method")}>
              <option value="bkash">bKash</option>
              <option value="nagad">Nagad</option>
            </select>
            {fieldError("method")}
            <label htmlFor="claim-amount">Amount ($)</label>
            <input
              id="claim-amount"
              name="amount"
              type="number"
              step="0.01"
              min="0.01"
              required
              defaultValue={value("amount")}
              {...described("amount")}
            />
            {fieldError("amount")}
            <label htmlFor="claim-reference">Transaction ID</label>
            <input
              id="claim-reference"
              name="reference"
              maxLength={100}
              required
              defaultValue={value("reference")}
              {...described("reference")}
            />
            {fieldError("reference")}
            <button type="submit" className="button">
              Send for verification
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

/** Admins: money received by bKash, Nagad, bank transfer or cash, with its reference. Plain HTML form. */
function OfflinePaymentSection({ result }: { result: PlainFormResult | null }) {
  const fields = plainFields("offline-payment", result);
  const { value, error: fieldError, described } = fields;
  return (
    <section aria-labelledby="offline-payment-title" className="receipt-section no-print">
      <h2 id="offline-payment-title">Record a payment received</h2>
      <PlainFormError result={result} />
      <Form method="post" className="offline-refund-form">
        <input type="hidden" name="intent" value="record-payment" />
        <label htmlFor="offline-payment-amount">Amount ($)</label>
        <input
          id="offline-payment-amount"
          name="amount"
          type="number"
          step="0.01"
          min="0.01"
          required
          defaultValue={value("amount")}
          {...described("amount")}
        />
        {fieldError("amount")}
        <MethodAndReference
          fields={fields}
          methods={OFFLINE_REFUND_METHODS}
          methodLabel="Paid by"
          referenceLabel="Reference (transaction ID or receipt number)"
        />
        <button type="submit" className="button">
          Record the payment
        </button>
      </Form>
    </section>
  );
}

function HistorySection({ history }: { history: Loaded["order"]["history"] }) {
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

/** The cancel section's id: the fragment its forms post to. */
const CANCEL_ID = "cancel";

/** Scrolls `target` to the top of the screen, below the header when it sticks there, and focuses `focus`. */
function bringIntoView(target: HTMLElement | null, focus: HTMLElement | null) {
  if (!target) return;
  const header = document.querySelector(".site-header");
  const covered = header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
  window.scrollBy({ top: target.getBoundingClientRect().top - covered - 16 });
  focus?.focus({ preventScroll: true });
}

/**
 * Where "Cancel booking" is, its confirmation, refusal or outcome takes its place (id "cancel"):
 * without JavaScript the form posts to #cancel, so the answer opens there; with it, focus moves to
 * the answer.
 */
function CancelSection({
  quote,
  actions,
  policy,
  isAdmin,
  result,
}: {
  quote: Loaded["quote"];
  actions: Loaded["actions"];
  policy: string[];
  isAdmin: boolean;
  result: ReturnType<typeof useActionData<typeof action>>;
}) {
  const { pathname } = useLocation();
  const pending = useIsPending();
  const hydrated = useHydrated();
  const [form, fields] = useAppForm(cancelFormSchema, {
    lastResult: result && "result" in result ? result.result : undefined,
    defaultValue: { amount: (quote.policy.cents / 100).toFixed(2) },
  });
  const answer = useRef<HTMLHeadingElement & HTMLParagraphElement>(null);
  useEffect(() => {
    // A payment claim's answer is shown, and brought into view, where its form was.
    if (!result || "claimSent" in result || "claim" in result) return;
    bringIntoView(document.getElementById(CANCEL_ID), answer.current);
  }, [result]);
  // With JavaScript no fragment: the router would scroll to it without minding the sticky header.
  const formAction = hydrated ? pathname : `${pathname}#${CANCEL_ID}`;
  if (result && "done" in result) {
    return (
      <p id={CANCEL_ID} ref={answer} tabIndex={-1} className="alert alert-success" role="status">
        {result.done}
      </p>
    );
  }
  const confirm = result && "confirm" in result ? result.confirm : null;
  const error = result && "error" in result ? result.error : null;
  // A refusal stays in view even when the booking ended meanwhile (say its hold ran out).
  if (!actions.live && !error) return null;
  const refundText = quote.paid
    ? `${formatDollars(quote.policy.cents)} (${quote.policy.percent} % of the ${formatDollars(quote.paidCents)} paid${quote.policy.days !== null ? `, ${quote.policy.days} days before departure` : ""})`
    : null;
  return (
    <section id={CANCEL_ID} aria-labelledby="cancel-title" className="receipt-section no-print cancel-section">
      <h2 id="cancel-title">Cancel this booking</h2>
      {quote.refusal ? (
        // A live booking the customer can no longer cancel (its date has passed): say so.
        error ? null : (
          <p>{quote.refusal}</p>
        )
      ) : confirm ? null : (
        <>
          {refundText ? (
            <p>
              Cancelling now refunds <strong className="refund-amount">{refundText}</strong> to the card it was paid with, per the
              package&apos;s refund policy.
            </p>
          ) : (
            <p>Nothing was paid, so nothing is refunded. The seats are given back.</p>
          )}
          <ul className="hint plain-list">
            {policy.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {error ? (
        <p ref={answer} tabIndex={-1} className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      {quote.refusal ? null : confirm ? (
        <div className="card form-card delete-confirmation" role="group" aria-labelledby="cancel-question">
          <h3 id="cancel-question" ref={answer} tabIndex={-1}>
            Cancel this booking?
          </h3>
          <p>
            {confirm.refundCents > 0
              ? `${formatDollars(confirm.refundCents)} will be refunded to the card it was paid with.`
              : "Nothing will be refunded."}{" "}
            This cannot be undone.
          </p>
          <Form method="post" action={formAction} className="delete-confirmation-actions">
            <input type="hidden" name="amount" value={confirm.amount} />
            <input type="hidden" name="reason" value={confirm.reason} />
            <button type="submit" name="intent" value="cancel" className="button button-danger" disabled={pending}>
              Yes, cancel the booking
            </button>
            <Link to={pathname} className="button button-secondary">
              Keep the booking
            </Link>
          </Form>
        </div>
      ) : (
        <Form method="post" action={formAction} {...getFormProps(form)} className="cancel-form">
          <FormErrors form={form} />
          {isAdmin && quote.paid ? (
            <>
              <Field
                label="Refund ($)"
                meta={fields.amount}
                type="number"
                description={`At most ${formatDollars(quote.refundableCents)}. The policy gives ${formatDollars(quote.policy.cents)}.`}
                inputProps={{ step: "0.01", min: 0, max: (quote.refundableCents / 100).toFixed(2), inputMode: "decimal" }}
              />
              <Field label="Reason (sent to the customer)" meta={fields.reason} />
            </>
          ) : null}
          <SubmitButton pending={pending} className="button button-danger">
            Cancel booking
          </SubmitButton>
          {isAdmin ? null : <p className="hint">{actions.cancelHint}</p>}
          <input type="hidden" name="intent" value="ask-cancel" />
        </Form>
      )}
    </section>
  );
}
