// /dashboard/payment/{orderId}: the customer pays their own order by card (docs/spec.md §2, §4 Order payment).
// The browser confirms the card with Stripe.js; the order becomes 'Paid' only when this route's
// action (or the webhook) has checked the payment intent with Stripe.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { useState } from "react";
import { requireUser } from "~/accounts/index.server";
import { balanceDueOf, payableParts, paymentClaimFormSchema, type PaymentPart, toCents } from "~/booking";
import {
  closedBookingMessage,
  confirmPayment,
  openGatewayPayment,
  paymentPageOrder,
  submitPaymentClaim,
  takaQuote,
} from "~/booking/index.server";
import { GatewayPaymentForms, type TakaOption } from "~/components/GatewayPayment";
import { useT } from "~/components/language-context";
import { CLAIM_INTENT, ManualPaymentSection, type ManualPaymentInfo } from "~/components/ManualPaymentSection";
import { CardPayment } from "~/components/payment/CardPayment";
import { CardPaymentsUnavailable, PaidSummary, PlanSummary } from "~/components/payment/PaymentSummaries";
import { paymentErrorStatus } from "~/http/error-status";
import { dashboardTitle } from "~/http/page-meta";
import { offlinePaymentRefusal, plainFormAction } from "~/http/plain-form-action.server";
import { isLocalGateway, LOCAL_GATEWAYS, RATE_UNUSABLE_TEXT, takaConversion } from "~/payments";
import { configuredProviders, getUsableExchangeRate, PaymentError, paymentsConfigured } from "~/payments/index.server";
import { clientAddress } from "~/platform/client-address.server";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { formNulMessage } from "~/platform/forms";
import type { MessageKey } from "~/platform/i18n";
import { formatDollars } from "~/platform/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const order = await paymentPageOrder(params.orderId ?? "", user.id);
  if (!order) throw new Response("No such order", { status: 404 });
  // What can be paid now: everything still due (the whole price, or the balance), and the deposit while nothing is paid.
  const parts = payableParts(order);
  const balanceDue = balanceDueOf({ ...order, balanceDueDate: order.balanceDueDate && isoDate(order.balanceDueDate) });
  const closed = order.paymentStatus === "PAID" ? null : closedBookingMessage(order);
  // The local gateways offered (bKash, SSLCommerz), each part with its taka at the agency's rate.
  const offered = configuredProviders();
  const gateways = LOCAL_GATEWAYS.filter((gateway) => offered.includes(gateway));
  const taka: { part: string; cents: number; bdtPerUsd: number }[] = [];
  let takaUnavailable: MessageKey | null = null;
  if (gateways.length > 0 && !closed) {
    for (const part of parts) {
      const quote = await takaQuote(part.cents);
      if ("error" in quote) {
        takaUnavailable = RATE_UNUSABLE_TEXT[quote.reason].customer;
        break;
      }
      taka.push({ part: part.part, cents: part.cents, bdtPerUsd: quote.bdtPerUsd });
    }
  }
  return {
    manual: parts[0] && !closed ? await manualPayment(order.reference, parts[0].cents) : null,
    order: {
      id: order.id,
      priceCents: order.priceCents,
      due: parts[0] ?? null,
      depositCents: parts.find((part) => part.part === "deposit")?.cents ?? null,
      paidCents: order.paidCents,
      balanceDue: balanceDue && formatCalendarDate(balanceDue),
      name: order.serviceTitle,
      billingName: `${order.firstName} ${order.lastName}`,
      email: order.email,
      failed: order.paymentStatus === "FAILED",
      /** an expired or cancelled booking is not paid any more: why */
      closed,
      payment: latestPayment(order),
      hasVoucher: order.bookingStatus === "CONFIRMED" || order.bookingStatus === "COMPLETED",
      invoiceNumber: order.invoiceNumber,
    },
    publishableKey: paymentsConfigured() ? env().STRIPE_PUBLISHABLE_KEY! : null,
    gateways: { offered: gateways, taka, unavailable: takaUnavailable },
  };
}

/** What the manual bKash/Nagad section shows: the merchant numbers, the rate, the amount due now. */
async function manualPayment(reference: string, dueCents: number): Promise<ManualPaymentInfo> {
  const rate = await getUsableExchangeRate();
  return {
    reference,
    dueCents,
    bkashNumber: env().BKASH_MERCHANT_NUMBER ?? null,
    nagadNumber: env().NAGAD_MERCHANT_NUMBER ?? null,
    rate: rate.ok ? { bdtPerUsd: rate.bdtPerUsd } : { unusable: rate.reason },
  };
}

/** The receipt shown once something is paid: the latest payment (payments come oldest first), the one just made. */
function latestPayment(order: NonNullable<Awaited<ReturnType<typeof paymentPageOrder>>>) {
  const payment = order.payments.at(-1);
  return payment ? { ...payment, created: payment.created.toISOString() } : null;
}

type ActionResult = { paid: true } | { error: string } | { gatewayError: string };

const PARTS = new Set(["deposit", "balance", "full"]);

/** A gateway's form (intent=gateway): the customer goes to bKash's or SSLCommerz's page for the amount due. */
async function payThroughGateway(orderId: string, userId: string, form: FormData) {
  const provider = form.get("provider");
  const part = String(form.get("part") ?? "");
  if (!isLocalGateway(provider))
    return data<ActionResult>({ gatewayError: "provider: choose bKash or SSLCommerz." }, { status: 400 });
  try {
    const { redirectUrl } = await openGatewayPayment(
      orderId,
      userId,
      provider,
      PARTS.has(part) ? (part as PaymentPart) : undefined,
    );
    return redirect(redirectUrl, 303);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    if (error.code === "not-found") throw new Response("No such order", { status: 404 });
    return data<ActionResult>({ gatewayError: error.message }, { status: paymentErrorStatus(error) });
  }
}

/** The manual section's "I paid by bKash or Nagad" form: a claim an administrator verifies. */
function claimPayment(orderId: string, userId: string, form: FormData, address: string | null) {
  return plainFormAction(
    "claim",
    form,
    { schema: paymentClaimFormSchema, invalid: "Please correct the form: nothing was sent." },
    async ({ amount, method, reference }) => {
      // Only the owner's own order: another's (or none) is a 404, as the page's loader answers.
      if (!(await paymentPageOrder(orderId, userId))) throw new Response("No such order", { status: 404 });
      await submitPaymentClaim(orderId, userId, { amountCents: toCents(amount), method, reference }, address);
      return { claimSent: true as const };
    },
    offlinePaymentRefusal,
  );
}

// The browser says which intent it paid; the order is recorded as paid only if Stripe agrees.
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const nul = formNulMessage(form);
  if (nul) return data<ActionResult>({ error: nul }, { status: 400 });
  if (form.get("intent") === CLAIM_INTENT)
    return claimPayment(params.orderId ?? "", user.id, form, clientAddress(request, context));
  if (form.get("intent") === "gateway") return payThroughGateway(params.orderId ?? "", user.id, form);
  try {
    await confirmPayment(params.orderId ?? "", String(form.get("paymentIntentId") ?? ""), user.id);
    return data<ActionResult>({ paid: true });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    if (error.code === "not-found") throw new Response("No such order", { status: 404 });
    return data<ActionResult>({ error: error.message }, { status: paymentErrorStatus(error) });
  }
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.meta.payment");

// Mostly the confirmation post failing on the network after the card was charged (an unexpected
// error of this page lands here too, so the text covers both): say what happens next.
// Answers of the server (404, 503 and the like) go to the dashboard's boundary as on every page.
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) throw error;
  return (
    <section aria-labelledby="payment-error-title" className="payment-page">
      <h1 id="payment-error-title">Payment</h1>
      <p className="form-error" role="alert">
        This page could not reach our server, so your payment may not be recorded yet. If your card was charged, the order shows
        Paid as soon as the payment provider confirms it to us.
      </p>
      <p>
        <Link to="/dashboard/myOrder">Back to My Orders</Link>
      </p>
    </section>
  );
}

export default function PaymentPage() {
  const { order, publishableKey, manual, gateways } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const translator = useT();
  const { t } = translator;
  const gatewayError = answer && "gatewayError" in answer ? answer.gatewayError : null;
  const takaOptions: TakaOption[] = gateways.taka.map((option) => ({
    part: option.part,
    conversion: takaConversion(option.cents, option.bdtPerUsd, translator),
  }));
  // The spec's heading and Pay button say the amount due now: the whole price, or the balance once a deposit is paid.
  const price = formatDollars(order.due?.cents ?? order.priceCents);
  // Kept here: the message stays when the page switches to the paid view after the server's check.
  const [justPaid, setJustPaid] = useState(false);
  const canPay = order.due && !order.closed;
  return (
    <section aria-labelledby="payment-title" className="payment-page">
      <h1 id="payment-title">
        {/* The spec's heading while something is due; once nothing is, "Please Pay" would not be true. */}
        {order.due ? `Please Pay ${price} ${order.name} to ${order.email}` : `Paid in full: ${order.name}`}
      </h1>
      {justPaid ? <p className="form-success">your pament processed successfully</p> : null}
      {order.payment && !order.closed ? (
        <PaidSummary order={order} payment={order.payment} />
      ) : canPay ? (
        <PlanSummary order={order} />
      ) : !order.due && !order.closed ? (
        <p className="alert alert-success" role="status">
          This order is paid in full. <Link to={`/dashboard/orders/${order.id}`}>See the order</Link>
        </p>
      ) : null}
      {order.closed ? (
        <div className="alert alert-error" role="alert">
          <p>{order.closed}</p>
          <p>
            <Link to={`/dashboard/orders/${order.id}`}>See the order</Link> · <Link to="/services">Browse our tours</Link>
          </p>
        </div>
      ) : !canPay ? null : (
        <>
          {order.payment ? <h2 className="payment-form-title">Pay the balance</h2> : null}
          {publishableKey ? (
            <CardPayment publishableKey={publishableKey} order={order} price={price} onSucceeded={() => setJustPaid(true)} />
          ) : gateways.offered.length === 0 ? (
            <CardPaymentsUnavailable orderId={order.id} />
          ) : null}
          <GatewayPaymentForms
            gateways={gateways.offered}
            options={takaOptions}
            unavailable={gateways.unavailable}
            error={gatewayError}
          />
        </>
      )}
      {manual ? (
        <ManualPaymentSection
          info={manual}
          result={answer && "claim" in answer ? answer.claim : null}
          sent={!!answer && "claimSent" in answer}
        />
      ) : answer && "claimSent" in answer ? (
        <p className="alert alert-success" role="status">
          {t("payment.manual.sent")}
        </p>
      ) : null}
    </section>
  );
}
