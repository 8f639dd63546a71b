// Completing a booking's travellers on its page (/dashboard/orders/{id}) on a 390 px phone, with
// JavaScript on and off: an error stands beside the exact traveller's field with what was typed kept
// and nothing saved; once corrected, the travellers are saved and shown whole to their owner.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import pg from "pg";
import { expect, test } from "./fixtures";
import { open, placeOrderThroughApi } from "./helpers";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 90_000 });

/**
 * The order's travellers: those the checkout recorded, or, on a server database, two nameless
 * Adults written here as the migration wrote them for older orders (checkouts that record no
 * travellers yet). Returns how many there are.
 */
async function travellersOf(page: Page, orderId: string): Promise<number> {
  const order = (await (await page.request.get(`/api/my-orders/${orderId}`)).json()) as { travellers?: unknown[] };
  if (order.travellers?.length) return order.travellers.length;
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('SELECT count(*) FROM "Traveller" WHERE "orderId" = $1', [orderId]);
    if (Number(rows[0].count) > 0) return Number(rows[0].count);
    for (const position of [0, 1]) {
      await client.query(
        `INSERT INTO "Traveller" (id, "orderId", position, "categoryName", "categoryType", "priceCents", "takesSeat")
         VALUES ($1, $2, $3, 'Adult', 'ADULT', 0, true)`,
        [`t${randomBytes(12).toString("hex")}`, orderId, position],
      );
    }
    return 2;
  } finally {
    await client.end();
  }
}

/** Where the screenshots go: SHOTS_DIR when given (the notes' folder), else the test's output. */
function shot(testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return testInfo.outputPath(name);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

test("a customer completes their travellers on a phone; an error keeps what was typed and saves nothing", async ({
  page,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 2 });
  test.skip((await travellersOf(page, id)) < 2, "this server's checkout records no travellers yet (set E2E_DATABASE_URL)");
  const js = javaScriptEnabled ? "js" : "nojs";

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const section = page.getByRole("region", { name: "Travellers" });
  await expect(section).toBeVisible();
  await expect(section).toContainText("You can complete or correct them until");
  const first = section.getByRole("group", { name: /^Traveller 1: / });
  const second = section.getByRole("group", { name: /^Traveller 2: / });
  await first.getByLabel("Full name").fill("Rina Chowdhury");
  await first.getByLabel(/^Date of birth/).fill("1990-05-01");
  await first.getByLabel(/^ID number/).fill("1234 5678 90");
  await second.getByLabel("Full name").fill("R");
  await second.getByLabel(/^ID number/).fill("AB1234567");
  await section.getByRole("button", { name: "Save travellers" }).click();

  const alert = section.getByRole("alert");
  await expect(alert).toContainText("Please correct the travellers below: nothing was saved.");
  const name = second.getByLabel("Full name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(second.locator(".field-error").first()).toHaveText("Traveller 2: the name needs at least 2 characters.");
  // Everything typed is still there, and the first traveller has no error.
  await expect(first.getByLabel("Full name")).toHaveValue("Rina Chowdhury");
  await expect(first.getByLabel(/^ID number/)).toHaveValue("1234 5678 90");
  await expect(name).toHaveValue("R");
  await expect(first.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: shot(testInfo, `travellers-error-390-${js}.png`), fullPage: true });

  await name.fill("Rafiq Chowdhury");
  await section.getByRole("button", { name: "Save travellers" }).click();
  await expect(section.locator(".alert-success")).toHaveText("The travellers are saved.");
  // The fields now show what was stored: the ID number as normalised.
  await expect(first.getByLabel(/^ID number/)).toHaveValue("1234567890");

  // Saved: a fresh load shows them, the ID numbers whole to their owner on this page.
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(first.getByLabel("Full name")).toHaveValue("Rina Chowdhury");
  await expect(first.getByLabel(/^Date of birth/)).toHaveValue("1990-05-01");
  await expect(first.getByLabel(/^ID number/)).toHaveValue("1234567890");
  await expect(second.getByLabel("Full name")).toHaveValue("Rafiq Chowdhury");
  await page.screenshot({ path: shot(testInfo, `travellers-390-${js}.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: shot(testInfo, `travellers-1366-${js}.png`), fullPage: true });
});

test("after the cutoff the customer sees their travellers and until when they could change them", async ({
  page,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  const url = process.env.E2E_DATABASE_URL;
  test.skip(!url, "moving a booking's date needs a server database (E2E_DATABASE_URL)");
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 2 });
  test.skip((await travellersOf(page, id)) < 2, "no travellers");
  // The trip moved to tomorrow: the cutoff, 48 hours before its day, has passed.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`UPDATE "Order" SET "travelDate" = CURRENT_DATE + 1 WHERE id = $1`, [id]);
  await client.query(
    `UPDATE "Traveller" SET name = 'Rina Chowdhury', "idNumber" = '1234567890' WHERE "orderId" = $1 AND position = 0`,
    [id],
  );
  await client.end();

  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const section = page.getByRole("region", { name: "Travellers" });
  await expect(section).toContainText(
    /Travellers can be changed until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Dhaka time\); please contact us\./,
  );
  await expect(section.getByRole("button", { name: "Save travellers" })).toHaveCount(0);
  await expect(section.getByRole("textbox")).toHaveCount(0);
  await expect(section).toContainText("Rina Chowdhury");
  await expect(section).toContainText("1234567890");
  await expect(section).toContainText("To follow");
  const js = javaScriptEnabled ? "js" : "nojs";
  await page.screenshot({ path: shot(testInfo, `travellers-closed-390-${js}.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: shot(testInfo, `travellers-closed-1366-${js}.png`), fullPage: true });
});
