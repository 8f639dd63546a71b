// The payment gateways the site can take money through (docs/payments.md): Stripe (cards, paid on
// this site's own page), SSLCommerz and bKash (the customer pays on the gateway's page and comes
// back). Browser-safe: names only.

export type ProviderName = "stripe" | "sslcommerz" | "bkash";
/** The gateways a customer leaves the site for, charged in taka at the agency's rate. */
export const LOCAL_GATEWAYS = ["bkash", "sslcommerz"] as const;
export type LocalGateway = (typeof LOCAL_GATEWAYS)[number];

export function isLocalGateway(value: unknown): value is LocalGateway {
  return typeof value === "string" && (LOCAL_GATEWAYS as readonly string[]).includes(value);
}

/** What a customer is told after a gateway sent them back: the order page's `?payment=` value. */
export type GatewayResult = "paid" | "pending" | "review" | "failed" | "cancelled" | "refunded";
