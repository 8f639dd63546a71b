// Payment claims (administrators): the bKash/Nagad transaction ids customers sent from their order
// page. Accept records the payment (the same path as PATCH /api/payment-claims/{id}); Reject needs
// the reason the customer reads on the order page. Plain POST forms, so the page works without
// JavaScript; ?status= shows the pending (default), accepted or rejected ones, or (owed) the
// cancelled bookings whose offline payments the agency still has to pay back.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { claimDecisionFormSchema } from "~/booking";
import { decidePaymentClaim, listOfflineRefundsOwed, listPaymentClaims, OfflinePaymentError } from "~/booking/index.server";
import { useT } from "~/components/language-context";
import { offlinePaymentErrorStatus } from "~/http/error-status";
import { dashboardTitle } from "~/http/page-meta";
import { formatDateTime } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { formatDollars } from "~/platform/money";

const TABS = [
  { status: "pending", label: "Pending" },
  { status: "accepted", label: "Accepted" },
  { status: "rejected", label: "Rejected" },
  { status: "owed", label: "Refunds owed" },
] as const;
type TabStatus = (typeof TABS)[number]["status"];

function tabOf(url: string): TabStatus {
  const status = new URL(url).searchParams.get("status");
  return TABS.some((tab) => tab.status === status) ? (status as TabStatus) : "pending";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const status = tabOf(request.url);
  if (status === "owed") {
    const owed = await listOfflineRefundsOwed();
    return {
      status,
      claims: [],
      owed: owed.map((order) => ({
        orderId: order.id,
        booking: order.reference,
        customer: `${order.firstName} ${order.lastName}`,
        amount: formatDollars(order.offlineRefundOwedCents),
        since: formatDateTime(order.updatedAt),
      })),
    };
  }
  const claims = await listPaymentClaims(status.toUpperCase() as "PENDING" | "ACCEPTED" | "REJECTED");
  return {
    status,
    owed: [],
    claims: claims.map((claim) => ({
      id: claim.id,
      orderId: claim.orderId,
      booking: claim.order.reference,
      customer: `${claim.order.firstName} ${claim.order.lastName}`,
      method: claim.method === "NAGAD" ? "Nagad" : "bKash",
      amount: formatDollars(claim.amountCents),
      mobile: claim.order.mobileNumber || null,
      service: claim.order.serviceTitle,
      price: formatDollars(claim.order.priceCents),
      due: formatDollars(Math.max(0, claim.order.priceCents - claim.order.paidCents)),
      reference: claim.reference,
      submitted: formatDateTime(claim.createdAt),
      decided: claim.decidedAt ? formatDateTime(claim.decidedAt) : null,
      reason: claim.reason,
      // a pending booking's seats wait for the decision until then
      seatsHeldUntil:
        claim.status === "PENDING" && claim.order.bookingStatus === "PENDING" && claim.order.holdExpiresAt
          ? formatDateTime(claim.order.holdExpiresAt)
          : null,
      sameTransactionIn: claim.sameTransactionIn,
    })),
  };
}

type ActionAnswer = {
  claimId: string | null;
  message: string | null;
  error: string | null;
  reasonError: string | null;
  /** an Accept asks first: the claim whose confirmation step is shown */
  confirm?: boolean;
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseForm(formData, claimDecisionFormSchema);
  if (submission.status !== "success") {
    const claimId = String(submission.payload.claimId ?? "") || null;
    const reasonError = submission.error?.reason?.[0] ?? null;
    const error = reasonError ?? Object.values(submission.error ?? {})[0]?.[0] ?? "Nothing was decided.";
    return data<ActionAnswer>({ claimId, message: null, error, reasonError }, { status: 400 });
  }
  const { intent, claimId, reason } = submission.value;
  // Accepting records money and emails the customer: the first post only asks to confirm (a step of
  // its own, so it works without JavaScript); the confirmation's post carries confirmed=yes.
  if (intent === "accept" && formData.get("confirmed") !== "yes")
    return data<ActionAnswer>({ claimId, message: null, error: null, reasonError: null, confirm: true });
  try {
    await decidePaymentClaim(claimId, admin, { status: intent === "accept" ? "accepted" : "rejected", reason });
  } catch (error) {
    if (!(error instanceof OfflinePaymentError)) throw error;
    const status = offlinePaymentErrorStatus(error);
    const reasonError = error.field === "reason" ? error.message : null;
    return data<ActionAnswer>({ claimId, message: null, error: error.message, reasonError }, { status });
  }
  return data<ActionAnswer>({
    claimId,
    message: intent === "accept" ? "Claim accepted: the payment is recorded." : "Claim rejected: the customer sees the reason.",
    error: null,
    reasonError: null,
  });
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.paymentClaims");

type Claim = ReturnType<typeof useLoaderData<typeof loader>>["claims"][number];

/** The confirmation step of an Accept: what is accepted, and what it does. */
function ConfirmAccept({ claim }: { claim: Claim }) {
  const { t } = useT();
  return (
    <div className="alert alert-info confirm-step" role="alertdialog" aria-labelledby={`confirm-${claim.id}`}>
      <h2 id={`confirm-${claim.id}`}>{t("claims.confirmTitle")}</h2>
      <p>
        {t("claims.confirmText", {
          method: claim.method,
          amount: claim.amount,
          reference: claim.reference,
          booking: claim.booking,
        })}
      </p>
      <Form method="post" className="field-row">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="claimId" value={claim.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="button">
          {t("claims.confirmYes")}
        </button>
        <Link to="." className="button button-secondary">
          {t("claims.confirmNo")}
        </Link>
      </Form>
    </div>
  );
}

function Decision({ claim, answer }: { claim: Claim; answer: ActionAnswer | undefined }) {
  const reasonError = answer?.claimId === claim.id ? answer.reasonError : null;
  const errorId = `reason-${claim.id}-error`;
  if (answer?.confirm && answer.claimId === claim.id) return <ConfirmAccept claim={claim} />;
  return (
    <div className="claim-decision field-row">
      <Form method="post">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="claimId" value={claim.id} />
        <button type="submit" className="button" aria-label={`Accept ${claim.method} ${claim.reference}`}>
          Accept
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="claimId" value={claim.id} />
        <label htmlFor={`reason-${claim.id}`}>Reason to reject</label>
        <input
          id={`reason-${claim.id}`}
          name="reason"
          maxLength={500}
          required
          {...(reasonError ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        />
        {reasonError ? (
          <p id={errorId} className="field-error">
            {reasonError}
          </p>
        ) : null}
        <button type="submit" className="button button-danger" aria-label={`Reject ${claim.method} ${claim.reference}`}>
          Reject
        </button>
      </Form>
    </div>
  );
}

export default function PaymentClaims() {
  const { status, claims, owed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  return (
    <section aria-labelledby="claims-title">
      <h1 id="claims-title">Payment claims</h1>
      <p>bKash and Nagad payments customers reported from their order page. Check each transaction id before accepting it.</p>
      <nav aria-label="Claims by status" className="filter-links">
        {TABS.map((tab) => (
          <Link key={tab.status} to={`?status=${tab.status}`} aria-current={tab.status === status ? "page" : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
      {answer?.message ? (
        <p className="alert alert-success" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer?.error ? (
        <p className="alert alert-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      {status === "owed" ? (
        owed.length === 0 ? (
          <p>No refunds are owed.</p>
        ) : (
          <ul className="plain-list claim-list">
            {owed.map((order) => (
              <li key={order.orderId} className="card">
                <p>
                  <Link to={`/dashboard/orders/${order.orderId}#offline-refund`}>{order.booking}</Link> · {order.customer}
                </p>
                <p>
                  To pay back: {order.amount}, owed since {order.since}. Record it on the booking&apos;s page once sent.
                </p>
              </li>
            ))}
          </ul>
        )
      ) : claims.length === 0 ? (
        <p>No {status} claims.</p>
      ) : (
        <ul className="plain-list claim-list">
          {claims.map((claim) => (
            <li key={claim.id} className="card">
              <p>
                <Link to={`/dashboard/orders/${claim.orderId}`}>{claim.booking}</Link> · {claim.customer}
              </p>
              <p>
                {claim.method} {claim.amount}, transaction <code className="break-anywhere">{claim.reference}</code>
              </p>
              <p>{claim.mobile ? t("claims.mobile", { number: claim.mobile }) : t("claims.noMobile")}</p>
              <p>{t("claims.due", { due: claim.due, price: claim.price, service: claim.service })}</p>
              <p>Submitted {claim.submitted}</p>
              {claim.seatsHeldUntil ? <p>Seats held for this claim until {claim.seatsHeldUntil}.</p> : null}
              {claim.sameTransactionIn.length > 0 ? (
                <p className="alert alert-error">
                  The same transaction id was also submitted or paid for {claim.sameTransactionIn.join(", ")}: check which booking
                  it belongs to.
                </p>
              ) : null}
              {claim.decided ? (
                <p>
                  {status === "accepted" ? "Accepted" : "Rejected"} {claim.decided}
                  {claim.reason ? `: ${claim.reason}` : null}
                </p>
              ) : null}
              {status === "pending" ? <Decision claim={claim} answer={answer} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
