// The payment page's manual bKash/Nagad section (issue 39 item 7): the agency's merchant numbers
// (each hidden when unset), the steps (Payment, not Send Money; the booking reference as the
// reference), the amount in taka at the agency's rate, and the claim form prefilled with the amount
// due (dollars and cents, its taka beside it) asking for the transaction ID. A plain form posting
// `intent=claim-payment` to the payment page's action: it works without JavaScript. Its own file so
// that the gateways' forms (SSLCommerz, bKash checkout) sit beside it on the same page.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "~/components/hooks";
import { useT } from "~/components/language-context";
import { PlainFormError, plainFields } from "~/components/PlainFormFields";
import { formatTaka, RATE_UNUSABLE_TEXT, rateFieldValue, takaConversion, toTaka } from "~/payments";
import { localDigits } from "~/platform/digits";
import type { PlainFormResult } from "~/platform/forms";
import { centsAsDecimal } from "~/platform/money";

/** The section's id: the fragment its form posts to without JavaScript, where its answer shows. */
const MANUAL_PAYMENT_ID = "manual-payment";
export const CLAIM_INTENT = "claim-payment";

export interface ManualPaymentInfo {
  /** the booking reference the customer writes as the payment's reference */
  reference: string;
  /** everything due now, in cents */
  dueCents: number;
  bkashNumber: string | null;
  nagadNumber: string | null;
  /** the rate in force, or why there is none (no taka amounts then) */
  rate: { bdtPerUsd: number } | { unusable: "none" | "stale" };
}

export function ManualPaymentSection({
  info,
  result,
  sent,
}: {
  info: ManualPaymentInfo;
  result: PlainFormResult | null;
  sent: boolean;
}) {
  const translator = useT();
  const { t, language } = translator;
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent || result) answer.current?.focus();
  }, [sent, result]);
  const { id, value, error, described } = plainFields("manual", result);
  const bdtPerUsd = "bdtPerUsd" in info.rate ? info.rate.bdtPerUsd : null;
  const methods = [
    ["bkash", t("payment.manual.bkash"), info.bkashNumber],
    ["nagad", t("payment.manual.nagad"), info.nagadNumber],
  ] as const;
  const shown = methods.filter(([, , number]) => number);
  return (
    <section id={MANUAL_PAYMENT_ID} aria-labelledby="manual-payment-title" className="payment-method manual-payment">
      <h2 id="manual-payment-title">{t("payment.manual.heading")}</h2>
      {shown.length > 0 ? (
        <dl className="merchant-numbers">
          {shown.map(([method, name, number]) => (
            <div key={method}>
              <dt>{t("payment.manual.merchant", { method: name })}</dt>
              <dd>
                <strong>{localDigits(number!, language)}</strong>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t("payment.manual.noMerchant")}</p>
      )}
      {bdtPerUsd !== null ? (
        <p className="taka-amount">
          {t("payment.manual.amount", { conversion: takaConversion(info.dueCents, bdtPerUsd, translator) })}
        </p>
      ) : (
        <p className="alert alert-info" role="status">
          {t(RATE_UNUSABLE_TEXT["unusable" in info.rate ? info.rate.unusable : "none"].customer)}
        </p>
      )}
      <h3>{t("payment.manual.stepsTitle")}</h3>
      <ol className="payment-steps">
        <li>{t("payment.manual.step.open")}</li>
        {shown.length > 0 ? <li>{t("payment.manual.step.merchant")}</li> : null}
        <li>
          {bdtPerUsd !== null
            ? t("payment.manual.step.amount", { taka: formatTaka(toTaka(info.dueCents, bdtPerUsd), language) })
            : t("payment.manual.step.amountNoRate")}
        </li>
        <li>{t("payment.manual.step.reference", { reference: info.reference })}</li>
        <li>{t("payment.manual.step.confirm")}</li>
      </ol>
      <div ref={answer} tabIndex={-1} className="claim-answer">
        {sent ? (
          <p className="alert alert-success" role="status">
            {t("payment.manual.sent")}
          </p>
        ) : (
          <>
            <h3>{t("payment.manual.formTitle")}</h3>
            <PlainFormError result={result} />
            {/* With JavaScript no fragment: the router would scroll to it without minding the sticky header. */}
            <Form
              method="post"
              action={hydrated ? pathname : `${pathname}#${MANUAL_PAYMENT_ID}`}
              preventScrollReset
              className="offline-refund-form"
            >
              <input type="hidden" name="intent" value={CLAIM_INTENT} />
              <label htmlFor={id("method")}>{t("payment.manual.paidBy")}</label>
              <select id={id("method")} name="method" required defaultValue={value("method") || "bkash"} {...described("method")}>
                {methods.map(([method, name]) => (
                  <option key={method} value={method}>
                    {name}
                  </option>
                ))}
              </select>
              {error("method")}
              <label htmlFor={id("amount")}>{t("payment.manual.amountLabel")}</label>
              <input
                id={id("amount")}
                name="amount"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0.01"
                required
                defaultValue={value("amount") || centsAsDecimal(info.dueCents)}
                {...described("amount")}
                aria-describedby={[described("amount")["aria-describedby"], bdtPerUsd !== null ? id("taka") : null]
                  .filter(Boolean)
                  .join(" ")}
              />
              {bdtPerUsd !== null ? (
                <p id={id("taka")} className="hint">
                  {t("payment.manual.amountTaka", {
                    taka: formatTaka(toTaka(info.dueCents, bdtPerUsd), language),
                    rate: localDigits(rateFieldValue(bdtPerUsd), language),
                  })}
                </p>
              ) : null}
              {error("amount")}
              <label htmlFor={id("reference")}>{t("payment.manual.reference")}</label>
              <input
                id={id("reference")}
                name="reference"
                maxLength={100}
                required
                autoComplete="off"
                autoCapitalize="characters"
                defaultValue={value("reference")}
                {...described("reference")}
                aria-describedby={[described("reference")["aria-describedby"], id("reference-hint")].filter(Boolean).join(" ")}
              />
              <p id={id("reference-hint")} className="hint">
                {t("payment.manual.referenceHint")}
              </p>
              {error("reference")}
              <button type="submit" className="button">
                {t("payment.manual.send")}
              </button>
            </Form>
            <p className="hint">{t("payment.manual.verifyNote")}</p>
          </>
        )}
      </div>
    </section>
  );
}
