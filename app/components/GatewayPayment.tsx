// The payment page's local gateways (docs/payments.md): one server-rendered form per gateway the
// site offers ("bKash", "Card, bKash, Nagad, Rocket or bank (SSLCommerz)"), working without
// JavaScript: it posts to the page, whose action sends the customer to the gateway's page. Before
// leaving, the customer sees the taka the gateway will charge at the agency's rate. And the banner
// the order page shows when a gateway sent the customer back.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useT } from "~/components/language-context";
import type { MessageKey } from "~/platform/i18n";

export interface TakaOption {
  part: string;
  /** "$410 = ৳50,020 at ৳122/$" in the page's language */
  conversion: string;
}

const GATEWAY_LABELS: Record<string, MessageKey> = {
  bkash: "payment.gateway.bkash",
  sslcommerz: "payment.gateway.sslcommerz",
};

export function GatewayPaymentForms({
  gateways,
  options,
  unavailable,
  error,
}: {
  /** the local gateways offered, in order */
  gateways: string[];
  /** what can be paid now, with its taka at the rate (the first: everything due) */
  options: TakaOption[];
  /** why they cannot be used now (no usable exchange rate): its message, or null */
  unavailable: MessageKey | null;
  error: string | null;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  if (gateways.length === 0) return null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "gateway";
  return (
    <section aria-labelledby="gateway-title" className="gateway-payment">
      <h2 id="gateway-title">{t("payment.gateway.title")}</h2>
      {unavailable ? (
        <p className="alert alert-info" role="status">
          {t(unavailable)}
        </p>
      ) : (
        <>
          <p className="hint">{t("payment.gateway.leaving")}</p>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          {gateways.map((gateway) => (
            <Form method="post" key={gateway} className="gateway-form" aria-label={t(GATEWAY_LABELS[gateway]!)}>
              <input type="hidden" name="intent" value="gateway" />
              <input type="hidden" name="provider" value={gateway} />
              {options.length > 1 ? (
                <fieldset className="gateway-parts">
                  <legend>{t("payment.gateway.what")}</legend>
                  {options.map((option, index) => (
                    <label key={option.part}>
                      <input type="radio" name="part" value={option.part} defaultChecked={index === 0} />{" "}
                      {t(option.part === "deposit" ? "payment.gateway.deposit" : "payment.gateway.due")}: {option.conversion}
                    </label>
                  ))}
                </fieldset>
              ) : options[0] ? (
                <>
                  <input type="hidden" name="part" value={options[0].part} />
                  <p className="gateway-rate">{options[0].conversion}</p>
                </>
              ) : null}
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t(GATEWAY_LABELS[gateway]!)}
              </button>
            </Form>
          ))}
        </>
      )}
    </section>
  );
}

const RESULT_KEYS: Record<string, MessageKey> = {
  paid: "payment.result.paid",
  pending: "payment.result.pending",
  review: "payment.result.review",
  failed: "payment.result.failed",
  cancelled: "payment.result.cancelled",
  refunded: "payment.result.refunded",
  unknown: "payment.result.unknown",
};

/** What became of a visit to a gateway (`?payment=` on the order page), with the way to try again. */
export function GatewayResultBanner({ result, payPath }: { result: string | null; payPath: string | null }) {
  const { t } = useT();
  const key = result ? RESULT_KEYS[result] : undefined;
  if (!key) return null;
  const bad = result === "failed" || result === "cancelled";
  return (
    <div
      className={`alert ${bad ? "alert-error" : result === "paid" ? "alert-success" : "alert-info"}`}
      role={bad ? "alert" : "status"}
    >
      <p>{t(key)}</p>
      {bad && payPath ? (
        <p>
          <Link to={payPath}>{t("payment.result.tryAgain")}</Link>
        </p>
      ) : null}
    </div>
  );
}
