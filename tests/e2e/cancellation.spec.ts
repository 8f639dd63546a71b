// Cancelling a booking from its order page (/dashboard/orders/{id}), with JavaScript on and off:
// the customer sees the exact refund before confirming; an admin refunds an amount of their
// choosing; the page prints as a receipt without the site's navigation.
import { expect, test } from "./fixtures";
import { open, paidOrderThroughApi as paidOrder } from "./helpers";

// Each test signs in, orders and pays through the API: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const dollars = (value: number) => (Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`);

test("a customer sees the refund on the order page, confirms, and the booking is cancelled", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  const { id, price } = await paidOrder(page, baseURL!, email);
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order TB-[2-9A-HJKMNP-Z]{6}$/);
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("ending in 4242")).toBeVisible();
  // "$820 (100 % of the $820 paid, 60 days before departure)"
  const refund = `${dollars(price)} (100 % of the ${dollars(price)} paid`;
  await expect(page.locator(".refund-amount")).toContainText(refund);

  await page.getByRole("button", { name: "Cancel booking" }).click();
  const question = page.getByRole("group", { name: "Cancel this booking?" });
  await expect(question).toContainText(`${dollars(price)} will be refunded to the card it was paid with.`);
  // Nothing changed yet.
  await expect(page.locator(".status-badge")).toHaveText("Confirmed");
  await question.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The booking is cancelled." })).toContainText(
    `${dollars(price)} is refunded to the card it was paid with.`,
  );
  await expect(page.locator(".status-badge")).toHaveText("Cancelled");
  await expect(page.getByRole("heading", { name: "Refunds" })).toBeVisible();
  await expect(page.getByText(`Refunded in total: ${dollars(price)}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
});

test("an admin cancels a customer's booking with a refund of their choosing", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  const { id } = await paidOrder(page, baseURL!, email);
  await signIn("admin");
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await page.getByLabel("Refund ($)").fill("12.50");
  await page.getByLabel("Reason (sent to the customer)").fill("Road closed by floods");
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const question = page.getByRole("group", { name: "Cancel this booking?" });
  await expect(question).toContainText("$12.50 will be refunded");
  await question.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The booking is cancelled." })).toContainText("$12.50 is refunded");
  await expect(page.locator(".status-badge")).toHaveText("Cancelled");
  await expect(page.getByText("(Road closed by floods)")).toBeVisible();
});

test("an admin's refund above what was paid is refused in the form, with the amount kept", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  const { id, price } = await paidOrder(page, baseURL!, email);
  await signIn("admin");
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const amount = page.getByLabel("Refund ($)");
  await amount.fill(String(price + 1));
  // The browser's own max check would stop the post: the server's answer is what is tested.
  await amount.evaluate((input) => input.removeAttribute("max"));
  await page.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText(`The refund can be at most ${dollars(price)}`).first()).toBeVisible();
  await expect(amount).toHaveValue(String(price + 1));
  await expect(page.locator(".status-badge")).toHaveText("Confirmed");
});

test("the order page is the receipt: printed without the navigation", async ({ page, signIn, baseURL, javaScriptEnabled }) => {
  const { email } = await signIn();
  const { id } = await paidOrder(page, baseURL!, email);
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const printButton = page.getByRole("button", { name: "Print receipt" });
  if (javaScriptEnabled) {
    await printButton.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  } else {
    // Without JavaScript the button could not work: the browser's own Print prints the same page.
    await expect(printButton).toHaveCount(0);
  }
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order TB-[2-9A-HJKMNP-Z]{6}$/);
  await expect(page.getByText("ending in 4242")).toBeVisible();
  for (const selector of [".site-header", ".site-footer", ".dashboard-sidebar", ".cancel-section", ".order-actions"]) {
    await expect(page.locator(selector).first()).toBeHidden();
  }
  await page.emulateMedia({ media: "screen" });
  await expect(page.locator(".site-header")).toBeVisible();
});
