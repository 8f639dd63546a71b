// The local Stripe fake for the browser tests: the app server reaches it through STRIPE_API_BASE,
// the browser through the routing in stripe-routing.ts.
import { startStripeFake } from "../../support/stripe-fake";

export const E2E_WEBHOOK_SECRET = "whsec_e2e_secret";
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3301);

export default async function globalSetup() {
  const fake = await startStripeFake({ port: E2E_STRIPE_PORT });
  return () => fake.close();
}
