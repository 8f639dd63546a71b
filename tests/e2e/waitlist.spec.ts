// A departure's waitlist on a 390 px phone, with JavaScript on and off (issue 41): a customer joins
// a sold-out date from the trip page, sees their place (first in line, not booked), is offered the
// seats when the administrator adds some (held for them, with the checkout one press away), and
// leaves; the administrator's departures page lists the line. In Bengali too.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, expect, test } from "./fixtures";
import { open } from "./helpers";
import { englishLeftOn } from "./support/english-left";

test.use({ viewport: { width: 390, height: 844 } });

/** A package with one date of one seat, which the administrator books: sold out. */
async function soldOutDate(admin: APIRequestContext, origin: string) {
  const headers = { Origin: origin };
  // A title no other test searches for (the browser tests share one database: "Sajek" finds one package).
  const title = `Eid Waitlist Trek ${Math.random().toString(36).slice(2, 7)}`;
  const created = await admin.post("/api/services", {
    headers,
    data: { title, cost: 150, image: "/images/tours/sajek.svg", description: "Clouds at sunrise." },
  });
  expect(created.status()).toBe(201);
  const { insertedId: serviceId } = (await created.json()) as { insertedId: string };
  const added = await admin.post(`/api/services/${serviceId}/departures`, { headers, data: { date: "2031-06-14", seats: 1 } });
  expect(added.status()).toBe(201);
  const { insertedId: departureId } = (await added.json()) as { insertedId: string };
  const booked = await admin.post("/api/my-orders", {
    headers,
    data: {
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email: ADMIN.email,
      service: serviceId,
      departure: departureId,
      quantity: 1,
      type: "group",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { serviceId, departureId, title };
}

test("a customer joins a sold-out date's waitlist, is offered the seats freed, and leaves", async ({
  page,
  browser,
  signIn,
  baseURL,
  javaScriptEnabled,
}) => {
  const adminContext = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width: 390, height: 844 } });
  const admin = adminContext.request;
  expect((await admin.post("/login", { form: ADMIN, headers: { Origin: baseURL! }, maxRedirects: 0 })).status()).toBe(302);
  const { serviceId, departureId, title } = await soldOutDate(admin, baseURL!);
  const { email } = await signIn();

  await open(page, `/order/${serviceId}`, javaScriptEnabled);
  const join = page.getByRole("form", { name: "Join the waitlist" });
  await expect(join).toContainText("You are not booked until you complete the checkout.");
  await join.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page).toHaveURL(/\/dashboard\/waitlist$/);
  await expect(page.getByRole("status")).toHaveText(
    "You are on the waitlist. We will email you if seats free up; you are not booked until you complete the checkout.",
  );
  const place = page.getByRole("listitem").filter({ hasText: title });
  await expect(place).toContainText("14 Jun 2031");
  await expect(place).toContainText("Waiting");
  await expect(place).toContainText("You are first in line.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The administrator sees the line (the package's departures page, the API), then adds a seat: it is offered to this customer.
  const adminPage = await adminContext.newPage();
  await open(adminPage, `/dashboard/departures/${serviceId}`, javaScriptEnabled);
  const row = adminPage
    .getByRole("table")
    .filter({ has: adminPage.getByRole("columnheader", { name: "Joined" }) })
    .getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("14 Jun 2031");
  await expect(row).toContainText("Waiting");
  const line = await admin.get(`/api/departures/${departureId}/waitlist`);
  expect(await line.json()).toEqual([expect.objectContaining({ email, status: "waiting", persons: 1 })]);
  expect(
    (await admin.patch(`/api/departures/${departureId}`, { headers: { Origin: baseURL! }, data: { seats: 2 } })).status(),
  ).toBe(200);

  await open(page, "/dashboard/waitlist", javaScriptEnabled);
  await expect(place).toContainText("Seats offered");
  await expect(place).toContainText("You are not booked yet.");
  await place.getByRole("link", { name: "Book these seats" }).click();
  await expect(page).toHaveURL(new RegExp(`/addCart/150\\?service=${serviceId}&quantity=1&type=group&departure=${departureId}`));
  await expect(page.getByRole("complementary", { name: "Your order" })).toContainText(title);

  await open(page, "/dashboard/waitlist?lang=bn", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("আমার অপেক্ষা তালিকা");
  await expect(page.getByText("আসন প্রস্তাব করা হয়েছে")).toBeVisible();
  await page.getByRole("button", { name: "অপেক্ষা তালিকা ছাড়ুন" }).click();
  await expect(page.getByRole("status")).toHaveText("আপনি অপেক্ষা তালিকা থেকে বের হয়ে গেছেন।");
  await open(page, "/dashboard/waitlist?lang=en", javaScriptEnabled);
  await expect(page.getByText("You are not on any waitlist.")).toBeVisible();
  await adminContext.close();
});

test("the waitlist page in Bengali leaves no English of the site", async ({ page, signIn, javaScriptEnabled }) => {
  await signIn();
  await open(page, "/dashboard/waitlist?lang=bn", javaScriptEnabled);
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  expect(await englishLeftOn(page)).toEqual([]);
});
