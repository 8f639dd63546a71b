// Deletes ask first: without JavaScript the first post shows the page's confirmation step (the
// spec's question, what will be deleted, a confirm button and a way back) and only the confirmed
// post deletes; with JavaScript the browser's confirm asks, as on the original site.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { open, openDeparture, DEMO_PACKAGE_QUERY } from "./helpers";

async function placeBooking(request: APIRequestContext, origin: string) {
  const [tourPackage] = await (await request.get(DEMO_PACKAGE_QUERY)).json();
  const response = await request.post("/api/my-orders", {
    headers: { Origin: origin },
    data: {
      firstName: "Md",
      lastName: "Mohammad Abdur Rahman Chowdhury",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Cox's Bazar",
      mobileNumber: "+880 1712-345678",
      email: "rahman@example.com",
      service: tourPackage._id,
      departure: (await openDeparture(request, tourPackage._id))._id,
      quantity: 1,
      type: "city",
    },
  });
  expect(response.status()).toBe(201);
  return tourPackage as { _id: string; title: string; cost: number };
}

test(
  "without JavaScript a delete asks on the page first; cancel keeps, confirm deletes",
  { tag: "@no-js-only" },
  async ({ page, baseURL, signIn }) => {
    await signIn();
    const tourPackage = await placeBooking(page.request, baseURL!);
    await open(page, "/dashboard/myOrder", false);
    const row = page.getByRole("row", { name: new RegExp(tourPackage.title) });
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: /Delete/ }).click();
    await expect(page.getByRole("heading", { name: "Are you sure, You want to delete" })).toBeVisible();
    await expect(page.getByText(`Your order of ${tourPackage.title}: 1 × city, $${tourPackage.cost}.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(tourPackage.title) })).toHaveCount(1);

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
    await expect(page.getByRole("heading", { name: "Are you sure, You want to delete" })).toHaveCount(0);
    await expect(page.getByRole("row", { name: new RegExp(tourPackage.title) })).toHaveCount(1);

    await page
      .getByRole("row", { name: new RegExp(tourPackage.title) })
      .getByRole("button", { name: /Delete/ })
      .click();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Deleted sucessfully")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(tourPackage.title) })).toHaveCount(0);

    // An administrator's package delete asks with the products' question.
    await signIn("admin");
    const title = `Kuakata Dawn ${Date.now()}`;
    const added = await page.request.post("/api/services", {
      headers: { Origin: baseURL! },
      data: { title, cost: 120, image: "/images/tours/coxs-bazar.svg", description: "Dawn over the sea." },
    });
    expect(added.status()).toBe(201);
    await open(page, `/dashboard/manageProducts?q=${encodeURIComponent(title)}`, false);
    await page
      .getByRole("row", { name: new RegExp(title) })
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page.getByRole("heading", { name: "Are you sure, You want to delete?" })).toBeVisible();
    await expect(page.getByText(`The package ${title} ($120).`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(1);
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Deleted sucessfully")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  },
);

test(
  "with JavaScript the browser's confirm asks: dismissed nothing is posted, accepted the order is deleted",
  { tag: "@js-only" },
  async ({ page, baseURL, signIn }) => {
    await signIn();
    const tourPackage = await placeBooking(page.request, baseURL!);
    const dialogs: string[] = [];
    let accept = false;
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void (dialog.type() === "confirm" && !accept ? dialog.dismiss() : dialog.accept());
    });
    await open(page, "/dashboard/myOrder", true);
    const row = () => page.getByRole("row", { name: new RegExp(tourPackage.title) });

    await row()
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect.poll(() => dialogs).toEqual(["Are you sure, You want to delete"]);
    await expect(page.getByRole("heading", { name: "Are you sure, You want to delete" })).toHaveCount(0);
    await expect(row()).toHaveCount(1);

    accept = true;
    await row()
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page.getByText("Deleted sucessfully")).toBeVisible();
    await expect(row()).toHaveCount(0);
    expect(dialogs).toEqual(["Are you sure, You want to delete", "Are you sure, You want to delete", "Deleted sucessfully"]);
    await expect(page.getByRole("heading", { name: "Are you sure, You want to delete" })).toHaveCount(0);
  },
);
