import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { TEST_PUBLISHABLE_KEY } from "../support/stripe-fake";
import { E2E_STRIPE_PORT } from "./support/global-setup";

/** Opens a page and, with JavaScript on, waits until React has hydrated it. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}

/** axe's WCAG 2.x A and AA checks on the page as it is now; axe runs as a script in the page, so with JavaScript only. */
export async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}

/** An open date of a package with seats for `quantity` persons (demo packages have several). */
export async function openDeparture(request: APIRequestContext, serviceId: string, quantity = 1, origin = "") {
  const departures = (await (await request.get(`${origin}/api/services/${serviceId}/departures`)).json()) as {
    _id: string;
    date: string;
    seatsLeft: number;
  }[];
  // The latest date with enough seats: far enough ahead for the full refund of the default policy.
  const best = departures.filter((departure) => departure.seatsLeft >= quantity).sort((a, b) => b.date.localeCompare(a.date))[0];
  expect(best, "an open date with enough seats").toBeDefined();
  return best!;
}

/**
 * A demo package (Cox's Bazar, seeded with its dates): the suite's own packages come first in the
 * newest-first list, and some have dates of a few seats.
 */
export const DEMO_PACKAGE_QUERY = "/api/services?q=Cox%27s%20Bazar";

/**
 * Presses Add-Cart on the order page: with JavaScript a link to the checkout; without, a submit of
 * the page's form that the server sends on to the checkout (or back with what is missing).
 */
export async function pressAddCart(page: Page, javaScriptEnabled: boolean) {
  await page.getByRole(javaScriptEnabled ? "link" : "button", { name: "Add-Cart" }).click();
}

/** Fills the checkout's billing details (the specification's fields) with a valid Dhaka address. */
export async function fillBilling(page: Page) {
  await page.getByLabel("First name").fill("Rina");
  await page.getByLabel("Last name").fill("Das");
  await page.getByLabel("Street address").fill("House 4, Road 2");
  await page.getByLabel("Town / City").fill("Dhanmondi");
  await page.getByLabel("District").selectOption("Dhaka");
  await page.getByLabel("Mobile number").fill("01712345678");
}

/** Chooses the first date that still has seats on the order page. */
export async function chooseFirstDate(page: Page) {
  await page.getByRole("group", { name: "Date" }).getByRole("radio", { disabled: false }).first().check();
}

/** The checkout's name, address and mobile of the suite's orders placed through the API. */
export const CUSTOMER_ADDRESS = {
  firstName: "Rina",
  lastName: "Chowdhury",
  streetAddress: "House 14, Road 27, Block C",
  townName: "Mohammadpur Town",
  district: "Dhaka",
  mobileNumber: "01712345678",
};

/**
 * Places an order of the demo package through the API with the page's session cookie; returns its
 * id. `origin` names another server than the test's own (its writes must say where they come from).
 */
export async function placeOrderThroughApi(
  page: Page,
  { email, quantity, origin = "" }: { email: string; quantity: number; origin?: string },
) {
  const services = (await (await page.request.get(`${origin}${DEMO_PACKAGE_QUERY}`)).json()) as { _id: string }[];
  const response = await page.request.post(`${origin}/api/my-orders`, {
    data: {
      ...CUSTOMER_ADDRESS,
      email,
      service: services[0]._id,
      departure: (await openDeparture(page.request, services[0]._id, quantity, origin))._id,
      quantity,
      type: "couple",
    },
    ...(origin ? { headers: { Origin: origin } } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;

/** Pays an order (all that is due, or `part`: "deposit") by card as Stripe.js would, then records it through the API. */
export async function payThroughApi(page: Page, baseURL: string, id: string, part?: "deposit" | "balance" | "full") {
  const headers = { Origin: baseURL };
  const started = await page.request.post("/api/create-payment-intent", {
    data: { orderId: id, ...(part ? { part } : {}) },
    headers,
  });
  expect(started.status(), await started.text()).toBe(200);
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const intentId = clientSecret.split("_secret_")[0];
  const post = (path: string, fields: Record<string, string>) =>
    page.request.post(`${STRIPE}${path}`, { form: { key: TEST_PUBLISHABLE_KEY, ...fields } });
  const method = (await (
    await post("/v1/payment_methods", {
      type: "card",
      "card[number]": "4242424242424242",
      "card[exp_month]": "12",
      "card[exp_year]": "2034",
      "card[cvc]": "123",
    })
  ).json()) as { id: string };
  expect(
    (await post(`/v1/payment_intents/${intentId}/confirm`, { payment_method: method.id, client_secret: clientSecret })).ok(),
  ).toBe(true);
  const recorded = await page.request.put(`/api/my-orders/${id}`, { data: { transaction: intentId }, headers });
  expect(recorded.status(), await recorded.text()).toBe(200);
}

/** An order of the demo package paid by card as Stripe.js would pay it, then recorded through the API; returns its id and price. */
export async function paidOrderThroughApi(page: Page, baseURL: string, email: string) {
  const id = await placeOrderThroughApi(page, { email, quantity: 2 });
  await payThroughApi(page, baseURL, id);
  const order = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { Price: number };
  return { id, price: order.Price };
}
