// The administrator sets the agency's taka rate on /dashboard/settings at 390 px, with JavaScript on
// and off: a wrong rate is refused on its field with what was typed kept, a right one (Bengali digits
// too) becomes the rate in force with its date, and the history lists it.
import { expect, test } from "./fixtures";
import { open } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("the exchange rate: refused, set, dated and kept in the history", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await sidebar.locator("summary").click();
  await sidebar.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const section = page.getByRole("region", { name: "Exchange rate" });
  await expect(section).toContainText("For example, at 122 a $410 trip is shown as $410 = ৳50,020 at ৳122/$.");
  const field = section.getByLabel("Taka per US dollar");
  await field.fill("0");
  await section.getByRole("button", { name: "Save the rate" }).click();
  await expect(section.getByText("Enter the taka one US dollar buys")).toBeVisible();
  await expect(field).toHaveValue("0");
  // Each project sets its own rate; the newest is the one in force.
  const typed = javaScriptEnabled ? "১২২.৫" : "121.75";
  const shown = javaScriptEnabled ? "৳122.5/$" : "৳121.75/$";
  await field.fill(typed);
  await section.getByRole("button", { name: "Save the rate" }).click();
  await expect(section.getByRole("status")).toHaveText(`The rate is now ${shown}.`);
  await expect(section.getByTestId("current-rate")).toContainText(
    /Current rate: ৳12[12]\.[57]5?\/\$, set on \d+ \w{3} \d{4}, \d\d:\d\d by /,
  );
  await expect(section.getByRole("row", { name: new RegExp(shown.replace(/[$.]/g, "\\$&")) }).first()).toBeVisible();
  await expect(section.getByRole("alert")).toHaveCount(0);
  // In Bengali: the same page, its digits Bengali.
  await open(page, "/dashboard/settings?lang=bn", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "সেটিংস" })).toBeVisible();
  await expect(page.getByRole("region", { name: "ডলারের বিনিময় হার" })).toContainText("$৪১০ = ৳৫০,০২০ (৳১২২/$ হারে)");
  await open(page, "/dashboard/settings?lang=en", javaScriptEnabled);
});
