// /dashboard/orders/{id}: one order for its owner or an admin (anyone else: 404). The page is the
// receipt (a print stylesheet hides the navigation): the booking, its payment, refunds and status
// history, and the cancellation with the exact refund, confirmed in a second step that works
// without JavaScript.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import {
  bookingActions,
  cancelFormSchema,
  cancelledText,
  describePolicy,
  balanceDueOf,
  OFFLINE_REFUND_METHODS,
  offlinePaymentFormSchema,
  paymentClaimFormSchema,
  offlineRefundFormSchema,
  refundPolicyOf,
  toCents,
  travellersOf,
  travellersOfForm,
} from "~/booking";
import {
  bookingTravellers,
  cancelBooking,
  claimsOfBooking,
  CancellationError,
  decideCancellation,
  findBookingPage,
  listIdNumberReveals,
  offlineRefundableCents,
  quoteCancellation,
  recordOfflinePayment,
  recordOfflineRefund,
  submitPaymentClaim,
  TravellersError,
  updateTravellers,
} from "~/booking/index.server";
import { BOOKING_PAGE_INTENTS } from "~/components/booking/booking-page-intents";
import { CancelSection, type CancelAnswer } from "~/components/booking/CancelSection";
import { ClaimsSection } from "~/components/booking/ClaimsSection";
import { OfflinePaymentSection, OfflineRefundSection } from "~/components/booking/OfflineMoneyForms";
import {
  BookingFacts,
  HistorySection,
  PaymentSection,
  ReceiptHeader,
  RefundsSection,
} from "~/components/booking/ReceiptSections";
import { DeliveryLog } from "~/components/DeliveryLog";
import { IdRevealsSection } from "~/components/IdRevealsSection";
import { TravellersSection, type TravellersResult } from "~/components/TravellersSection";
import { cancellationErrorStatus, travellersErrorStatus } from "~/http/error-status";
import { offlinePaymentRefusal, plainFormAction } from "~/http/plain-form-action.server";
import { messageLogEntryJson } from "~/messages";
import { messagesOfOrders } from "~/messages/index.server";
import { clientAddress } from "~/platform/client-address.server";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { parseForm, refuseFormShape } from "~/platform/forms";
import { isPlausibleId } from "~/platform/ids";
import { formatDollars } from "~/platform/money";

async function loadOrder(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const order = isPlausibleId(id) ? await findBookingPage(id, user.isAdmin ? undefined : user.id) : null;
  if (!order) throw new Response("No such order", { status: 404 });
  return { user, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, order } = await loadOrder(request, params.id);
  const now = new Date();
  const quote = quoteCancellation(order, user, now);
  const actions = bookingActions(order, now);
  const travellers = await bookingTravellers(order.id, user, { now });
  const claims = (await claimsOfBooking(order.id)).map((claim) => ({
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
      payments: order.payments.map((payment) => ({
        ...payment,
        created: payment.created.toISOString(),
        rate: payment.rate === null ? null : Number(payment.rate.toString()),
      })),
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

type ActionResult = CancelAnswer;
type User = Awaited<ReturnType<typeof loadOrder>>["user"];

/** The owner's "I paid by bKash or Nagad" form: a claim an administrator verifies. */
function claimPaymentForm(orderId: string, user: User, form: FormData, address: string | null) {
  return plainFormAction(
    "claim",
    form,
    { schema: paymentClaimFormSchema, invalid: "Please correct the form: nothing was sent." },
    async ({ amount, method, reference }) => {
      await submitPaymentClaim(orderId, user.id, { amountCents: toCents(amount), method, reference }, address);
      return { claimSent: "Thank you: your payment is awaiting verification." };
    },
    offlinePaymentRefusal,
  );
}

/** The admin's "Record a payment received" form: cash, bank, bKash or Nagad with its reference. */
function recordPaymentForm(orderId: string, user: User, form: FormData) {
  if (!user.isAdmin) throw new Response("Administrators only", { status: 403 });
  return plainFormAction(
    "offlinePayment",
    form,
    { schema: offlinePaymentFormSchema, invalid: "Please correct the payment: nothing was recorded." },
    async ({ amount, method, reference }) => {
      await recordOfflinePayment(orderId, user, { amountCents: toCents(amount), method, reference });
      return { done: `The payment of ${formatDollars(toCents(amount))} by ${OFFLINE_REFUND_METHODS[method]} is recorded.` };
    },
    offlinePaymentRefusal,
  );
}

/** The admin's "Record a refund paid back" form: an offline refund with its reference. */
function recordRefundForm(orderId: string, user: User, form: FormData) {
  return plainFormAction(
    "offlineRefund",
    form,
    { schema: offlineRefundFormSchema, invalid: "Please correct the refund: nothing was recorded." },
    async ({ amount, method, reference, reason }) => {
      const outcome = await recordOfflineRefund(orderId, user, {
        amountCents: toCents(amount),
        method,
        reference,
        ...(reason !== undefined ? { reason } : {}),
      });
      return {
        done:
          outcome.status === "recorded"
            ? `The refund of ${formatDollars(toCents(amount))} by ${OFFLINE_REFUND_METHODS[method]} is recorded (credit note ${outcome.creditNoteNumber}).`
            : "This refund was recorded already.",
      };
    },
    (error) =>
      error instanceof CancellationError
        ? {
            message: error.message,
            field: error.code === "amount" ? "amount" : error.code === "reason" ? "reason" : null,
            status: cancellationErrorStatus(error),
          }
        : null,
  );
}

async function saveTravellersForm(orderId: string, user: User, form: FormData) {
  const travellers = travellersOfForm(form);
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

/** "Cancel booking" (ask-cancel: the confirmation step, with the refund) and its confirmation (cancel). */
async function cancelForm({ user, order }: Awaited<ReturnType<typeof loadOrder>>, form: FormData) {
  const submission = parseForm(form, cancelFormSchema);
  if (submission.status !== "success") {
    return data<ActionResult>({ error: "Please correct the form.", result: submission.reply() }, { status: 400 });
  }
  const { intent, amount, reason } = submission.value;
  const amountCents = amount === undefined ? undefined : toCents(amount);
  const choice = { ...(amountCents !== undefined ? { amountCents } : {}), ...(reason !== undefined ? { reason } : {}) };
  if (intent === BOOKING_PAGE_INTENTS.askCancel) {
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
    return data<ActionResult>({ done: cancelledText(outcome) });
  } catch (error) {
    if (error instanceof CancellationError)
      return data<ActionResult>({ error: error.message }, { status: cancellationErrorStatus(error) });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const loaded = await loadOrder(request, params.id);
  const { user, order } = loaded;
  const form = await request.formData();
  switch (form.get("intent")) {
    case BOOKING_PAGE_INTENTS.travellers:
      return saveTravellersForm(order.id, user, form);
    case BOOKING_PAGE_INTENTS.recordRefund:
      return recordRefundForm(order.id, user, form);
    case BOOKING_PAGE_INTENTS.claimPayment:
      return claimPaymentForm(order.id, user, form, clientAddress(request, context));
    case BOOKING_PAGE_INTENTS.recordPayment:
      return recordPaymentForm(order.id, user, form);
    case BOOKING_PAGE_INTENTS.askCancel:
    case BOOKING_PAGE_INTENTS.cancel:
      return cancelForm(loaded, form);
    default:
      refuseFormShape(form);
      return data<ActionResult>({ error: "Unknown request: nothing was changed." }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Order ${loaded.order.reference} — Tour Booking` : "Order — Tour Booking" },
];

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
  return (
    <article aria-labelledby="order-title" className="booking-page receipt">
      <ReceiptHeader order={order} isAdmin={isAdmin} />

      <BookingFacts order={order} />

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
