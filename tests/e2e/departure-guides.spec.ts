// An administrator assigns a guide on the departure's page at 390 px, with JavaScript on and off
// (a plain form post either way); the departures API then shows the guide to staff.
import { expect, test } from "./fixtures";
import { open } from "./helpers";

test("an administrator assigns a guide to a departure at 390 px", async ({ page, javaScriptEnabled, signIn, baseURL }) => {
  const headers = { Origin: baseURL! };
  const guide = await signIn();
  await signIn("admin");
  expect((await page.request.put("/api/users/role", { headers, data: { email: guide.email, role: "guide" } })).status()).toBe(
    200,
  );
  const service = await page.request.post("/api/services", {
    headers,
    data: { title: `Guided cruise ${Date.now()}`, cost: 90, image: "/images/tours/sundarbans.svg", description: "A guided day." },
  });
  const serviceId = ((await service.json()) as { insertedId: string }).insertedId;
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, "0");
  const departure = await page.request.post(`/api/services/${serviceId}/departures`, {
    headers,
    data: { date: `2032-${month}-${javaScriptEnabled ? "10" : "20"}`, seats: 12 },
  });
  expect(departure.status()).toBe(201);
  const departureId = ((await departure.json()) as { insertedId: string }).insertedId;

  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/dashboard/departures/${departureId}`, javaScriptEnabled);
  const section = page.getByRole("region", { name: "Guide", exact: true });
  await expect(section).toContainText("No guide assigned: any guide may run this departure.");
  await section.getByLabel("Assign a guide").selectOption({ label: `Test Traveller (${guide.email})` });
  await section.getByRole("button", { name: "Save guide" }).click();
  await expect(section.getByRole("status")).toHaveText("Guide assigned.");
  await expect(section.locator("strong")).toHaveText("Test Traveller");
  await expect(section.getByLabel("Assign a guide")).toHaveValue(guide.email);
  const box = await section.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  const listed = (await (await page.request.get(`/api/services/${serviceId}/departures`)).json()) as { guide: unknown }[];
  expect(listed[0].guide).toEqual({ name: "Test Traveller", phone: null });
});
