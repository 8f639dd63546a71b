// Departure day on a phone (390 px), with JavaScript on and off: a guide finds a booking by its
// reference, marks its travellers checked in and no-show with one tap each (a plain form post
// without JavaScript; a fetcher without a reload with it), sees the running count, and cannot open
// the administrators' pages. The manifest at 1366 px and as printed (screenshots).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAxeClean, open } from "./helpers";

const SHOTS = "/work/shots/guides";

async function departureWithBooking(page: Page, origin: string) {
  const headers = { Origin: origin };
  const title = `Check-in cruise ${Math.random().toString(36).slice(2, 7)}`;
  const created = await page.request.post("/api/services", {
    headers,
    data: { title, cost: 120, image: "/images/tours/sundarbans.svg", description: "Three days in the mangroves." },
  });
  expect(created.status()).toBe(201);
  const { insertedId: serviceId } = (await created.json()) as { insertedId: string };
  const day = String(1 + Math.floor(Math.random() * 27)).padStart(2, "0");
  const added = await page.request.post(`/api/services/${serviceId}/departures`, {
    headers,
    data: { date: `2031-06-${day}`, seats: 10 },
  });
  expect(added.status()).toBe(201);
  return { serviceId, title, departureId: ((await added.json()) as { insertedId: string }).insertedId };
}

test("a guide checks travellers in at 390 px and sees nothing of the admin pages", async ({
  page,
  javaScriptEnabled,
  signIn,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  const guide = await signIn();
  await signIn("admin");
  const { serviceId, departureId } = await departureWithBooking(page, baseURL!);
  const role = await page.request.put("/api/users/role", { headers, data: { email: guide.email, role: "guide" } });
  expect(role.status()).toBe(200);
  await signIn();
  const ordered = await page.request.post("/api/my-orders", {
    headers,
    data: {
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email: "rina@example.com",
      service: serviceId,
      departure: departureId,
      quantity: 2,
      type: "couple",
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const { insertedId } = (await ordered.json()) as { insertedId: string };
  const order = (await (await page.request.get(`/api/my-orders/${insertedId}`)).json()) as {
    reference: string;
    travellers: { _id: string }[];
  };
  const { reference } = order;
  const named = await page.request.put(`/api/my-orders/${insertedId}/travellers`, {
    headers,
    data: {
      travellers: [
        { _id: order.travellers[0]._id, name: "Rina Das", dateOfBirth: "1990-03-04", idNumber: "1990 1234 56789" },
        { _id: order.travellers[1]._id, name: "Karim Uddin", idNumber: "AB1234567" },
      ],
    },
  });
  expect(named.status(), await named.text()).toBe(200);
  const login = await page.request.post("/login", { form: guide, headers, maxRedirects: 0 });
  expect(login.status()).toBe(302);

  await page.setViewportSize({ width: 390, height: 844 });
  const response = await open(page, `/dashboard/departures/${departureId}/check-in`, javaScriptEnabled);
  expect(response?.headers()["permissions-policy"]).toContain("camera=(self)");
  await expect(page.getByRole("heading", { level: 1, name: /^Check-in:/ })).toBeVisible();
  const count = page.getByRole("status").filter({ hasText: "checked in" });
  await expect(count).toHaveText("0 / 2 checked in");

  // Find the booking by typing part of its reference.
  await page.getByLabel("Booking reference").fill(reference.slice(3, 6).toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText(reference).first()).toBeVisible();

  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
  await page.getByRole("button", { name: "Checked in: Rina Das" }).click();
  await expect(count).toHaveText("1 / 2 checked in");
  // Without JavaScript the page reopens at the next traveller, not at its top; with it, the page stays put.
  if (!javaScriptEnabled) await expect(page).toHaveURL(/#traveller-/);
  await expect(
    page.getByRole("button", { name: javaScriptEnabled ? "Undo: Rina Das" : "No-show: Karim Uddin" }),
  ).toBeInViewport();
  await expectAxeClean(page, javaScriptEnabled);
  await page.getByRole("button", { name: "No-show: Karim Uddin" }).click();
  await expect(page.getByRole("button", { name: /^Undo: / })).toHaveCount(2);
  await expect(page.getByText("No-show", { exact: true })).toBeVisible();
  if (javaScriptEnabled) {
    // No full reload: the page's window is the same.
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  }
  await page.screenshot({ path: `${SHOTS}/check-in-390-${javaScriptEnabled ? "js" : "no-js"}.png`, fullPage: true });

  // Stored: a fresh load shows the same, and Undo takes one back.
  await open(page, `/dashboard/departures/${departureId}/check-in`, javaScriptEnabled);
  await expect(count).toHaveText("1 / 2 checked in");
  await page.getByRole("button", { name: "Undo: Rina Das" }).click();
  await expect(count).toHaveText("0 / 2 checked in");

  // The manifest, and what a guide may not open.
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, `/dashboard/departures/${departureId}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: /^Manifest:/ })).toBeVisible();
  // ID numbers masked to their last 4 until revealed; a reveal shows the whole number.
  await expect(page.getByText("1990123456789")).toHaveCount(0);
  await expect(page.getByText(/•+6789/)).toBeVisible();
  await page.getByRole("button", { name: "Reveal the ID number of Rina Das" }).click();
  await expect(page.getByText("1990123456789")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Departures" })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage All Orders" })).toHaveCount(
    0,
  );
  if (javaScriptEnabled) {
    await page.screenshot({ path: `${SHOTS}/manifest-1366.png`, fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: `${SHOTS}/manifest-print.png`, fullPage: true });
    await page.emulateMedia({ media: "screen" });
  }
  for (const path of ["/dashboard/manageAllOrders", "/dashboard/users", "/dashboard/manageProducts", "/dashboard/addProduct"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/\?redirectTo=/);
  }
  const manifestCamera = await page.request.get(`/dashboard/departures/${departureId}`);
  expect(manifestCamera.headers()["permissions-policy"]).toContain("camera=()");
});
