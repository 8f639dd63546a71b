// A customer enters a promo code at checkout at 390 px, with JavaScript on and off: an unknown code
// is refused on the field, the right one (typed in lower case) shows its discount and the lower
// price, everything typed before Apply stays, and the order placed carries it to My Orders. The code is made on /dashboard/promo-codes.
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open, openDeparture } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));

test("a promo code at checkout: refused with its reason, then applied to the price and the order", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn("admin");
  const code = `E2E-${javaScriptEnabled ? "JS" : "NOJS"}-${Date.now().toString(36)}`.toUpperCase();
  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  // The administrator adds it on the dashboard's form, from the sidebar's link.
  await open(page, "/dashboard", javaScriptEnabled);
  // at 390 px the sidebar's links wait behind its Menu
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await sidebar.locator("summary").click();
  await sidebar.getByRole("link", { name: "Promo codes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Promo codes" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Or amount off ($)").fill("4");
  await page.getByLabel("Usable from").fill(day(-1));
  await page.getByLabel("Usable until").fill(day(1));
  await page.getByLabel("Uses per customer (optional)").fill("1");
  await page.getByRole("button", { name: "Add promo code" }).click();
  await expect(page.getByText(`Promo code ${code} added.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("$4 off");
  // Edited: the form opens with the code's values.
  await page.getByRole("link", { name: `Edit ${code}` }).click();
  await expect(page.getByRole("heading", { name: `Edit promo code ${code}` })).toBeVisible();
  await expect(page.getByLabel("Uses per customer (optional)")).toHaveValue("1");
  await page.getByLabel("Or amount off ($)").fill("5");
  await page.getByRole("button", { name: "Save promo code" }).click();
  await expect(page.getByText(`Promo code ${code} saved.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("$5 off");

  await signIn();
  const [tourPackage] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
  const departure = await openDeparture(page.request, tourPackage._id);
  // The checkout corrects the total in its path to the server's.
  await open(page, `/addCart/0?service=${tourPackage._id}&quantity=1&type=couple&departure=${departure._id}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Billing details" })).toBeVisible();
  const price = page.locator(".order-total strong");
  const before = dollars(await price.innerText());

  // Applying a code keeps everything typed, with JavaScript or without (the page comes back from the server).
  const typed = {
    "First name": "Nadia",
    "Last name": "Karim",
    "Street address": "House 7, Lake Road",
    "Apartment, suite, unit (optional)": "Flat 3B",
    "Town / City": "Sylhet Sadar",
    "Postcode (optional)": "3100",
    "Mobile number": "01812345679",
    "Full name": "Nadia Karim Chowdhury",
  };
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("District").selectOption("Sylhet");
  const keptAll = async () => {
    for (const [label, value] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(page.getByLabel("District")).toHaveValue("Sylhet");
  };
  const promo = page.getByLabel("Promo code (optional)");
  await promo.fill("nope-123");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This promo code does not exist.")).toBeVisible();
  await expect(promo).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveText(`$${before.toLocaleString("en-US")}`);
  await keptAll();

  await promo.fill(code.toLowerCase());
  // With JavaScript, Enter in the code applies it; without, Apply is the way.
  if (javaScriptEnabled) await promo.press("Enter");
  else await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(`${code} applied: $5 off.`)).toBeVisible();
  await expect(page.getByText(`Promo code ${code}: −$5`)).toBeVisible();
  await expect(price).toHaveText(`$${(before - 5).toLocaleString("en-US")}`);
  await keptAll();
  // SHOTS_DIR=<folder> saves the checkout with the code applied.
  if (process.env.SHOTS_DIR) {
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/promo-checkout-390-${javaScriptEnabled ? "js" : "nojs"}.png`,
      fullPage: true,
    });
  }
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // An order refused for a field comes back with the code still applied.
  // Enter in a billing field places the order (the form's default button), not Apply.
  await page.getByLabel("Mobile number").fill("0171");
  await page.getByLabel("Mobile number").press("Enter");
  await expect(page.getByText("Please enter a Bangladeshi mobile number, e.g. 01712345678.")).toBeVisible();
  await expect(page.getByText(`Promo code ${code}: −$5`)).toBeVisible();
  await page.getByLabel("Mobile number").fill(typed["Mobile number"]);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  await expect(page.getByText(`${code}: −$5`).first()).toBeVisible();

  // Used once by this customer, as the code allows: a second order is told so.
  await open(
    page,
    `/addCart/0?service=${tourPackage._id}&quantity=1&type=couple&departure=${departure._id}&promo=${code}`,
    javaScriptEnabled,
  );
  await expect(page.getByText("You have already used this promo code.")).toBeVisible();
});
