// A deposit plan end to end at 390 px, with JavaScript on and off: an administrator makes a package
// asking 20 % now on the Add Product form; a customer books it and sees the deposit and the balance
// with its due day at checkout and on the payment page; the deposit is paid (with JavaScript by card through the
// Stripe fake; without, where the card form cannot run, by a bKash transaction id the administrator
// accepts); the order page shows it and the balance; the balance is sent as a bKash transaction id,
// accepted on /dashboard/payment-claims, and the order is paid in full.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAxeClean, open } from "./helpers";
import { routeStripe } from "./support/stripe-routing";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 150_000 });

async function claimByBkash(page: Page, orderId: string, amount: number, transaction: string, javaScriptEnabled: boolean) {
  await open(page, `/dashboard/orders/${orderId}`, javaScriptEnabled);
  await page.getByLabel("Paid by", { exact: true }).selectOption("bkash");
  await page.getByLabel("Amount ($)").fill(String(amount));
  await page.getByLabel("Transaction ID").fill(transaction);
  await page.getByRole("button", { name: "Send for verification" }).click();
  // The answer where the form was, in view (without JavaScript the page reopens at it, not at its top).
  const claims = page.getByRole("region", { name: "Paid by bKash or Nagad" });
  await expect(claims.getByText("Thank you: your payment is awaiting verification.")).toBeInViewport();
  if (!javaScriptEnabled) await expect(page).toHaveURL(/#claim$/);
  await expectAxeClean(page, javaScriptEnabled);
  await expect(claims.getByRole("listitem").filter({ hasText: transaction })).toContainText("awaiting verification");
}

/**
 * The payment page once something is paid: the receipt of the latest payment, what is left, the way on
 * to the booking, its voucher and its invoice; axe-clean, with a screenshot.
 */
async function expectPaymentReceipt(page: Page, testInfo: TestInfo, javaScriptEnabled: boolean, paid: RegExp, shot: string) {
  const receipt = page.getByRole("region", { name: /^Paid: / });
  await expect(receipt).toContainText(paid);
  await expect(receipt.getByRole("link", { name: "See the booking" })).toBeVisible();
  await expect(receipt.getByRole("link", { name: "Voucher" })).toBeVisible();
  await expect(receipt.getByRole("link", { name: /^Invoice INV-/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page, javaScriptEnabled);
  await page.screenshot({ path: testInfo.outputPath(`${shot}.png`), fullPage: true });
}

/** The order's owner signs in again (signIn() would make a new customer). */
async function signInAs(page: Page, baseURL: string, customer: { email: string; password: string }) {
  const response = await page.request.post("/login", { form: customer, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), "the owner's login").toBe(302);
}

async function acceptClaim(page: Page, transaction: string, javaScriptEnabled: boolean) {
  await open(page, "/dashboard", javaScriptEnabled);
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await sidebar.locator("summary").click();
  await sidebar.getByRole("link", { name: /Payment claims/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment claims" })).toBeVisible();
  await page.getByRole("button", { name: `Accept bKash ${transaction}` }).click();
  // Accepting asks first, without JavaScript too.
  const confirm = page.getByRole("alertdialog", { name: "Accept this payment?" });
  await expect(confirm).toContainText(`transaction ${transaction}`);
  await confirm.getByRole("button", { name: "Yes, accept the payment" }).click();
  await expect(page.getByText("Claim accepted: the payment is recorded.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Accept bKash ${transaction}` })).toHaveCount(0);
}

test("a deposit secures the booking, the balance paid by bKash is verified, and the order is paid in full", async ({
  page,
  javaScriptEnabled,
  signIn,
  baseURL,
}, testInfo) => {
  const mode = javaScriptEnabled ? "js" : "nojs";
  const title = `Deposit trip ${mode} ${Date.now()}`;
  await signIn("admin");
  await open(page, "/dashboard/addProduct", javaScriptEnabled);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Cost ($ per person)").fill("500");
  await page.getByLabel("Image URL", { exact: true }).fill("/images/tours/sundarbans.svg");
  await page.getByLabel("Description").fill("Three days in the mangroves, the balance paid before the boat leaves.");
  await page.getByLabel("Deposit", { exact: true }).selectOption("percent");
  await page.getByLabel("Deposit amount").fill("20");
  await page.getByLabel("Balance due (days before departure)").fill("30");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Added Tour Place Successfully!")).toBeVisible();
  const [saved] = (await (await page.request.get(`/api/services?q=${encodeURIComponent(title)}`)).json()) as {
    _id: string;
    paymentPlan: unknown;
  }[];
  expect(saved.paymentPlan).toEqual({ deposit: { percent: 20 }, balanceDueDays: 30 });
  const day = String(1 + Math.floor(Math.random() * 27)).padStart(2, "0");
  const added = await page.request.post(`/api/services/${saved._id}/departures`, { data: { date: `2031-07-${day}`, seats: 10 } });
  expect(added.status()).toBe(201);
  const departureId = ((await added.json()) as { insertedId: string }).insertedId;

  const owner = await signIn();
  // The trip page says when a deposit is possible.
  await open(page, `/order/${saved._id}?departure=${departureId}&type=city`, javaScriptEnabled);
  await expect(page.getByText(/Book with \$100 now, the rest by .+\./)).toBeVisible();
  await open(page, `/addCart/0?service=${saved._id}&quantity=1&type=city&departure=${departureId}`, javaScriptEnabled);
  // On a phone the total comes before the button that commits to it.
  const totals = page.getByRole("region", { name: "Total" });
  const button = page.getByRole("button", { name: "Place order" });
  expect((await totals.boundingBox())!.y).toBeLessThan((await button.boundingBox())!.y);
  await expectAxeClean(page, javaScriptEnabled);
  await page.screenshot({ path: testInfo.outputPath(`checkout-390-${mode}.png`), fullPage: true });
  // The checkout shows the plan before ordering.
  await expect(
    page.getByRole("region", { name: "Total" }).getByText(/Deposit now: \$100\. Balance: \$400, due by .+\./),
  ).toBeVisible();
  await page.getByLabel("First name").fill("Rina");
  await page.getByLabel("Last name").fill("Das");
  await page.getByLabel("Street address").fill("House 4, Road 2");
  await page.getByLabel("Town / City").fill("Khulna");
  await page.getByLabel("District").selectOption("Khulna");
  await page.getByLabel("Mobile number").fill("01712345678");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  // A returning customer's next checkout starts from this booking's contact.
  await open(page, `/addCart/0?service=${saved._id}&quantity=1&type=city&departure=${departureId}`, javaScriptEnabled);
  await expect(page.getByLabel("First name")).toHaveValue("Rina");
  await expect(page.getByLabel("Street address")).toHaveValue("House 4, Road 2");
  await expect(page.getByLabel("District")).toHaveValue("Khulna");
  await expect(page.getByLabel("Mobile number")).toHaveValue("01712345678");
  await open(page, "/dashboard/myOrder", javaScriptEnabled);

  if (javaScriptEnabled) await routeStripe(page);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: "Pay" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[a-z0-9]+$/);
  const orderId = page.url().split("/").pop()!;
  await expect(page.getByText(/Deposit now: \$100\. Balance: \$400, due by .+\. Or pay the whole \$500 now\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay deposit $100" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $500" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  if (javaScriptEnabled) {
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiration date").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("ZIP").fill("9100");
    await page.getByRole("button", { name: "Pay deposit $100" }).click();
    await expect(page.getByText("your pament processed successfully")).toBeVisible();
    // the page shows what the server verified: the deposit paid, the balance left
    await expect(page.getByText(/Paid so far: \$100\. Balance: \$400, due by .+\./)).toBeVisible();
    await expect(page.getByRole("region", { name: "Paid: Deposit" })).toContainText("card ending in 4242");
  } else {
    // The card form needs JavaScript: the deposit goes by bKash, verified by the administrator.
    await expect(page.getByText("Paying by card needs JavaScript")).toBeVisible();
    const depositTx = `DEP${Date.now().toString(36).toUpperCase()}`;
    await claimByBkash(page, orderId, 100, depositTx, false);
    await signIn("admin");
    await acceptClaim(page, depositTx, false);
    await signInAs(page, baseURL!, owner);
    await open(page, `/dashboard/payment/${orderId}`, false);
  }
  // The spec's heading while the balance is due, the deposit's receipt, and the balance's card form below.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Please Pay \$400 /);
  await expectPaymentReceipt(
    page,
    testInfo,
    javaScriptEnabled,
    /Paid: Deposit.*\$100.*Paid so far: \$100\. Balance: \$400, due by .+\./,
    `payment-deposit-${mode}`,
  );
  await expect(page.getByRole("heading", { name: "Pay the balance" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $400" })).toBeVisible();
  await open(page, `/dashboard/orders/${orderId}`, javaScriptEnabled);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment).toContainText(/Deposit: \$100 on /);
  await expect(payment).toContainText(/Paid \$100; balance \$400, due by .+\./);

  const balanceTx = `BAL${Date.now().toString(36).toUpperCase()}`;
  await claimByBkash(page, orderId, 400, balanceTx, javaScriptEnabled);
  await signIn("admin");
  await acceptClaim(page, balanceTx, javaScriptEnabled);
  await signInAs(page, baseURL!, owner);
  await open(page, `/dashboard/orders/${orderId}`, javaScriptEnabled);
  await expect(payment).toContainText("Paid in full: $500.");
  await expect(payment).toContainText(/Balance: \$400 on /);
  await expect(
    page.getByRole("region", { name: "Paid by bKash or Nagad" }).getByRole("listitem").filter({ hasText: balanceTx }),
  ).toContainText("verified");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Paid in full: the balance's receipt (not the deposit's), no Pay button.
  await open(page, `/dashboard/payment/${orderId}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Paid in full: ${title}`);
  await expectPaymentReceipt(
    page,
    testInfo,
    javaScriptEnabled,
    new RegExp(`Paid: Balance.*\\$400.*bKash.*${balanceTx}.*This booking is paid in full: \\$500\\.`),
    `payment-full-${mode}`,
  );
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
});
