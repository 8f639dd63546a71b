// Dated departures in the browser, with JavaScript on and off: choosing a date on the order page
// (a sold-out date cannot be chosen), the checkout showing it, more persons than seats left refused
// (inline with JavaScript, by the server without), and an administrator adding a departure.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open, pressAddCart } from "./helpers";

// Sets up a package, one date with 2 seats and one sold-out date, as the admin through the API.
async function packageWithDates(page: Page, origin: string) {
  const headers = { Origin: origin };
  const title = `Tanguar Haor Houseboat ${Math.random().toString(36).slice(2, 7)}`;
  const created = await page.request.post("/api/services", {
    headers,
    data: { title, cost: 150, image: "/images/tours/sundarbans.svg", description: "Two days on the wetland." },
  });
  expect(created.status()).toBe(201);
  const { insertedId: serviceId } = (await created.json()) as { insertedId: string };
  const add = async (date: string, seats: number) => {
    const response = await page.request.post(`/api/services/${serviceId}/departures`, { headers, data: { date, seats } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const fewSeats = await add("2031-03-08", 2);
  const soldOut = await add("2031-04-12", 1);
  return { serviceId, title, fewSeats, soldOut };
}

async function bookLastSeat(page: Page, origin: string, serviceId: string, departure: string, email: string) {
  const response = await page.request.post("/api/my-orders", {
    headers: { Origin: origin },
    data: {
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email,
      service: serviceId,
      departure,
      quantity: 1,
      type: "city",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a customer chooses a date with seats, sees it at checkout, and cannot take more seats than are left", async ({
  page,
  javaScriptEnabled,
  signIn,
  baseURL,
}) => {
  await signIn("admin");
  const { serviceId, title, fewSeats, soldOut } = await packageWithDates(page, baseURL!);
  const { email } = await signIn();
  await bookLastSeat(page, baseURL!, serviceId, soldOut, email);

  await open(page, `/order/${serviceId}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const dates = page.getByRole("group", { name: "Date" });
  await expect(dates.getByRole("radio", { name: /8 Mar 2031\s*2 seats left/ })).toBeEnabled();
  await expect(dates.getByRole("radio", { name: /12 Apr 2031\s*Sold out/ })).toBeDisabled();
  await page.getByLabel("Package type").selectOption("group");
  // With JavaScript Add-Cart waits; without, pressing it comes back naming only what is missing.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add-Cart" })).toBeDisabled();
  else await pressAddCart(page, false);
  await expect(page.getByText("Choose a date to continue.")).toBeVisible();

  // Three persons on a date with two seats left.
  await page.getByRole("radio", { name: /8 Mar 2031/ }).check();
  await page.getByLabel("Number of persons").fill("3");
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add-Cart" })).toBeDisabled();
  else await pressAddCart(page, false);
  await expect(page.getByText("Only 2 seats left on this date.")).toBeVisible();
  await expect(page.getByText("Choose fewer persons or another date to continue.")).toBeVisible();
  await page.getByLabel("Number of persons").fill("2");
  if (javaScriptEnabled) {
    await expect(page.getByRole("button", { name: "One person more" })).toBeDisabled();
    await expect(page.getByText("Only 2 seats left on this date.")).toHaveCount(0);
    await expect(page.getByText("Total: $300")).toBeVisible();
  }
  await pressAddCart(page, javaScriptEnabled);
  await expect(page).toHaveURL(
    new RegExp(`/addCart/300\\?service=${serviceId}&quantity=2&type=group&departure=${fewSeats}(#add-cart)?$`),
  );
  const summary = page.getByRole("complementary", { name: "Your order" });
  await expect(summary).toContainText(title);
  await expect(summary).toContainText("Date: 8 Mar 2031");
  const totals = page.getByRole("region", { name: "Total" });
  await expect(totals).toContainText("2 persons");
  await expect(totals).toContainText("Price: $300");

  // The checkout checks the seats again, whatever the URL says.
  const tooMany = await page.goto(`/addCart/450?service=${serviceId}&quantity=3&type=group&departure=${fewSeats}`);
  expect(tooMany?.status()).toBe(409);
  await expect(page.getByText("Only 2 seats left on this date.")).toBeVisible();
  const soldOutCheckout = await page.goto(`/addCart/150?service=${serviceId}&quantity=1&type=group&departure=${soldOut}`);
  expect(soldOutCheckout?.status()).toBe(409);
  await expect(page.getByText("This date is sold out.")).toBeVisible();
});

test("an administrator adds a departure from Manage Products, and a second one on the same date is refused", async ({
  page,
  javaScriptEnabled,
  signIn,
  baseURL,
}) => {
  await signIn("admin");
  const { title } = await packageWithDates(page, baseURL!);
  await open(page, "/dashboard/manageProducts", javaScriptEnabled);
  await page.getByRole("link", { name: `Departures of ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Departures: ${title}` })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /12 Apr 2031/ })).toContainText("Open");

  await page.getByLabel("Date").fill("2031-05-17");
  await page.getByLabel(/^Seats \(1 to 500\)/).fill("14");
  await page.getByRole("button", { name: "Add departure" }).click();
  await expect(page.getByText("Departure added.")).toBeVisible();
  const row = table.getByRole("row", { name: /17 May 2031/ });
  await expect(row).toContainText("14");

  await page.getByLabel("Date").fill("2031-05-17");
  await page.getByLabel(/^Seats \(1 to 500\)/).fill("3");
  await page.getByRole("button", { name: "Add departure" }).click();
  await expect(page.getByText("This package already has a departure on that date.")).toBeVisible();
  await expect(page.getByLabel(/^Seats \(1 to 500\)/)).toHaveValue("3");

  await row.getByRole("button", { name: "Close 17 May 2031" }).click();
  await expect(page.getByText("Departure closed: no new bookings.")).toBeVisible();
  await expect(table.getByRole("row", { name: /17 May 2031/ })).toContainText("Closed");
});
