// The specification's checkout asks billing details only (issue 35 item 8): with them alone it
// orders 2 persons, and 1 person of a package that asks ID numbers; the names and ID numbers left
// blank follow, and the order page says what is missing and until when. At 390 px, JavaScript on and off.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseFirstDate, fillBilling, open, pressAddCart } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** Orders `persons` of the package from its order page with the billing fields only; returns the booking's page. */
async function orderWithBillingOnly(page: Page, javaScriptEnabled: boolean, title: string, persons: number) {
  await open(page, `/services?q=${encodeURIComponent(title.split(" ")[0])}`, javaScriptEnabled);
  await page.getByRole("link", { name: new RegExp(`Order Now: ${title}`) }).click();
  await chooseFirstDate(page);
  for (let more = 1; more < persons; more += 1) await page.getByRole("button", { name: "One person more" }).click();
  await page.getByLabel("Package type").selectOption("couple");
  await pressAddCart(page, javaScriptEnabled);
  await fillBilling(page);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  await expect(page.getByText("Order successfully")).toBeVisible();
  return page
    .getByRole("row", { name: new RegExp(title) })
    .first()
    .getByRole("link", { name: title });
}

test("the billing details alone order 2 persons, and 1 person of a package that asks ID numbers", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn();
  const twoPersons = await orderWithBillingOnly(page, javaScriptEnabled, "Cox's Bazar Beach Escape", 2);
  await twoPersons.click();
  // The first traveller is the billing contact; the second's name follows.
  await expect(page.getByRole("status").filter({ hasText: /^1 name to follow: please add them before / })).toBeVisible();

  const idRequired = await orderWithBillingOnly(page, javaScriptEnabled, "Sundarbans Mangrove Cruise", 1);
  await idRequired.click();
  await expect(page.getByRole("status").filter({ hasText: /^1 ID number to follow: please add them before / })).toBeVisible();
});
