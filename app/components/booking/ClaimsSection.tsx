// The "Paid by bKash or Nagad" section of a booking page (/dashboard/orders/{id}): the owner's
// claims and their state, and a plain form to send one for an administrator to verify.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BOOKING_PAGE_INTENTS } from "~/components/booking/booking-page-intents";
import { bringIntoView } from "~/components/booking/bring-into-view";
import { useHydrated } from "~/components/hooks";
import { PlainFormError, plainFields } from "~/components/PlainFormFields";
import type { PlainFormResult } from "~/platform/forms";
import { formatDollars } from "~/platform/money";

/** Where the claim form is, its answer takes its place (id "claim"): the fragment its form posts to without JavaScript. */
const CLAIM_ID = "claim";

/** The owner's bKash/Nagad payments to verify: each claim's state, and the form to send one. */
export function ClaimsSection({
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
            <input type="hidden" name="intent" value={BOOKING_PAGE_INTENTS.claimPayment} />
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
