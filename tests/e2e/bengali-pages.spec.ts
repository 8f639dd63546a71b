// Every translated page in Bengali says none of the site's English (tests/e2e/support/english-left.ts),
// with JavaScript (after hydration: the browser's render is Bengali too) and without; and its forms'
// messages, the browser's and the server's, are Bengali.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PACKAGE_QUERY, open, openDeparture, placeOrderThroughApi } from "./helpers";
import { englishLeftOn, literalPieces } from "./support/english-left";

test("the check cuts messages into their English pieces", () => {
  expect(literalPieces("Cost: {cost}")).toEqual(["Cost:"]);
  expect(literalPieces("{count, plural, one {1 review} other {# reviews}}")).toEqual([]);
  expect(literalPieces("There is no page {page} for this search.")).toEqual(["There is no page", "for this search."]);
});

const PUBLIC_PAGES = [
  "/",
  "/home",
  "/services",
  "/services?q=nothing-matches-this",
  "/services?days=abc&minCost=-1",
  "/about",
  "/contact",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password/not-a-token",
  "/newsletter/confirm/not-a-token",
  "/newsletter/unsubscribe/not-a-token",
  "/no-such-page",
];

test("the public pages in Bengali leave no English of the site", async ({ page, javaScriptEnabled }) => {
  for (const path of PUBLIC_PAGES) {
    // The not-found page is the root's error boundary: nothing marks it hydrated.
    const hydrates = javaScriptEnabled && path !== "/no-such-page";
    await open(page, `${path}${path.includes("?") ? "&" : "?"}lang=bn`, hydrates);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    expect(await englishLeftOn(page), path).toEqual([]);
  }
});

test("a package's page in Bengali leaves no English of the site", async ({ page, javaScriptEnabled }) => {
  const [demo] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string }[];
  await open(page, `/order/${demo._id}?lang=bn`, javaScriptEnabled);
  expect(await englishLeftOn(page)).toEqual([]);
});

test("the checkout in Bengali leaves no English of the site, and its refusals are Bengali", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  await signIn();
  const [demo] = (await (await page.request.get(DEMO_PACKAGE_QUERY)).json()) as { _id: string; cost: number }[];
  const departure = await openDeparture(page.request, demo._id, 2);
  await open(
    page,
    `/addCart/${demo.cost * 2}?service=${demo._id}&quantity=2&type=couple&departure=${departure._id}&lang=bn`,
    javaScriptEnabled,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("বিলিংয়ের তথ্য");
  expect(await englishLeftOn(page)).toEqual([]);
  await page.getByLabel("মোবাইল নম্বর").fill("12345");
  await page.getByRole("button", { name: "অর্ডার দিন" }).click();
  await expect(page.getByText("নামের প্রথম অংশ লিখুন।")).toBeVisible();
  await expect(page.getByText("বাংলাদেশের একটি মোবাইল নম্বর লিখুন, যেমন ০১৭১২৩৪৫৬৭৮।")).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
});

test("a form's messages are Bengali, from the browser and from the server", async ({ page, javaScriptEnabled }) => {
  await open(page, "/contact?lang=bn", javaScriptEnabled);
  await page.getByRole("button", { name: "বার্তা পাঠান" }).click();
  await expect(page.getByText("আপনার নাম লিখুন।")).toBeVisible();
  await expect(page.getByText("আপনার বার্তাটি লিখুন।")).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);

  await open(page, "/login?lang=bn", javaScriptEnabled);
  await page.getByPlaceholder("আপনার ইমেইল").fill("nobody@example.com");
  await page.getByPlaceholder("আপনার পাসওয়ার্ড").fill("wrong password");
  await page.getByRole("button", { name: "লগইন", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("ইমেইল বা পাসওয়ার্ড ভুল। আবার চেষ্টা করুন।");
  expect(await englishLeftOn(page)).toEqual([]);
});

/** Opens each page in Bengali at a phone's width: no English of the site, and nothing wider than the screen. */
async function expectBengaliPages(page: Page, paths: string[], javaScriptEnabled: boolean) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of paths) {
    await open(page, `${path}${path.includes("?") ? "&" : "?"}lang=bn`, javaScriptEnabled);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    expect(await englishLeftOn(page), path).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

test("a customer's dashboard in Bengali leaves no English of the site", async ({ page, signIn, javaScriptEnabled }) => {
  const { email } = await signIn();
  // one unpaid order, so that My Orders shows its table, its actions and their hints
  await placeOrderThroughApi(page, { email, quantity: 2 });
  await expectBengaliPages(page, ["/dashboard", "/dashboard/myOrder", "/dashboard/profile"], javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("প্রোফাইল");
});
