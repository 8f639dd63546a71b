// The Stripe client, built from the configuration. STRIPE_API_BASE points it at a local
// Stripe-compatible fake in tests; unset, it talks to Stripe itself.
import Stripe from "stripe";
import { env } from "~/platform/env.server";

let client: Stripe | undefined;
let clientConfig: string | undefined;

/** Payments need both keys: the secret one for the server, the publishable one for Stripe.js. */
export function paymentsConfigured(): boolean {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY } = env();
  return Boolean(STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY);
}

export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const config = `${STRIPE_SECRET_KEY}|${STRIPE_API_BASE ?? ""}`;
  if (client && clientConfig === config) return client;
  const base = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : undefined;
  client = new Stripe(STRIPE_SECRET_KEY, {
    // One retry on network errors; Stripe's SDK reuses the idempotency key for it.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
  clientConfig = config;
  return client;
}
