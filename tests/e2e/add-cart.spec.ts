// Add-Cart on a 390 px phone: without JavaScript one press of the order page's form reaches the
// checkout, priced by the server (no "Update total" step), or comes back to the button naming only
// what is missing; with JavaScript it is the spec's link.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { chooseFirstDate, DEMO_PACKAGE_QUERY, open, pressAddCart } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

async function demoPackage(page: Page) {
  const [service] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string; cost: number }[];
  return service;
}

test("a date, persons and a package type, then one press of Add-Cart reaches the checkout", async ({
  page,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  await signIn();
  const service = await demoPackage(page);
  await open(page, `/order/${service._id}`, javaScriptEnabled);
  await chooseFirstDate(page);
  await page.getByLabel("Number of persons").fill("3");
  await page.getByLabel("Package type").selectOption("vacation");
  await expect(page.getByRole("button", { name: "Update total" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("trip-page.png") });
  await pressAddCart(page, javaScriptEnabled);

  const total = service.cost * 3;
  await expect(page).toHaveURL(
    new RegExp(`/addCart/${total}\\?service=${service._id}&quantity=3&type=vacation&departure=[a-z0-9]+(#add-cart)?$`),
  );
  await expect(page.getByText(`Price: $${total.toLocaleString("en-US")}`)).toBeVisible();
});

test("a press of Add-Cart without a date comes back naming only the date, at the button @no-js-only", async ({
  page,
}, testInfo) => {
  const service = await demoPackage(page);
  await open(page, `/order/${service._id}`, false);
  await page.getByLabel("Package type").selectOption("city");
  await pressAddCart(page, false);

  await expect(page).toHaveURL(new RegExp(`/order/${service._id}\\?.*add=1#add-cart$`));
  const hint = page.locator("#choose-hint");
  await expect(hint).toHaveText("Choose a date to continue.");
  await expect(hint).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel("Package type")).toHaveValue("city");
  await page.screenshot({ path: testInfo.outputPath("trip-page-missing-date.png") });

  // Then the date alone is enough.
  await chooseFirstDate(page);
  await pressAddCart(page, false);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(
    new RegExp(`^/addCart/${service.cost}\\?service=${service._id}&quantity=1&type=city&departure=[a-z0-9]+$`),
  );
});
