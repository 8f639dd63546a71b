// The package page sells the trip (facts, itinerary, gallery, reviews, structured data for search
// engines) with the spec's order controls unchanged; an admin edits a package and sees the change.
// Each test runs with JavaScript on and off (playwright.config.ts).
import { expect, test } from "./fixtures";
import { chooseFirstDate, open, pressAddCart } from "./helpers";

test("the package page shows the trip's facts, itinerary, gallery and reviews", async ({ page, javaScriptEnabled }) => {
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

  const facts = page.locator(".trip-facts");
  await expect(facts).toContainText("DestinationSundarbans");
  await expect(facts).toContainText("Duration4 days");
  await expect(facts).toContainText("Group sizeUp to 24 persons");
  await expect(facts).toContainText("Meeting pointKhulna launch ghat");

  // Day 1 is open; the others open on a click (<details>, no script needed).
  await expect(page.getByRole("heading", { name: "Itinerary" })).toBeVisible();
  await expect(page.getByText(/Board the cruise boat at Khulna/)).toBeVisible();
  await expect(page.getByText(/A dawn boat ride up a narrow creek/)).toBeHidden();
  await page.getByText("Kotka and Jamtola beach").click();
  await expect(page.getByText(/A dawn boat ride up a narrow creek/)).toBeVisible();

  await expect(page.locator(".trip-included li")).toContainText(["Cabin on the cruise boat"]);
  await expect(page.locator(".trip-excluded li")).toContainText(["Travel to Khulna"]);

  // The gallery: the main picture first, then the others; a thumbnail brings its picture into view.
  const strip = page.getByRole("region", { name: "Pictures of Sundarbans Mangrove Cruise" });
  await expect(strip.getByRole("img")).toHaveCount(4);
  await expect(strip.getByRole("img").first()).toHaveAttribute("src", "/images/tours/sundarbans.svg");
  await expect(strip.getByRole("img", { name: "Sundarbans Mangrove Cruise, picture 3 of 4" })).toBeAttached();
  const shownPicture = () => strip.evaluate((element) => Math.round(element.scrollLeft / element.clientWidth) + 1);
  expect(await shownPicture()).toBe(1);
  await page.getByRole("link", { name: "Picture 3" }).click();
  await expect.poll(shownPicture).toBe(3);

  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText("5.0 out of 5");
  await expect(reviews).toContainText("Nusrat Jahan");
});

test("search engines and link previews read the trip from the page", async ({ page, javaScriptEnabled, baseURL }) => {
  await open(page, "/services?q=Sajek", javaScriptEnabled);
  const href = await page.getByRole("link", { name: /Order Now: Sajek Valley/ }).getAttribute("href");
  await open(page, `${href}?quantity=3&type=couple`, javaScriptEnabled);
  const url = `${baseURL}${href}`;

  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
  expect(structured).toMatchObject({
    "@context": "https://schema.org",
    "@type": "TouristTrip",
    name: "Sajek Valley Cloud Trek",
    url,
    offers: { "@type": "Offer", price: "380", priceCurrency: "USD" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4, reviewCount: 1 },
  });
  expect(structured.image[0]).toBe(`${baseURL}/images/tours/sajek-valley.svg`);
  expect(structured.image).toHaveLength(4);
  expect(structured.description.length).toBeGreaterThan(20);

  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Sajek Valley Cloud Trek");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/images/tours/sajek-valley.svg`);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /Wake up above the clouds/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
});

test("the order controls still work on the package page", async ({ page, javaScriptEnabled }) => {
  await open(page, "/services?q=Bandarban", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Bandarban/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bandarban Hill Adventure" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  // With JavaScript Add-Cart waits for the choices; without, it is the form's submit.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add-Cart" })).toBeDisabled();
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByLabel("Package type").selectOption("group");
  // A package with dates needs one too.
  await chooseFirstDate(page);
  if (javaScriptEnabled) {
    await expect(page.getByText(/Total: \$1,?230/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Add-Cart" })).toHaveAttribute(
      "href",
      /^\/addCart\/1230\?.*quantity=3.*departure=/,
    );
  } else {
    // One submit: the server prices it and sends the visitor on to the checkout (through the login).
    await pressAddCart(page, false);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/addCart\/1230\?.*quantity=3.*departure=/);
  }
});

test("an admin edits a package and the package page shows the change", async ({ page, javaScriptEnabled, signIn, baseURL }) => {
  await signIn("admin");
  const title = `Kuakata Beach ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  const created = await page.request.post("/api/services", {
    headers: { Origin: baseURL! },
    data: { title, cost: 200, image: "/images/tours/coxs-bazar.svg", description: "Sunrise and sunset from one beach." },
  });
  expect(created.status()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };

  // Without facts the page is the spec's: no facts, no itinerary, no rating in its structured data.
  await open(page, `/order/${insertedId}`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".trip-facts")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Itinerary" })).toHaveCount(0);
  const bare = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
  expect(bare["@type"]).toBe("TouristTrip");
  expect(bare).not.toHaveProperty("aggregateRating");

  await open(page, "/dashboard/manageProducts", javaScriptEnabled);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Product" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Cost ($ per person)")).toHaveValue("200");

  await page.getByLabel("Destination").selectOption("Kuakata");
  await page.getByLabel("Duration (days)").fill("61");
  await page.getByLabel("Max group size").fill("15");
  await page.getByLabel("Day 1 title").fill("Sunset at the zero point");
  await page.getByLabel("Day 1 text").fill("Arrive by bus and walk the beach.");
  await expect(page.getByLabel("Day 4 title")).toHaveCount(0);
  await page.getByRole("button", { name: "Add a day" }).click();
  await expect(page.getByLabel("Day 4 title")).toBeVisible();
  // What was typed stays when the form comes back with one more row.
  await expect(page.getByLabel("Day 1 title")).toHaveValue("Sunset at the zero point");
  await page.getByLabel("Day 4 title").fill("Sunrise and Gangamati");
  await page.getByLabel("Day 4 text").fill("Up before dawn.");
  await page.getByLabel("Included", { exact: true }).fill("Hotel\nBreakfast");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The duration in days is a whole number from 1 to 60.")).toBeVisible();
  await expect(page.getByLabel("Day 4 title")).toHaveValue("Sunrise and Gangamati");
  await page.getByLabel("Duration (days)").fill("2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.getByRole("link", { name: "See the package page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".trip-facts")).toContainText("DestinationKuakata");
  await expect(page.locator(".trip-facts")).toContainText("Duration2 days");
  await expect(page.getByText("Sunset at the zero point")).toBeVisible();
  await expect(page.getByText("Sunrise and Gangamati")).toBeVisible();
  await expect(page.locator(".trip-included li")).toHaveText(["Hotel", "Breakfast"]);
});
