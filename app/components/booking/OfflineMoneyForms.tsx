// Admins' plain HTML forms on a booking page (/dashboard/orders/{id}) for money that moved outside
// the card provider (bKash, Nagad, bank transfer, cash), each with its reference: a payment
// received, and a refund the agency paid back of what was paid that way.
import { Form } from "@remix-run/react";
import { OFFLINE_REFUND_METHODS } from "~/booking";
import { BOOKING_PAGE_INTENTS } from "~/components/booking/booking-page-intents";
import { MethodAndReference, PlainFormError, plainFields, type PlainFields } from "~/components/PlainFormFields";
import type { PlainFormResult } from "~/platform/forms";
import { formatDollars } from "~/platform/money";

/** The amount in dollars and cents (more than 0, at most `maxCents` when given), what was typed and its error. */
function AmountField({ fields, label, maxCents }: { fields: PlainFields; label: string; maxCents?: number }) {
  const { id, value, error, described } = fields;
  return (
    <>
      <label htmlFor={id("amount")}>{label}</label>
      <input
        id={id("amount")}
        name="amount"
        type="number"
        step="0.01"
        min="0.01"
        {...(maxCents === undefined ? {} : { max: (maxCents / 100).toFixed(2), inputMode: "decimal" as const })}
        required
        defaultValue={value("amount")}
        {...described("amount")}
      />
      {error("amount")}
    </>
  );
}

/** Admins: a refund the agency paid back itself of what was paid offline, with its reference. */
export function OfflineRefundSection({
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
        <input type="hidden" name="intent" value={BOOKING_PAGE_INTENTS.recordRefund} />
        <AmountField fields={fields} label="Refund ($)" maxCents={dueCents} />
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

/** Admins: money received by bKash, Nagad, bank transfer or cash, with its reference. */
export function OfflinePaymentSection({ result }: { result: PlainFormResult | null }) {
  const fields = plainFields("offline-payment", result);
  return (
    <section aria-labelledby="offline-payment-title" className="receipt-section no-print">
      <h2 id="offline-payment-title">Record a payment received</h2>
      <PlainFormError result={result} />
      <Form method="post" className="offline-refund-form">
        <input type="hidden" name="intent" value={BOOKING_PAGE_INTENTS.recordPayment} />
        <AmountField fields={fields} label="Amount ($)" />
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
