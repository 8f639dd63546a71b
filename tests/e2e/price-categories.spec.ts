// An admin on a phone (390 px) adds a package with three price categories (Adult, Child, Infant) and
// "ID required", with JavaScript on and off: a row added and removed, an error shown on the exact
// row's field, then the package saved and shown back on Edit Product and in the API.
import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { open } from "./helpers";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const SHOTS = process.env.SHOTS_DIR;

test("an admin adds a package with Adult, Child and Infant prices on a phone", async ({
  page,
  javaScriptEnabled,
  signIn,
}, testInfo) => {
  // A long flow (three pages, full-page screenshots at 390 px): 13 s alone, up to 30 s beside another worker on two cores.
  test.slow();
  const mode = javaScriptEnabled ? "js" : "nojs";
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/${name}-${mode}.png`, fullPage: true });
    }
  };
  const title = `Ferry to the island ${mode} ${Date.now()}`;
  await page.setViewportSize(PHONE);
  await signIn("admin");
  await open(page, "/dashboard/addProduct", javaScriptEnabled);

  const fieldset = page.getByRole("group", { name: "Price categories" });
  await expect(fieldset.getByText("its price is the Cost above")).toBeVisible();
  await expect(fieldset.getByRole("listitem")).toHaveCount(3);
  await shot("add-product-390");
  await page.setViewportSize(LAPTOP);
  await shot("add-product-1366");
  await page.setViewportSize(PHONE);

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Cost ($ per person)").fill("600");
  await page.getByLabel("Image URL", { exact: true }).fill("/images/tours/saint-martin.svg");
  await page.getByLabel("Description").fill("Teknaf to Saint Martin's Island by ship, two nights by the reef.");

  await page.getByLabel("Category 1 Name").fill("Adult");
  await page.getByLabel("Category 1 Kind").selectOption("ADULT");
  await page.getByLabel("Category 2 Name").fill("Child");
  await page.getByLabel("Category 2 Kind").selectOption("CHILD");
  await page.getByLabel("Category 2 Price ($)").fill("420");
  await page.getByLabel("Category 2 Min age").fill("5");
  await page.getByLabel("Category 2 Max age").fill("3");

  // One more row (without JavaScript the server sends the form back, everything typed kept), then removed.
  await page.getByRole("button", { name: "Add a category" }).click();
  await expect(fieldset.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByLabel("Category 2 Price ($)")).toHaveValue("420");
  await expect(page.getByLabel("Category 1 Kind")).toHaveValue("ADULT");
  await page.getByRole("button", { name: "Remove category 4" }).click();
  await expect(fieldset.getByRole("listitem")).toHaveCount(3);

  await page.getByLabel("Category 3 Name").fill("Infant");
  await page.getByLabel("Category 3 Kind").selectOption("INFANT");
  await page.getByLabel("Category 3 Price ($)").fill("0");
  await page.getByLabel("Category 3 Max age").fill("4");
  await page.getByLabel("Category 3 Takes a seat").selectOption("no");
  await page.getByLabel("Category 3 Max per booking").fill("2");
  await page.getByLabel("ID required").check();

  // The child's ages are the wrong way round: the error is on that row's Max age, nothing is saved.
  await page.getByRole("button", { name: "Add Product" }).click();
  const maxAge = page.getByLabel("Category 2 Max age");
  await expect(maxAge).toHaveAttribute("aria-invalid", "true");
  await expect(maxAge).toHaveAccessibleDescription("The maximum age cannot be below the minimum age (5).");
  await expect(page.getByText("Added Tour Place Successfully!")).toHaveCount(0);
  await shot("add-product-error-390");

  await maxAge.fill("11");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Added Tour Place Successfully!")).toBeVisible();

  const [saved] = (await (await page.request.get(`/api/services?q=${encodeURIComponent(title)}`)).json()) as {
    _id: string;
    cost: number;
    idRequired: boolean;
    priceCategories: {
      name: string;
      price: number;
      minAge: number | null;
      maxAge: number | null;
      takesSeat: boolean;
      max: number;
    }[];
  }[];
  expect(saved.cost).toBe(600);
  expect(saved.idRequired).toBe(true);
  expect(
    saved.priceCategories.map(({ name, price, minAge, maxAge, takesSeat, max }) => ({
      name,
      price,
      minAge,
      maxAge,
      takesSeat,
      max,
    })),
  ).toEqual([
    { name: "Adult", price: 600, minAge: null, maxAge: null, takesSeat: true, max: 20 },
    { name: "Child", price: 420, minAge: 5, maxAge: 11, takesSeat: true, max: 20 },
    { name: "Infant", price: 0, minAge: null, maxAge: 4, takesSeat: false, max: 2 },
  ]);

  // Edit Product shows them back, with one empty row to add another.
  await open(page, `/dashboard/editProduct/${saved._id}`, javaScriptEnabled);
  await expect(page.getByLabel("Category 2 Price ($)")).toHaveValue("420");
  await expect(page.getByLabel("Category 3 Takes a seat")).toHaveValue("no");
  await expect(page.getByLabel("Category 4 Name")).toHaveValue("");
  await expect(page.getByLabel("ID required")).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await shot("edit-product-390");
  await page.setViewportSize(LAPTOP);
  await shot("edit-product-1366");

  // Editing: the child's price changes, the infant's row is cleared (removed), ID required unticked.
  await page.getByLabel("Category 2 Price ($)").fill("450");
  await page.getByLabel("Category 3 Name").fill("");
  await page.getByLabel("Category 3 Price ($)").fill("");
  await page.getByLabel("ID required").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const edited = (await (await page.request.get(`/api/services/${saved._id}`)).json()) as {
    idRequired: boolean;
    priceCategories: { name: string; price: number }[];
  };
  expect(edited.idRequired).toBe(false);
  expect(edited.priceCategories.map(({ name, price }) => [name, price])).toEqual([
    ["Adult", 600],
    ["Child", 450],
  ]);
});
