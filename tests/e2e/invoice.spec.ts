// A paid booking's invoice, JavaScript on and off: reached from the booking page, numbered by its
// payment, printed without the site's navigation, and downloaded as a PDF that says the same.
import { readFileSync } from "node:fs";
import { pdfText } from "../support/pdf-text";
import { expect, test } from "./fixtures";
import { open, paidOrderThroughApi, placeOrderThroughApi } from "./helpers";

test.describe.configure({ timeout: 90_000 });

test("a paid booking's invoice opens from the booking page, prints and downloads as a PDF", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const { id, price } = await paidOrderThroughApi(page, baseURL!, email);
  const { reference } = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { reference: string };

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const link = page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ });
  const number = (await link.textContent())!.replace("Invoice ", "");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}/invoice$`));
  await expect(page).toHaveTitle(new RegExp(`^Invoice ${number}`));
  const invoice = page.getByRole("article", { name: `Invoice ${number}` });
  await expect(invoice).toContainText(`Invoice number${number}`);
  await expect(invoice).toContainText(`Booking reference${reference}`);
  await expect(invoice).toContainText("Dhaka, Bangladesh");
  const travellers = invoice.getByRole("table", { name: "Travellers" });
  await expect(travellers.locator("tbody tr")).toHaveCount(1);
  await expect(travellers.locator("tbody tr td").nth(1)).toHaveText("2");
  const total = `$${price.toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  await expect(travellers.locator("tfoot tr", { hasText: "Total" }).last()).toContainText(total);
  await expect(invoice.getByRole("table", { name: "Payments" }).locator("tbody tr")).toHaveCount(1);
  await expect(invoice.locator(".invoice-balance")).toHaveText(/Balance due\s*\$0\.00/);

  await page.screenshot({ path: testInfo.outputPath("invoice.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  for (const selector of [".site-header", ".site-footer", ".dashboard-sidebar", ".invoice-documents > .order-actions"]) {
    await expect(page.locator(selector).first()).toBeHidden();
  }
  await expect(invoice).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("invoice-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const text = pdfText(readFileSync((await file.path())!));
  expect(text).toContain(`Invoice number: ${number}`);
  expect(text).toContain(`Booking reference: ${reference}`);
  expect(text).toContain(total);
  expect(text).toContain("Balance due");
});

test("an unpaid booking has no invoice yet, and someone else's is not found", async ({ page, signIn, javaScriptEnabled }) => {
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 1 });
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.getByRole("link", { name: /^Invoice / })).toHaveCount(0);
  await open(page, `/dashboard/orders/${id}/invoice`, javaScriptEnabled);
  await expect(page.getByRole("status")).toHaveText("No invoice yet: the invoice is issued with the booking's first payment.");
  expect((await page.request.get(`/dashboard/orders/${id}/invoice.pdf`)).status()).toBe(404);

  await page.context().clearCookies();
  await signIn();
  expect((await page.request.get(`/dashboard/orders/${id}/invoice`)).status()).toBe(404);
  expect((await page.request.get(`/dashboard/orders/${id}/invoice.pdf`)).status()).toBe(404);
});
