// Issue 24 on a phone (390 px): a whole Bangladeshi address goes through the checkout, the districts
// are in alphabetical order, and an administrator's dashboard starts with its content, the links
// behind a Menu.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open, openDeparture } from "./helpers";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };
const ADDRESS = "House 7, Road 3, Block B, Mirpur 10";

test.use({ viewport: PHONE });

test("the checkout takes a whole address, says when one is too long, and offers the districts A to Z", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn();
  const [service] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
  const departure = await openDeparture(page.request, service._id);
  await open(page, `/addCart/1?service=${service._id}&quantity=1&type=city&departure=${departure._id}`, javaScriptEnabled);

  const districts = await page.getByLabel("District").locator("option").allTextContents();
  expect(districts[0]).toBe("Select a district");
  expect(districts.slice(1)).toHaveLength(64);
  expect(districts.slice(1)).toEqual([...districts.slice(1)].sort((a, b) => a.localeCompare(b, "en")));

  await page.getByLabel("First name").fill("Rina");
  await page.getByLabel("Last name").fill("Das");
  await page.getByLabel("Street address").pressSequentially(ADDRESS);
  await expect(page.getByLabel("Street address")).toHaveValue(ADDRESS);
  const tooLong = "Mirpur ".repeat(8).trim(); // 55 characters: more than a town's 50
  await page.getByLabel("Town / City").fill(tooLong);
  await page.getByLabel("District").selectOption("Dhaka");
  await page.getByLabel("Mobile number").fill("01712345678");
  await page.getByRole("button", { name: "Place order" }).click();
  // Said, not cut: the field keeps what was typed.
  await expect(page.getByText("Your town can be at most 50 characters.")).toBeVisible();
  await expect(page.getByLabel("Town / City")).toHaveValue(tooLong);
  await expect(page.getByLabel("Town / City")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Town / City").fill("Dhaka");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  await page.locator('.dashboard-content a[href^="/dashboard/orders/"]').first().click();
  await expect(page.getByText(`${ADDRESS}, Dhaka, Dhaka`)).toBeVisible();
});

const SIDEBAR = [
  "Dashboard",
  "My Orders",
  "Review",
  "Profile",
  "Manage All Orders",
  "Add A Product",
  "Make Admin",
  "Manage Products",
  "Users",
  "Reviews",
  "Messages",
  "Subscribers",
];

/** A sidebar link by its label, whatever count follows it (flagged reviews, messages to handle). */
const sidebarLink = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: new RegExp(`^${label}(\\s|$)`) });

test("an administrator's dashboard on a phone starts with its content, the links behind Menu", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn("admin");
  await open(page, "/dashboard/manageAllOrders", javaScriptEnabled);
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  const heading = page.getByRole("heading", { level: 1, name: "Manage All Orders" });
  const box = await heading.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(PHONE.height);
  for (const name of SIDEBAR) await expect(sidebarLink(page, name)).toBeHidden();

  await sidebar.locator("summary", { hasText: "Menu" }).click();
  for (const name of SIDEBAR) await expect(sidebarLink(page, name)).toBeVisible();
  await sidebar.getByRole("link", { name: "Make Admin", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  // The next page starts with its content again.
  await expect(sidebar.getByRole("link", { name: "Users", exact: true })).toBeHidden();

  await page.setViewportSize(LAPTOP);
  await open(page, "/dashboard", javaScriptEnabled);
  await expect(sidebar.locator("summary")).toBeHidden();
  for (const name of SIDEBAR) await expect(sidebarLink(page, name)).toBeVisible();
});
