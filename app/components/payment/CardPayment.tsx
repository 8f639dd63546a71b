// The payment page's card form (/dashboard/payment/{orderId}): Stripe.js, loaded in the browser
// only and only on this page, confirms the card; the page's action then checks the payment with
// Stripe before the order is recorded as paid.
import { useFetcher } from "@remix-run/react";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
// The "pure" entry loads Stripe.js on the first loadStripe call; the main entry would add its
// script as soon as this module is imported, even when card payments are not configured.
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState, type FormEvent } from "react";
import type { PaymentPart } from "~/booking";
import type { PaymentOrder } from "~/components/payment/PaymentSummaries";
import { Spinner } from "~/components/Spinner";
import { formatDollars } from "~/platform/money";

/** The spec's Pay button (everything due now) and, while the plan allows, the deposit's: both rendered by the server. */
function PayButtons({
  order,
  price,
  disabled,
  busy = false,
}: {
  order: PaymentOrder;
  price: string;
  disabled: boolean;
  busy?: boolean;
}) {
  if (busy) return <Spinner label="Processing your payment" />;
  return (
    <div className="payment-buttons">
      <button type="submit" name="part" value={order.due?.part ?? "full"} className="button" disabled={disabled}>
        Pay {price}
      </button>
      {order.depositCents !== null ? (
        <button type="submit" name="part" value="deposit" className="button button-secondary" disabled={disabled}>
          Pay deposit {formatDollars(order.depositCents)}
        </button>
      ) : null}
    </div>
  );
}

type LoadState = { status: "loading" } | { status: "ready"; stripe: Stripe } | { status: "unavailable" };

// Stripe.js is loaded in the browser only, and only on this page.
export function CardPayment({
  publishableKey,
  order,
  price,
  onSucceeded,
}: {
  publishableKey: string;
  order: PaymentOrder;
  price: string;
  onSucceeded: () => void;
}) {
  const [load, setLoad] = useState<LoadState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    loadStripe(publishableKey)
      .then((stripe) => current && setLoad(stripe ? { status: "ready", stripe } : { status: "unavailable" }))
      .catch(() => current && setLoad({ status: "unavailable" }));
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (load.status !== "ready") {
    return (
      <form className="payment-form" aria-busy={load.status === "loading"}>
        {/* Server-rendered, so a browser without JavaScript shows it too (it ignores <noscript> when emulated). */}
        {load.status === "loading" ? (
          <p className="hint">
            Loading the secure card form… Paying by card needs JavaScript: if this message stays, please turn it on and reload.
          </p>
        ) : null}
        {load.status === "unavailable" ? (
          <p className="alert alert-error" role="alert">
            The card form could not be loaded: the payment service is unreachable. Please try again later.
          </p>
        ) : null}
        <div className="card-field card-field-placeholder" aria-hidden="true" />
        <PayButtons order={order} price={price} disabled />
      </form>
    );
  }
  return (
    <Elements stripe={load.stripe}>
      <CardForm order={order} price={price} onSucceeded={onSucceeded} />
    </Elements>
  );
}

function CardForm({ order, price, onSucceeded }: { order: PaymentOrder; price: string; onSucceeded: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = useFetcher<{ paid: true } | { error: string }>();
  const [stage, setStage] = useState<"idle" | "processing" | "succeeded">("idle");
  const [error, setError] = useState<string | null>(order.failed ? "Your last payment attempt failed. Please try again." : null);

  function fail(message: string) {
    setError(message);
    setStage("idle");
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Which button: the whole amount due, or the deposit.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const part = (submitter?.value || order.due?.part || "full") as PaymentPart;
    const card = elements?.getElement(CardElement);
    // The stage guard makes a double click start one payment, not two.
    if (stage !== "idle" || !stripe || !card) return;
    setError(null);
    setStage("processing");
    try {
      // The server takes the price from the order; the browser sends only which order.
      const response = await fetch("/api/create-payment-intent", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ orderId: order.id, part }),
      });
      const started = (await response.json()) as {
        clientSecret?: string;
        error?: string;
      };
      if (!response.ok || !started.clientSecret) return fail(started.error ?? "The payment could not be started.");
      const created = await stripe.createPaymentMethod({
        type: "card",
        card,
        billing_details: { name: order.billingName, email: order.email },
      });
      if (created.error) return fail(created.error.message ?? "Your card could not be used.");
      const result = await stripe.confirmCardPayment(started.clientSecret, {
        payment_method: created.paymentMethod.id,
      });
      if (result.error) return fail(result.error.message ?? "The payment could not be confirmed.");
      if (result.paymentIntent.status !== "succeeded")
        return fail(`The payment is ${result.paymentIntent.status.replaceAll("_", " ")}.`);
      setStage("succeeded");
      onSucceeded();
      confirm.submit({ paymentIntentId: result.paymentIntent.id }, { method: "post" });
    } catch {
      fail("The payment service could not be reached. Please try again.");
    }
  }

  const serverError = confirm.data && "error" in confirm.data ? confirm.data.error : null;
  return (
    <form className="payment-form" onSubmit={onSubmit}>
      {/* Stripe's card fields live in its iframe: a group named by this text, not a <label>. */}
      <div className="card-label" role="group" aria-labelledby="card-details-label">
        <span id="card-details-label">Card details</span>
        <div className="card-field">
          <CardElement options={{ hidePostalCode: false }} />
        </div>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {serverError ? (
        <p className="form-error" role="alert">
          {serverError} If your card was charged, the order will show Paid as soon as the payment provider confirms it.
        </p>
      ) : null}
      <PayButtons order={order} price={price} busy={stage === "processing"} disabled={!stripe || stage !== "idle"} />
    </form>
  );
}
