// Payments to review (administrators): gateway payments held because the gateway flagged them as
// risky (SSLCommerz risk_level 1; docs/payments.md). Accept asks the gateway again and records the
// payment; Refund sends it back whole through its gateway. Each asks first, in a step of its own
// (plain POST forms: the page works without JavaScript).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { heldPaymentDecisionSchema } from "~/booking";
import { acceptHeldPayment, listHeldPayments, listRefundsNotMade, refundHeldPaymentByAdmin } from "~/booking/index.server";
import { useT } from "~/components/language-context";
import { paymentErrorStatus } from "~/http/error-status";
import { translatorFrom } from "~/http/page-meta";
import { formatRate, formatTaka } from "~/payments";
import { PaymentError } from "~/payments/index.server";
import { formatDateTime } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { formatDollars } from "~/platform/money";

const GATEWAY_NAMES: Record<string, string> = { bkash: "bKash", sslcommerz: "SSLCommerz" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [held, notRefunded] = await Promise.all([listHeldPayments(), listRefundsNotMade()]);
  return {
    refundsNotMade: notRefunded.map((session) => ({
      id: session.id,
      orderId: session.orderId,
      booking: session.order.reference,
      customer: `${session.order.firstName} ${session.order.lastName}`,
      gateway: GATEWAY_NAMES[session.provider] ?? session.provider,
      amountCents: session.amountCents,
      amountBdt: session.amountBdt,
      reference: session.providerReference ?? "",
      reason: session.refundIssue ?? "",
    })),
    payments: held.map((payment) => ({
      id: payment.id,
      orderId: payment.orderId,
      gateway: GATEWAY_NAMES[payment.provider] ?? payment.provider,
      amountCents: payment.amountCents,
      amountBdt: payment.amountBdt,
      rate: payment.rate,
      reference: payment.providerReference ?? "",
      note: payment.note,
      heldSince: payment.heldSince.toISOString(),
      booking: payment.order.reference,
      customer: `${payment.order.firstName} ${payment.order.lastName}`,
      mobile: payment.order.mobileNumber || null,
      service: payment.order.serviceTitle,
      priceCents: payment.order.priceCents,
      dueCents: Math.max(0, payment.order.priceCents - payment.order.paidCents),
      seatsUntil:
        payment.order.bookingStatus === "PENDING" && payment.order.holdExpiresAt
          ? payment.order.holdExpiresAt.toISOString()
          : null,
    })),
  };
}

type Answer = {
  sessionId: string | null;
  confirm?: "accept" | "refund";
  done?: "accepted" | "refunded";
  refundId?: string;
  error?: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), heldPaymentDecisionSchema);
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {})[0]?.[0] ?? "Unknown action.";
    return data<Answer>({ sessionId: null, error }, { status: 400 });
  }
  const { intent, sessionId, confirmed } = submission.value;
  // Accepting records money, refunding sends it back: the first post only asks.
  if (confirmed !== "yes") return data<Answer>({ sessionId, confirm: intent });
  try {
    if (intent === "accept") {
      await acceptHeldPayment(sessionId, admin);
      return data<Answer>({ sessionId, done: "accepted" });
    }
    const { refundId } = await refundHeldPaymentByAdmin(sessionId, admin);
    return data<Answer>({ sessionId, done: "refunded", refundId });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    return data<Answer>({ sessionId, error: error.message }, { status: paymentErrorStatus(error) });
  }
}

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("held.meta.title") }];

type Held = ReturnType<typeof useLoaderData<typeof loader>>["payments"][number];

function Confirm({ payment, intent }: { payment: Held; intent: "accept" | "refund" }) {
  const { t, language } = useT();
  const values = {
    gateway: payment.gateway,
    amount: formatDollars(payment.amountCents, language),
    taka: formatTaka(payment.amountBdt, language),
    booking: payment.booking,
  };
  return (
    <div className="alert alert-info confirm-step" role="alertdialog" aria-labelledby={`confirm-${payment.id}`}>
      <h2 id={`confirm-${payment.id}`}>{t(intent === "accept" ? "held.confirmAcceptTitle" : "held.confirmRefundTitle")}</h2>
      <p>{t(intent === "accept" ? "held.confirmAcceptText" : "held.confirmRefundText", values)}</p>
      <Form method="post" className="field-row">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="sessionId" value={payment.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className={intent === "accept" ? "button" : "button button-danger"}>
          {t(intent === "accept" ? "held.yesAccept" : "held.yesRefund")}
        </button>
        <Link to="." className="button button-secondary">
          {t("held.no")}
        </Link>
      </Form>
    </div>
  );
}

function Decision({ payment }: { payment: Held }) {
  const { t } = useT();
  const names = { gateway: payment.gateway, booking: payment.booking };
  return (
    <div className="claim-decision field-row">
      {(["accept", "refund"] as const).map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="sessionId" value={payment.id} />
          <button
            type="submit"
            className={intent === "accept" ? "button" : "button button-danger"}
            aria-label={t(intent === "accept" ? "held.acceptLabel" : "held.refundLabel", names)}
          >
            {t(intent === "accept" ? "held.accept" : "held.refund")}
          </button>
        </Form>
      ))}
    </div>
  );
}

/** Automatic refunds the gateway did not make: the administrators' task, with the gateway's reason. */
function RefundsNotMade({ refunds }: { refunds: ReturnType<typeof useLoaderData<typeof loader>>["refundsNotMade"] }) {
  const { t, language } = useT();
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="refunds-not-made-title">
      <h2 id="refunds-not-made-title">{t("held.refundsTitle")}</h2>
      <p>{t("held.refundsIntro")}</p>
      <ul className="plain-list claim-list">
        {refunds.map((refund) => (
          <li key={refund.id} className="card">
            <p>
              <Link to={`/dashboard/orders/${refund.orderId}`}>{refund.booking}</Link> · {refund.customer}
            </p>
            <p>
              {t("held.refundIssue", {
                gateway: refund.gateway,
                amount: formatDollars(refund.amountCents, language),
                taka: formatTaka(refund.amountBdt, language),
                reference: refund.reference,
                reason: refund.reason,
              })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HeldPayments() {
  const { payments, refundsNotMade } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, text, language } = useT();
  return (
    <section aria-labelledby="held-title">
      <h1 id="held-title">{t("held.title")}</h1>
      <p>{t("held.intro")}</p>
      {answer?.done ? (
        <p className="alert alert-success" role="status">
          {answer.done === "accepted" ? t("held.accepted") : t("held.refunded", { refundId: answer.refundId ?? "" })}
        </p>
      ) : null}
      {answer?.error ? (
        <p className="alert alert-error" role="alert">
          {text(answer.error)}
        </p>
      ) : null}
      {payments.length === 0 ? (
        <p>{t("held.empty")}</p>
      ) : (
        <ul className="plain-list claim-list">
          {payments.map((payment) => (
            <li key={payment.id} className="card">
              <p>
                <Link to={`/dashboard/orders/${payment.orderId}`}>{payment.booking}</Link> · {payment.customer}
              </p>
              <p>
                {t("held.paid", {
                  gateway: payment.gateway,
                  amount: formatDollars(payment.amountCents, language),
                  taka: `${formatTaka(payment.amountBdt, language)} (${formatRate(payment.rate, language)})`,
                  reference: payment.reference,
                })}
              </p>
              <p>{payment.mobile ? t("held.mobile", { number: payment.mobile }) : null}</p>
              <p>
                {t("held.due", {
                  due: formatDollars(payment.dueCents, language),
                  price: formatDollars(payment.priceCents, language),
                  service: payment.service,
                })}
              </p>
              {payment.note ? <p>{t("held.note", { note: payment.note })}</p> : null}
              <p>
                {t("held.since", { date: formatDateTime(payment.heldSince, language) })}
                {payment.seatsUntil ? ` ${t("held.seats", { date: formatDateTime(payment.seatsUntil, language) })}` : null}
              </p>
              {answer?.confirm && answer.sessionId === payment.id ? (
                <Confirm payment={payment} intent={answer.confirm} />
              ) : (
                <Decision payment={payment} />
              )}
            </li>
          ))}
        </ul>
      )}
      <RefundsNotMade refunds={refundsNotMade} />
    </section>
  );
}
