// A paid booking's voucher, JavaScript on and off: reached from the booking page, readable on a
// 390 px phone without sideways scrolling, the reference big and its QR code drawn inline, and
// printed on one A4 page without the site's navigation.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { open, paidOrderThroughApi, placeOrderThroughApi } from "./helpers";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 90_000 });

test("a paid booking's voucher reads on a phone and prints on one page", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const { id } = await paidOrderThroughApi(page, baseURL!, email);
  const { reference } = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { reference: string };

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await page.getByRole("link", { name: "Voucher" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}/voucher$`));
  await expect(page).toHaveTitle(new RegExp(`^Voucher ${reference}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Travel voucher");
  await expect(page.locator(".voucher-reference")).toHaveText(reference);
  await expect(page.locator(".voucher-facts dt", { hasText: "Trip" }).locator("+ dd")).toHaveText(/Cox's Bazar/);
  await expect(page.locator(".voucher-facts dt", { hasText: "Departure date" }).locator("+ dd")).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4}$/,
  );
  await expect(page.locator(".voucher-facts dt", { hasText: "Meeting point" }).locator("+ dd")).not.toBeEmpty();
  // The order was placed for 2 persons without names: 2 travellers, names to follow.
  const travellers = page.getByRole("region", { name: "Travellers (2)" });
  await expect(travellers.getByRole("listitem")).toHaveText([/^Name to follow · \w+$/, /^Name to follow · \w+$/]);
  // The code is in the page itself: an SVG drawn on the server, nothing fetched from elsewhere.
  const qr = page.getByRole("img", { name: `QR code of the booking reference ${reference}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(150);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole("button", { name: "Print voucher" })).toHaveCount(javaScriptEnabled ? 1 : 0);
  await page.screenshot({ path: testInfo.outputPath("voucher-390.png"), fullPage: true });
  if (javaScriptEnabled) {
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(qr).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("voucher-1366.png"), fullPage: true });

  await page.emulateMedia({ media: "print" });
  for (const selector of [".site-header", ".site-footer", ".dashboard-sidebar", ".voucher .order-actions"]) {
    await expect(page.locator(selector).first()).toBeHidden();
  }
  await expect(page.locator(".voucher-reference")).toBeVisible();
  await expect(qr).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("voucher-print.png"), fullPage: true });
  if (javaScriptEnabled) {
    // Chromium's own print to PDF, A4: the whole voucher on one page.
    const pdf = (await page.pdf({ format: "A4", preferCSSPageSize: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  }
});

test("an unpaid booking's voucher page says why there is none yet and links to pay", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 1 });
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.getByRole("link", { name: "Voucher" })).toHaveCount(0);
  await open(page, `/dashboard/orders/${id}/voucher`, javaScriptEnabled);
  await expect(page.getByRole("status")).toHaveText("This booking is not paid yet: its voucher is ready as soon as it is paid.");
  await expect(page.getByRole("link", { name: "Pay the booking" })).toHaveAttribute("href", `/dashboard/payment/${id}`);
  await expect(page.locator("svg.qr-code")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
