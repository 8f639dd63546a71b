// Reseller bookings in the back office, in a 390 px browser with JavaScript on and off: a reseller
// made through the site's API books the demo package through the OCTO API (reserve, then confirm
// with its own reference); Manage All Orders' channel filter (a GET form) shows that booking with
// the reseller's name and reference; the commission report (linked from Resellers) counts it for
// this month, with the totals and the CSV link.
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open, openDeparture, placeOrderThroughApi } from "./helpers";

const SHOTS = "/work/shots/channel";

test("a reseller's booking: the channel filter of Manage All Orders and the commission report", async ({
  page,
  playwright,
  baseURL,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  const project = testInfo.project.name;
  const name = `Channel ${project} ${Math.random().toString(36).slice(2, 7)}`;
  const reference = `REF-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await signIn("admin");
  // one website order for the Website filter
  await placeOrderThroughApi(page, { email: admin.email, quantity: 1 });
  const headers = { Origin: baseURL! };
  const created = await page.request.post("/api/resellers", {
    data: { name, email: "desk@channel.example", commissionPercent: 12.5 },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { insertedId } = (await created.json()) as { insertedId: string };
  const keyAnswer = await page.request.post(`/api/resellers/${insertedId}/keys`, { headers });
  expect(keyAnswer.ok(), await keyAnswer.text()).toBe(true);
  const { key } = (await keyAnswer.json()) as { key: string };

  // The reseller books one traveller of the demo package on an open date.
  const reseller = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  const [demo] = (await (await reseller.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
  const departure = await openDeparture(reseller, demo._id);
  const product = (await (await reseller.get(`/octo/products/${demo._id}`)).json()) as { options: { units: { id: string }[] }[] };
  const unitId = product.options[0].units[0].id;
  const [availability] = (await (
    await reseller.post("/octo/availability", { data: { productId: demo._id, optionId: "DEFAULT", localDate: departure.date } })
  ).json()) as { id: string }[];
  const uuid = randomUUID();
  const held = await reseller.post("/octo/bookings", {
    data: { productId: demo._id, optionId: "DEFAULT", availabilityId: availability.id, uuid, unitItems: [{ unitId }] },
  });
  expect(held.status(), await held.text()).toBe(200);
  const confirmed = await reseller.post(`/octo/bookings/${uuid}/confirm`, {
    data: {
      resellerReference: reference,
      contact: { fullName: "Ayesha Rahman", emailAddress: "ayesha@example.com", phoneNumber: "+8801712345678" },
      unitItems: [{ unitId, contact: { fullName: "Ayesha Rahman" } }],
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await reseller.dispose();

  // Manage All Orders, filtered by the channel through its GET form.
  await open(page, "/dashboard/manageAllOrders", javaScriptEnabled);
  const filters = page.getByRole("search", { name: "Search and filter orders" });
  await filters.getByLabel("Channel").selectOption({ label: name });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]channel=${insertedId}`));
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Via ${name} (ref. ${reference})`);
  await expect(filters.getByLabel("Channel")).toHaveValue(insertedId);
  await page.screenshot({ path: `${SHOTS}/manage-all-orders-channel-${project}-390.png`, fullPage: true });
  // The website's own orders: none of this reseller's.
  await filters.getByLabel("Channel").selectOption({ label: "Website" });
  await filters.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]channel=website/);
  await expect(page.locator("tbody")).not.toContainText(name);
  await expect(page.locator("tbody tr").first()).toContainText("Website");
  await page.setViewportSize({ width: 1366, height: 900 });
  // the channel fits beside the other columns: Delete stays on a laptop's screen
  const remove = await page
    .locator("tbody tr")
    .first()
    .getByRole("button", { name: /^Delete/ })
    .boundingBox();
  expect(remove!.x + remove!.width).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: `${SHOTS}/manage-all-orders-channel-${project}-1366.png` });

  // The booking page: paid to the agency by the reseller, no Pay link.
  await open(page, `/dashboard/manageAllOrders?channel=${insertedId}`, javaScriptEnabled);
  await page.locator("tbody tr").first().getByRole("link").first().click();
  await expect(page.getByText(`Paid to the agency by ${name}`)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Pay / })).toHaveCount(0);

  // The commission report, reached from Resellers: this month by default.
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/dashboard/resellers", javaScriptEnabled);
  await page.getByRole("link", { name: "Commission report per month" }).click();
  await expect(page.getByRole("heading", { name: "Reseller commission", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("12.5%");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(page.getByText("Cancelled, expired and unconfirmed bookings are not counted.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    /^\/dashboard\/resellers\/commission\.csv\?month=\d{4}-\d{2}$/,
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/commission-${project}-390.png`, fullPage: true });
  // Another month through the GET form: the booking is not in it.
  await page.getByLabel("Month", { exact: true }).fill("2030-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/month=2030-01/);
  await expect(page.getByRole("heading", { name: "Jan 2030", level: 2 })).toBeVisible();
  await expect(
    page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("cell")
      .nth(2),
  ).toHaveText("0");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goBack();
  await expect(
    page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("cell")
      .nth(2),
  ).toHaveText("1");
  await page.screenshot({ path: `${SHOTS}/commission-${project}-1366.png`, fullPage: true });
});
