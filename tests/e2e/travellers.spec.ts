// Completing a booking's travellers on its page (/dashboard/orders/{id}) on a 390 px phone, with
// JavaScript on and off: an error stands beside the exact traveller's field with what was typed kept
// and nothing saved; once corrected, the travellers are saved and shown whole to their owner.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CUSTOMER_ADDRESS, open, placeOrderThroughApi } from "./helpers";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 90_000 });

/** The order's travellers, as the checkout recorded them (nameless when placed with a quantity only). */
async function travellersOf(page: Page, orderId: string): Promise<number> {
  const order = (await (await page.request.get(`/api/my-orders/${orderId}`)).json()) as { travellers: unknown[] };
  return order.travellers.length;
}

/** A whole-page screenshot from the top, into SHOTS_DIR when given (the notes' folder), else the test's output. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  // From the top: a page scrolled down would draw its sticky header in the middle of the picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: dir ? join(dir, name) : testInfo.outputPath(name), fullPage: true });
}

test("a customer completes their travellers on a phone; an error keeps what was typed and saves nothing", async ({
  page,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  const { email } = await signIn();
  const id = await placeOrderThroughApi(page, { email, quantity: 2 });
  expect(await travellersOf(page, id)).toBe(2);
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
  await screenshot(page, testInfo, `travellers-error-390-${js}.png`);

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
  await screenshot(page, testInfo, `travellers-390-${js}.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, testInfo, `travellers-1366-${js}.png`);
});

test("after the cutoff the customer sees their travellers and until when they could change them; an admin still can", async ({
  page,
  signIn,
  baseURL,
  javaScriptEnabled,
}, testInfo) => {
  const headers = { Origin: baseURL! };
  const post = async (path: string, data: object, status = 201) => {
    const response = await page.request.post(path, { data, headers });
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as { insertedId: string };
  };
  // A trip tomorrow (in Dhaka) on a package of its own: the cutoff, 48 hours before its day, has passed.
  const tomorrow = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(Date.now() + 24 * 60 * 60 * 1000);
  await signIn("admin");
  const service = await post("/api/services", {
    title: `Travellers cutoff ${Date.now()}`,
    cost: 100,
    image: "/images/tours/bandarban.svg",
    description: "A trip tomorrow.",
  });
  const departure = await post(`/api/services/${service.insertedId}/departures`, { date: tomorrow, seats: 10 });
  const owner = await signIn();
  const { email } = owner;
  const order = await post("/api/my-orders", {
    ...CUSTOMER_ADDRESS,
    email,
    service: service.insertedId,
    departure: departure.insertedId,
    quantity: 2,
    type: "couple",
  });
  const id = order.insertedId;
  const travellers = (await (await page.request.get(`/api/my-orders/${id}`)).json()) as { travellers: { _id: string }[] };
  expect(travellers.travellers).toHaveLength(2);
  const change = { travellers: [{ _id: travellers.travellers[0]._id, name: "Rina Chowdhury", idNumber: "1234567890" }] };
  const late = await page.request.put(`/api/my-orders/${id}/travellers`, { data: change, headers });
  expect(late.status()).toBe(403);

  const js = javaScriptEnabled ? "js" : "nojs";
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  const section = page.getByRole("region", { name: "Travellers" });
  await expect(section).toContainText(
    /Travellers can be changed until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Dhaka time\); please contact us\./,
  );
  await expect(section.getByRole("button", { name: "Save travellers" })).toHaveCount(0);
  await expect(section.getByRole("textbox")).toHaveCount(0);
  await expect(section).toContainText("To follow");

  // An administrator may still change them, on the page too.
  await signIn("admin");
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(section).toContainText("administrators at any time");
  const first = section.getByRole("group", { name: /^Traveller 1: / });
  await first.getByLabel("Full name").fill("Rina Chowdhury");
  await first.getByLabel(/^ID number/).fill("1234567890");
  await section
    .getByRole("group", { name: /^Traveller 2: / })
    .getByLabel("Full name")
    .fill("Rafiq Chowdhury");
  await section.getByRole("button", { name: "Save travellers" }).click();
  await expect(section.locator(".alert-success")).toHaveText("The travellers are saved.");
  await screenshot(page, testInfo, `travellers-admin-390-${js}.png`);

  // Back as the owner: what the administrator saved, the ID number whole on this page only.
  const login = await page.request.post("/login", { form: owner, headers, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  await open(page, `/dashboard/orders/${id}`, javaScriptEnabled);
  await expect(section).toContainText(/Travellers can be changed until .*; please contact us\./);
  await expect(section).toContainText("Rina Chowdhury");
  await expect(section).toContainText("Rafiq Chowdhury");
  await expect(section).toContainText("1234567890");
  await screenshot(page, testInfo, `travellers-closed-390-${js}.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, testInfo, `travellers-closed-1366-${js}.png`);
});
