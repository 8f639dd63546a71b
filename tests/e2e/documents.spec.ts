// A family's deposit booking on a phone (390 px), JavaScript on and off: My Orders and the order page
// count its travellers per category (2 adults, 1 child, 1 infant: 3 seats, 4 travellers) and show the
// balance with its day; the voucher carries the agency's phone, its WhatsApp link and the balance; the
// invoice fits the phone; the guide's manifest shows what the booking still owes, and printed it keeps
// its check-in column on the page. SHOTS_DIR=<folder> saves the invoice and the printed manifest.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CUSTOMER_ADDRESS, open, payThroughApi } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const PHONE = "+880 1711-000000";
const WHATSAPP = "https://wa.me/8801811000000";

/** axe's WCAG A and AA checks (JavaScript on only: axe runs in the page). */
async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`),
  ).toEqual([]);
}

/** Nothing of the page reaches past the viewport's right edge (no sideways scrolling). */
async function expectFitsWidth(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth, "the page's width").toBeLessThanOrEqual(width);
}

/** A 20 % deposit package with adult, child and infant prices, and a date of its own; returns the date's id. */
async function familyDepositPackage(page: Page, title: string) {
  const created = await page.request.post("/api/services", {
    data: {
      title,
      cost: 500,
      image: "/images/tours/sundarbans.svg",
      description: "Three days on the river, a fifth paid now and the rest before the boat leaves.",
      priceCategories: [
        { name: "Adult", price: 500 },
        { name: "Child (5–11)", type: "CHILD", price: 350, minAge: 5, maxAge: 11 },
        { name: "Infant (0–4)", type: "INFANT", price: 0, minAge: 0, maxAge: 4, takesSeat: false, max: 2 },
      ],
      paymentPlan: { deposit: { percent: 20 }, balanceDueDays: 30 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const serviceId = ((await created.json()) as { insertedId: string }).insertedId;
  const day = String(1 + Math.floor(Math.random() * 27)).padStart(2, "0");
  const added = await page.request.post(`/api/services/${serviceId}/departures`, { data: { date: `2031-08-${day}`, seats: 10 } });
  expect(added.status(), await added.text()).toBe(201);
  const service = (await (await page.request.get(`/api/services/${serviceId}`)).json()) as {
    priceCategories: { _id: string }[];
  };
  return {
    serviceId,
    departureId: ((await added.json()) as { insertedId: string }).insertedId,
    categories: service.priceCategories.map((category) => category._id),
  };
}

test("a family's deposit booking: travellers per category, the balance, the voucher's contact, an invoice and a manifest that fit", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  await signIn("admin");
  const title = `Family river ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  const { serviceId, departureId, categories } = await familyDepositPackage(page, title);
  const [adult, child, infant] = categories;

  const { email } = await signIn();
  const placed = await page.request.post("/api/my-orders", {
    data: {
      ...CUSTOMER_ADDRESS,
      email,
      service: serviceId,
      departure: departureId,
      type: "vacation",
      travellers: [
        { category: adult, name: "Rina Chowdhury" },
        { category: adult, name: "Karim Chowdhury" },
        { category: child, name: "Mim Chowdhury", dateOfBirth: "2023-02-10" },
        { category: infant, name: "Nila Chowdhury", dateOfBirth: "2026-09-15" },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { insertedId: string }).insertedId;
  // $500 × 2 + $350 + the infant free = $1,350; 20 % now: $270; the balance $1,080 by 30 days before.
  await payThroughApi(page, baseURL!, id, "deposit");
  const { reference } = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { reference: string };

  await open(page, "/dashboard/myOrder", javaScriptEnabled);
  const row = page.getByRole("row", { name: new RegExp(reference) });
  await expect(row).toContainText("2 adults, 1 child, 1 infant · vacation");
  await expect(row).toContainText(/Balance \$1,080 by \d{1,2} Jul 2031/);
  await expect(page.locator(".site-footer")).toContainText(`Phone ${PHONE}`);
  await expect(page.locator(".site-footer").getByRole("link", { name: "+8801811000000" })).toHaveAttribute("href", WHATSAPP);
  await expectFitsWidth(page);
  await expectAxeClean(page, javaScriptEnabled);

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(page.locator(".facts").first()).toContainText("Travellers4: 2 adults, 1 child, 1 infant");

  await open(page, `/dashboard/orders/${id}/voucher`, javaScriptEnabled);
  const voucher = page.getByRole("article", { name: "Travel voucher" });
  await expect(voucher).toContainText(/Balance to pay\$1,080, by \d{1,2} Jul 2031/);
  await expect(voucher.getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:+8801711000000");
  await expect(voucher.getByRole("link", { name: "+8801811000000" })).toHaveAttribute("href", WHATSAPP);
  await expectFitsWidth(page);
  await expectAxeClean(page, javaScriptEnabled);

  await open(page, `/dashboard/orders/${id}/invoice`, javaScriptEnabled);
  const invoice = page.locator("article.invoice").first();
  await expect(invoice).toContainText(`Phone ${PHONE}`);
  await expectFitsWidth(page);
  // Every fact and amount on the screen, none cut off at its right edge.
  for (const text of [/^INV-\d{4}-\d{6}$/, /^Balance due$/, "$1,350", "$270", "$1,080"]) {
    const box = await invoice.getByText(text).last().boundingBox({ timeout: 5_000 });
    expect(box, String(text)).not.toBeNull();
    expect(box!.x + box!.width, String(text)).toBeLessThanOrEqual(390);
  }
  await expectAxeClean(page, javaScriptEnabled);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/invoice-390.png`, fullPage: true });

  // The guide's manifest (an administrator here): what the booking still owes, once.
  await signIn("admin");
  await open(page, `/dashboard/departures/${departureId}`, javaScriptEnabled);
  await expect(page.getByText("To collect: $1,080")).toHaveCount(1);
  await expectAxeClean(page, javaScriptEnabled);
  await page.emulateMedia({ media: "print" });
  // A phone's width, and an A4 page's printable width (210 mm less 2 × 12 mm margins: 703 px).
  for (const width of [390, 703]) {
    await page.setViewportSize({ width, height: 1123 });
    const manifest = page.getByRole("table");
    // a table on paper: its column headers printed, the Check-in column within the page
    await expect(manifest.getByRole("columnheader", { name: "Check-in" })).toBeVisible();
    const checkIn = manifest.locator("td[data-label='Check-in']").first();
    const box = (await checkIn.boundingBox())!;
    expect(box.x + box.width, `the check-in column printed at ${width} px`).toBeLessThanOrEqual(width);
    // one row per traveller, not a card of stacked cells: the row's first and last cells side by side
    const first = (await manifest.locator("td[data-label='Reference']").first().boundingBox())!;
    expect(Math.abs(first.y - box.y), "Reference and Check-in on one line").toBeLessThan(2);
    await expectFitsWidth(page);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/manifest-print-${width}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ media: "screen" });
});
