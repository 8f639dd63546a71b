// Resellers in the browser, with JavaScript on and off: the administrator adds a reseller on
// /dashboard/resellers (a bad commission is named and nothing is added), creates a key that the
// page shows once, and the key works on the running server's OCTO API (products, a JSON POST of
// availability) but not on the site's own API; revoked on the page, it is refused at the next call.
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open } from "./helpers";

test("the administrator adds a reseller and creates a key, shown once, that works on /octo until revoked", async ({
  page,
  playwright,
  baseURL,
  signIn,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Reseller ${testInfo.project.name} ${Math.random().toString(36).slice(2, 7)}`;
  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Resellers" }).click();
  await expect(page.getByRole("heading", { name: "Resellers", level: 1 })).toBeVisible();

  const form = page.getByRole("form", { name: "Add a reseller" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Contact email").fill("b2b@reseller.example");
  await form.getByLabel("Commission (%)").fill("12.345");
  await form.getByRole("button", { name: "Add reseller" }).click();
  await expect(form.getByText("The commission is a percentage from 0 to 100, with up to 2 decimals.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  await form.getByLabel("Commission (%)").fill("12.5");
  await form.getByRole("button", { name: "Add reseller" }).click();
  await expect(page.getByText(`Reseller ${name} added.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("12.5%");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("No keys");

  await row.getByRole("button", { name: `Create a key for ${name}` }).click();
  const shown = page.getByTestId("new-key");
  await expect(shown).toBeVisible();
  const key = (await shown.textContent())!.trim();
  expect(key).toMatch(/^tbr_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("it is not shown again")).toBeVisible();
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("never used");
  await page.screenshot({ path: `/work/shots/octo/resellers-key-${testInfo.project.name}-1366.png`, fullPage: true });

  // The key on the running server: the OCTO API answers, a JSON POST goes through, the site's API refuses it.
  const reseller = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${key}` } });
  const products = await reseller.get("/octo/products", { headers: { "Octo-Capabilities": "octo/pricing" } });
  expect(products.status()).toBe(200);
  expect(products.headers()["octo-capabilities"]).toBe("octo/pricing");
  const [demo] = (await (await reseller.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
  const product = (
    (await products.json()) as { id: string; options: { units: { pricingFrom: { retail: number; net: number }[] }[] }[] }[]
  ).find((item) => item.id === demo._id)!;
  const [price] = product.options[0].units[0].pricingFrom;
  expect(price.net).toBe(price.retail - Math.round(price.retail * 0.125));
  const availability = await reseller.post("/octo/availability/calendar", {
    data: { productId: demo._id, optionId: "DEFAULT", localDateStart: "2030-01-01", localDateEnd: "2030-01-31" },
  });
  expect(availability.status()).toBe(200);
  expect(await availability.json()).toHaveLength(31);
  expect((await reseller.get("/api/my-orders")).status()).toBe(401);

  // Reloaded, the page no longer shows the key; it shows its last use.
  await open(page, "/dashboard/resellers", javaScriptEnabled);
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(key);
  await expect(row).toContainText(/last used \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);

  await row.getByRole("button", { name: `Revoke key ${key.slice(0, 12)} of ${name}` }).click();
  await expect(page.getByText("Key revoked.")).toBeVisible();
  await expect(row).toContainText("Revoked");
  const refused = await reseller.get("/octo/supplier");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe("FORBIDDEN");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/work/shots/octo/resellers-${testInfo.project.name}-390.png`, fullPage: true });
  await reseller.dispose();
});
