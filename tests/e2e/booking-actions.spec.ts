// A customer's booking on a 390 px phone, JavaScript on and off: "Cancel booking" answers where
// it is (the confirmation in view, focus moved to it with JavaScript), and My Orders and the order
// page offer only the actions that fit the booking's state, each saying what it does.
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open, paidOrderThroughApi, placeOrderThroughApi } from "./helpers";

// Each test signs in, orders and pays through the API: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** The element comes wholly inside the viewport, its top not under the sticky header. */
async function expectInView(element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  await expect
    .poll(
      () =>
        element.evaluate((node) => {
          const { left, top } = node.getBoundingClientRect();
          return node.contains(document.elementFromPoint(left + 8, top + 8));
        }),
      { message: "its top is not covered" },
    )
    .toBe(true);
}

const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

test("Cancel booking shows its confirmation where the customer is, then the outcome", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const { id } = await paidOrderThroughApi(page, baseURL!, email);
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const button = page.getByRole("button", { name: "Cancel booking" });
  await button.scrollIntoViewIfNeeded();
  await expect(page.getByText("Cancels the trip; you get the refund shown above.")).toBeVisible();
  await shot(page, testInfo, "order-before-cancel");
  await button.click();

  const question = page.getByRole("group", { name: "Cancel this booking?" });
  await expect(question).toBeVisible();
  await expectInView(question);
  if (javaScriptEnabled) {
    expect(await question.evaluate((group) => group.contains(document.activeElement))).toBe(true);
  } else {
    expect(new URL(page.url()).hash).toBe("#cancel");
  }
  // The policy is not repeated above the question.
  await expect(page.locator(".cancel-section .plain-list")).toHaveCount(0);
  await shot(page, testInfo, "order-after-cancel-click");

  await question.getByRole("button", { name: "Yes, cancel the booking" }).click();
  const done = page.getByRole("status").filter({ hasText: "The booking is cancelled." });
  await expect(done).toBeVisible();
  await expectInView(done);
  await expect(page.locator(".status-badge")).toHaveText("Cancelled");
});

test("My Orders and the order page offer only what fits a booking's state, and say what it does", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const unpaid = await placeOrderThroughApi(page, { email, quantity: 1 });
  const { id: paid } = await paidOrderThroughApi(page, baseURL!, email);
  const row = (id: string) => page.getByRole("row").filter({ has: page.locator(`a[href="/dashboard/orders/${id}"]`) });

  await open(page, "/dashboard/myOrder", javaScriptEnabled);
  await expect(row(unpaid).getByRole("link", { name: "Pay" })).toBeVisible();
  await expect(row(unpaid).getByRole("button", { name: /^Delete the order of/ })).toBeVisible();
  await expect(row(unpaid)).toContainText("Removes this unpaid booking and frees its seats.");
  await expect(row(paid).getByRole("button", { name: "Paid" })).toBeDisabled();
  await expect(row(paid).getByRole("link", { name: "Pay" })).toHaveCount(0);
  await expect(row(paid).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(row(paid)).toContainText("Paid orders are kept");
  await shot(page, testInfo, "my-orders");

  await open(page, `/dashboard/orders/${paid}`, javaScriptEnabled);
  await expect(page.getByRole("link", { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByText("Cancels the trip; you get the refund shown above.")).toBeVisible();

  await open(page, `/dashboard/orders/${unpaid}`, javaScriptEnabled);
  await expect(page.getByRole("link", { name: /^Pay \$/ })).toBeVisible();
  await expect(page.getByText("Cancels this unpaid booking and frees its seats; nothing is charged.")).toBeVisible();

  const cancelled = await page.request.post(`/api/my-orders/${unpaid}/cancel`, { data: {}, headers: { Origin: baseURL! } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await open(page, "/dashboard/myOrder", javaScriptEnabled);
  await expect(row(unpaid)).toContainText("Cancelled");
  await expect(row(unpaid).getByRole("link", { name: "Pay" })).toHaveCount(0);
  await expect(row(unpaid).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(row(unpaid)).toContainText("Cancelled bookings stay in your order history.");
  await shot(page, testInfo, "my-orders-cancelled");

  await open(page, `/dashboard/orders/${unpaid}`, javaScriptEnabled);
  await expect(page.locator(".status-badge")).toHaveText("Cancelled");
  await expect(page.getByRole("link", { name: /^Pay \$/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
});
