import { expect, test } from "./fixtures";
import { chooseFirstDate, open, openDeparture, pressAddCart } from "./helpers";

test("a customer orders a package, sees it in My Orders and deletes it", async ({ page, javaScriptEnabled, signIn }) => {
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  await signIn();

  await open(page, "/services?q=Sajek", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sajek Valley/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sajek Valley Cloud Trek" })).toBeVisible();
  await chooseFirstDate(page);
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByLabel("Package type").selectOption("adventure");
  await pressAddCart(page, javaScriptEnabled);
  await expect(page).toHaveURL(/\/addCart\/760\?/);
  await expect(page.getByText("Price: $760")).toBeVisible();

  await page.getByLabel("First name").fill("Rina");
  await page.getByLabel("Last name").fill("Das");
  // The first traveller left blank is the billing contact; the second is asked.
  await page
    .getByRole("group", { name: /^Traveller 2/ })
    .getByLabel("Full name")
    .fill("Karim Das");
  await page.getByLabel("Street address").fill("House 4, Road 2");
  await page.getByLabel("Town / City").fill("Dhanmondi");
  await page.getByLabel("District").selectOption("Dhaka");
  await page.getByLabel("Mobile number").fill("12345");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Please enter a Bangladeshi mobile number, e.g. 01712345678.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Rina");
  await page.getByLabel("Mobile number").fill("01712345678");
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  await expect(page.getByText("Order successfully")).toBeVisible();
  const row = page.getByRole("row", { name: /Sajek Valley Cloud Trek/ });
  await expect(row).toContainText("$760");
  await expect(row.getByRole("link", { name: "Pay" })).toHaveAttribute("href", /\/dashboard\/payment\/[a-z0-9]+$/);

  await row.getByRole("button", { name: /Delete/ }).click();
  // Without JavaScript the page asks (tests/e2e/delete-confirm.spec.ts).
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Deleted sucessfully")).toBeVisible();
  await expect(page.getByRole("row", { name: /Sajek Valley Cloud Trek/ })).toHaveCount(0);
  if (javaScriptEnabled)
    expect(alerts).toEqual(expect.arrayContaining(["Are you sure, You want to delete", "Deleted sucessfully"]));
});

test("a tampered total in /addCart is replaced by the server's total", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn();
  await open(page, "/services?q=Srimangal", javaScriptEnabled);
  const href = await page.getByRole("link", { name: /Order Now: Srimangal/ }).getAttribute("href");
  const id = href!.split("/").pop();
  const departure = await openDeparture(page.request, id!, 2);
  await open(page, `/addCart/1?service=${id}&quantity=2&type=city&departure=${departure._id}`, javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`/addCart/580\\?service=${id}&quantity=2&type=city&departure=${departure._id}$`));
  await expect(page.getByText("Price: $580")).toBeVisible();
});

test("an admin adds a package, sees it on /services and deletes it; a review shows on the home page", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  page.on("dialog", (dialog) => dialog.accept());
  const title = `Kuakata Sunrise ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await signIn("admin");

  await open(page, "/dashboard/addProduct", javaScriptEnabled);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Cost ($ per person)").fill("330");
  await page.getByLabel("Image URL", { exact: true }).fill("/images/tours/coxs-bazar.svg");
  await page.getByLabel("Description").fill("Sunrise and sunset over the sea at Kuakata, the daughter of the sea.");
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Added Tour Place Successfully!")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");

  await open(page, `/services?q=${encodeURIComponent(title)}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  await open(page, "/dashboard/manageAllOrders", javaScriptEnabled);
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toBeVisible();

  await open(page, `/dashboard/manageProducts?q=${encodeURIComponent(title)}`, javaScriptEnabled);
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("button", { name: /Delete/ })
    .click();
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Deleted sucessfully")).toBeVisible();
  await open(page, `/services?q=${encodeURIComponent(title)}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  const words = `Unforgettable ${javaScriptEnabled ? "js" : "nojs"} trip ${Date.now()}`;
  await open(page, "/dashboard/addReview", javaScriptEnabled);
  await page.getByLabel("Your review").fill(words);
  await page.locator("label.star-label", { hasText: "4 stars" }).click();
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByText("Your Review and rating has been submitted")).toBeVisible();
  await open(page, "/", javaScriptEnabled);
  await expect(page.getByText(words)).toBeAttached();
});
