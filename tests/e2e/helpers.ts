import { expect, type Page } from "@playwright/test";

/** Opens a page and, with JavaScript on, waits until React has hydrated it. */
export async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}

/**
 * Places an order of the first package through the API with the page's session cookie; returns its
 * id. `origin` names another server than the test's own (its writes must say where they come from).
 */
export async function placeOrderThroughApi(
  page: Page,
  { email, quantity, origin = "" }: { email: string; quantity: number; origin?: string },
) {
  const services = (await (await page.request.get(`${origin}/api/services`)).json()) as { _id: string }[];
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
      quantity,
      type: "couple",
    },
    ...(origin ? { headers: { Origin: origin } } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}
