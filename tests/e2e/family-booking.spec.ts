// A family (2 adults, a child and an infant on a lap) books a package that asks ID numbers, at
// 390 px, from the order page's per-category controls through the checkout's traveller blocks,
// with JavaScript on and off. SHOTS_DIR=<folder> also saves the pages at 390 and 1366 px.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseFirstDate, open, pressAddCart } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const day = (date: Date) => date.toISOString().slice(0, 10);
const yearsAgo = (years: number, months = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years, date.getUTCMonth() - months);
  return day(date);
};

/** The whole page at both widths, and the part that matters (`detail`) at each, readable at full size. */
async function shoot(page: Page, name: string, javaScriptEnabled: boolean, detail: string) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const path = `${folder}/${name}-${width}-${javaScriptEnabled ? "js" : "nojs"}`;
    await page.screenshot({ path: `${path}.png`, fullPage: true });
    await page
      .locator(detail)
      .first()
      .screenshot({ path: `${path}-detail.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a family of 2 adults, a child and an infant books with each traveller's name, birth date and ID", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn();
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
  await chooseFirstDate(page);
  // Without JavaScript each press is a round trip through the form (the date chosen goes with it).
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByRole("button", { name: "One Child (5–11) more" }).click();
  await page.getByRole("button", { name: "One Infant (0–4) more" }).click();
  await expect(page.getByRole("spinbutton", { name: "Number of persons" })).toHaveValue("2");
  await expect(page.getByRole("spinbutton", { name: "Number of Child (5–11)" })).toHaveValue("1");
  await expect(page.getByRole("spinbutton", { name: "Number of Infant (0–4)" })).toHaveValue("1");
  // $620 × 2 + $434 + the infant free: the server's prices, shown as they change.
  await expect(page.getByText("Total: $1,674")).toBeVisible();
  // A second infant for the same two adults is allowed (one lap each), a third is not: at most 2 a booking.
  await page.getByLabel("Package type").selectOption("couple");
  await shoot(page, "order-page", javaScriptEnabled, ".order-details");
  await pressAddCart(page, javaScriptEnabled);
  await expect(page).toHaveURL(
    /\/addCart\/1674\?service=[a-z0-9]+&quantity=2&type=couple&departure=[a-z0-9]+&count\.[a-z0-9]+=1&count\.[a-z0-9]+=1(#add-cart)?$/,
  );
  await expect(page.getByText("Price: $1,674")).toBeVisible();
  await expect(page.getByText("2 × Adult, $620")).toBeVisible();

  await page.getByLabel("First name").fill("Rina");
  await page.getByLabel("Last name").fill("Das");
  await page.getByLabel("Street address").fill("House 4, Road 2");
  await page.getByLabel("Town / City").fill("Khulna");
  await page.getByLabel("District").selectOption("Khulna");
  await page.getByLabel("Mobile number").fill("01712345678");
  const traveller = (number: number) => page.getByRole("group", { name: new RegExp(`^Traveller ${number}:`) });
  // Traveller 1 left blank is the billing contact; each gives an ID number (the forest permit).
  await traveller(1).getByLabel("ID number").fill("1990123456");
  await traveller(2).getByLabel("Full name").fill("Karim Das");
  await traveller(2).getByLabel("ID number").fill("AB1234567");
  await traveller(3).getByLabel("Full name").fill("Mitu Das");
  await traveller(3).getByLabel("Date of birth").fill(yearsAgo(14));
  await traveller(3).getByLabel("ID number").fill("20181234567890123");
  await traveller(4).getByLabel("Full name").fill("Tuni Das");
  await traveller(4).getByLabel("Date of birth").fill(yearsAgo(0, 6));
  await traveller(4).getByLabel("ID number").fill("20261234567890999");
  await page.getByRole("button", { name: "Place order" }).click();
  // Too old to be a Child on the travel date: said on that traveller's field; nothing typed is lost.
  await expect(
    traveller(3).getByText(/^Traveller 3: a Child \(5–11\) must be 5 to 11 on .*; this date of birth makes them 1[45]\.$/),
  ).toBeVisible();
  await expect(traveller(3).getByLabel("Date of birth")).toHaveAttribute("aria-invalid", "true");
  await expect(traveller(2).getByLabel("Full name")).toHaveValue("Karim Das");
  await expect(traveller(4).getByLabel("ID number")).toHaveValue("20261234567890999");
  await expect(page.getByLabel("First name")).toHaveValue("Rina");
  await shoot(page, "checkout-error", javaScriptEnabled, ".form-card");

  await traveller(3).getByLabel("Date of birth").fill(yearsAgo(7));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  const row = page.getByRole("row", { name: /Sundarbans Mangrove Cruise/ }).first();
  await expect(row).toContainText("$1,674");
});
