// The "Cancel this booking" section of a booking page (/dashboard/orders/{id}): what cancelling
// refunds by the package's policy, the form (an admin may choose the amount and say why), and the
// confirmation step, which works without JavaScript.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { type BookingActions, type CancellationQuote, cancelFormSchema } from "~/booking";
import { BOOKING_PAGE_INTENTS } from "~/components/booking/booking-page-intents";
import { bringIntoView } from "~/components/booking/bring-into-view";
import { Field, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useHydrated } from "~/components/hooks";
import type { PlainFormResult } from "~/platform/forms";
import { formatDollars } from "~/platform/money";

/** The booking page's answers but the travellers': this section shows the confirmation step, an outcome or a refusal. */
export type CancelAnswer =
  | { confirm: { refundCents: number; amount: string; reason: string } }
  | { done: string }
  | { error: string; result?: SubmissionResult<string[]> }
  | { claim: PlainFormResult }
  | { claimSent: string }
  | { offlineRefund: PlainFormResult }
  | { offlinePayment: PlainFormResult };

/** The cancel section's id: the fragment its forms post to. */
const CANCEL_ID = "cancel";

/**
 * Where "Cancel booking" is, its confirmation, refusal or outcome takes its place (id "cancel"):
 * without JavaScript the form posts to #cancel, so the answer opens there; with it, focus moves to
 * the answer.
 */
export function CancelSection({
  quote,
  actions,
  policy,
  isAdmin,
  result,
}: {
  quote: CancellationQuote;
  actions: Pick<BookingActions, "live" | "cancelHint">;
  policy: string[];
  isAdmin: boolean;
  /** the page's answer to any of its forms but the travellers' */
  result: CancelAnswer | undefined;
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
            <button
              type="submit"
              name="intent"
              value={BOOKING_PAGE_INTENTS.cancel}
              className="button button-danger"
              disabled={pending}
            >
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
          <input type="hidden" name="intent" value={BOOKING_PAGE_INTENTS.askCancel} />
        </Form>
      )}
    </section>
  );
}
