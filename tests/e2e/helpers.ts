import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** Opens a page and, with JavaScript on, waits until React has hydrated it. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
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

/** Chooses the first date that still has seats on the order page. */
export async function chooseFirstDate(page: Page) {
  await page.getByRole("group", { name: "Date" }).getByRole("radio", { disabled: false }).first().check();
}

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
      firstName: "Rina",
      lastName: "Chowdhury",
      streetAddress: "House 14, Road 27, Block C",
      townName: "Mohammadpur Town",
      district: "Dhaka",
      mobileNumber: "01712345678",
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
