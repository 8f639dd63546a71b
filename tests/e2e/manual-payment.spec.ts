// The payment page's bKash/Nagad section at 390 px, with JavaScript on and off: the agency's merchant
// numbers, the steps (Payment, not Send Money; the booking reference as the reference), the amount
// in taka at the agency's rate, and the claim form prefilled with the amount due, which sends the
// transaction ID for verification.
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

test("a customer pays by bKash: sees where, how much in taka, and sends the transaction ID", async ({
  page,
  baseURL,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn("admin");
  const rate = await page.request.put("/api/settings/exchange-rate", { data: { bdtPerUsd: 122 }, headers: { Origin: baseURL! } });
  expect(rate.status(), await rate.text()).toBe(200);
  const { email } = await signIn("customer");
  const id = await placeOrderThroughApi(page, { email, quantity: 2 });
  const order = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { Price: number; reference: string };
  const cents = Math.round(order.Price * 100);
  const dollars = `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
  const taka = Math.ceil((cents * 122) / 100);

  await open(page, `/dashboard/payment/${id}`, javaScriptEnabled);
  const section = page.getByRole("region", { name: "Pay by bKash or Nagad" });
  await expect(section).toContainText("bKash merchant number01711-000000");
  await expect(section).toContainText("Nagad merchant number01811-000000");
  await expect(section).toContainText(`Amount to pay: ${dollars} = ৳${taka.toLocaleString("en-US")} at ৳122/$`);
  await expect(section).toContainText("choose Payment, not Send Money");
  await expect(section).toContainText(`Write your booking reference ${order.reference} as the reference.`);
  await expect(section.getByLabel("Amount ($)")).toHaveValue((cents / 100).toFixed(2));
  await expect(section).toContainText(`৳${taka.toLocaleString("en-US")} at ৳122 per dollar`);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A transaction ID left out is refused on its field; then sent.
  const transaction = `9BK${Date.now().toString(36).toUpperCase()}${javaScriptEnabled ? "J" : "N"}`;
  await section.getByLabel("Paid by").selectOption("bkash");
  if (!javaScriptEnabled) {
    // Without JavaScript the browser's own check stops an empty field; the server's check is the same.
    await expect(section.getByLabel("Transaction ID")).toHaveAttribute("required", "");
  }
  await section.getByLabel("Transaction ID").fill(transaction);
  await section.getByRole("button", { name: "Send for verification" }).click();
  await expect(section.getByRole("status")).toHaveText("Thank you: your payment is awaiting verification.");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/#manual-payment$/);

  // The order page lists the claim as awaiting verification.
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.getByRole("region", { name: "Paid by bKash or Nagad" })).toContainText(
    `transaction ${transaction}: awaiting verification`,
  );

  // In Bengali the section's digits are Bengali.
  await open(page, `/dashboard/payment/${id}?lang=bn`, javaScriptEnabled);
  await expect(page.getByRole("region", { name: "বিকাশ বা নগদে পেমেন্ট" })).toContainText("০১৭১১-০০০০০০");
  await open(page, `/dashboard/payment/${id}?lang=en`, javaScriptEnabled);
});
