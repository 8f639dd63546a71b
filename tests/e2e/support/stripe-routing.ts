import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { E2E_STRIPE_PORT } from "./global-setup";

const fakeStripeJs = readFileSync(new URL("./fake-stripe.js", import.meta.url), "utf8");

/** Serves the fake Stripe.js in place of Stripe's and sends the browser's Stripe API calls to the local fake. */
export async function routeStripe(page: Page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: fakeStripeJs }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${E2E_STRIPE_PORT}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}
