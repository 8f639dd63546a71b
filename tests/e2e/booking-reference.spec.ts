// What a new customer reads about their booking on a 390 px phone, JavaScript on and off: the
// booking's reference as the order page's title and in My Orders, dates in Dhaka time in one
// format (no GMT, no ISO dates), the same whatever the browser's own time zone; an administrator
// finds the booking by its reference.
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";

const PHONE = { width: 390, height: 844 };
const REFERENCE = /^TB-[2-9A-HJKMNP-Z]{6}$/;

// The browser is far from Dhaka: the server's and the browser's renders must still agree.
test.use({ viewport: PHONE, timezoneId: "America/Los_Angeles" });
test.describe.configure({ timeout: 90_000 });

test("the order page and My Orders show the booking's reference and Dhaka dates at 390 px", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 1 });
  const { reference } = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { reference: string };
  expect(reference).toMatch(REFERENCE);

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${reference}`);
  await expect(page).toHaveTitle(new RegExp(`^Order ${reference}`));
  const booking = page.getByRole("region", { name: "Booking" });
  await expect(booking.locator("dt", { hasText: "Ordered on" }).locator("+ dd")).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
  );
  await expect(booking.locator("dt", { hasText: "Departure date" }).locator("+ dd")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const text = await page.locator("main").innerText();
  expect(text).not.toContain("GMT");
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await open(page, "/dashboard/myOrder", javaScriptEnabled);
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toBeVisible();
  await expect(row.getByText(reference, { exact: true })).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}|GMT/);
  expect(problems.filter((problem) => /hydrat|did not match/i.test(problem))).toEqual([]);

  // The agency, on the phone with the customer, types the code in lower case without "TB-".
  await signIn("admin");
  await open(page, `/dashboard/manageAllOrders?q=${reference.slice(3).toLowerCase()}`, javaScriptEnabled);
  await expect(page.getByRole("row", { name: new RegExp(reference) })).toBeVisible();
});
