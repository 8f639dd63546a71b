import { expect, test, type Browser, type Page } from "@playwright/test";
import { open, openDeparture, placeOrderThroughApi, DEMO_PACKAGE_QUERY } from "./helpers";

// What a visitor notices on a phone (390 px) and a laptop (1366 px): carousels, menu, tables, forms.
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };
const NOT_FOUND = "/no/such/page";
const ADMIN = { email: "admin@tourbooking.test", password: "admin12345" };

/** The opacity of each hero slide (the fade shows one at a time). */
function heroOpacities(page: Page) {
  return page.locator(".hero-slide").evaluateAll((slides) => slides.map((slide) => getComputedStyle(slide).opacity));
}

/** Where the reviews track stands (the carousel moves it with a transform). */
function reviewsPosition(page: Page) {
  return page.locator(".reviews-track").evaluate((track) => getComputedStyle(track).transform);
}

async function registerCustomer(page: Page, javaScriptEnabled: boolean) {
  const email = `mobile-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await open(page, "/register", javaScriptEnabled);
  await page.getByPlaceholder("Your Name").fill("Phone Traveller");
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password", { exact: true }).fill("long enough 123");
  await page.getByPlaceholder("Retype Your Password").fill("long enough 123");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("User Created successfully")).toBeVisible();
  return email;
}

async function login(page: Page, javaScriptEnabled: boolean, email: string, password: string) {
  await open(page, "/login", javaScriptEnabled);
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByText("User Login successfully")).toBeVisible();
}

/** The id of a demo package (with its dates). */
async function firstServiceId(page: Page) {
  const response = await page.request.get(DEMO_PACKAGE_QUERY);
  const services = (await response.json()) as { _id: string }[];
  return services[0]._id;
}

async function expectFitsThePhone(page: Page, path: string, javaScriptEnabled: boolean) {
  // The not-found page is the error boundary's: it does not mark the page hydrated.
  const response = path === NOT_FOUND ? await page.goto(path) : await open(page, path, javaScriptEnabled);
  expect(response?.status(), path).toBeLessThan(500);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
  return context.newPage();
}

test("the three hero slides show the same heading, at 390 px and at 1366 px", async ({ page, javaScriptEnabled }) => {
  for (const viewport of [PHONE, LAPTOP]) {
    await page.setViewportSize(viewport);
    await open(page, "/", javaScriptEnabled);
    const styles = await page.locator(".hero-slide").evaluateAll((slides) =>
      slides.map((slide) => {
        const heading = getComputedStyle(slide.querySelector("h1, .hero-heading")!);
        const text = getComputedStyle(slide.querySelector(".hero-content p:not(.hero-heading)")!);
        return { heading: [heading.fontSize, heading.fontWeight, heading.lineHeight, heading.marginBottom], text: text.fontSize };
      }),
    );
    expect(styles).toHaveLength(3);
    for (const slide of styles) expect(slide).toEqual(styles[0]);
    expect(Number.parseFloat(styles[0].heading[0])).toBeGreaterThan(Number.parseFloat(styles[0].text) * 1.5);
  }
});

test.describe("carousels respect the visitor's wish for less motion @js-only", () => {
  test("with reduced motion nothing moves until the visitor presses Play", async ({ page, javaScriptEnabled }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/", javaScriptEnabled);
    const heroToggle = page.getByRole("button", { name: "Play the slideshow" });
    const reviewsToggle = page.getByRole("button", { name: "Play the reviews" });
    await expect(heroToggle).toBeVisible();
    await expect(reviewsToggle).toBeVisible();
    const reviewsBefore = await reviewsPosition(page);
    await page.waitForTimeout(6000); // longer than either autoplay delay (5 s, 4 s)
    expect(await heroOpacities(page)).toEqual(["1", "0", "0"]);
    expect(await reviewsPosition(page)).toBe(reviewsBefore);

    await heroToggle.click();
    await reviewsToggle.click();
    await expect(page.getByRole("button", { name: "Pause the slideshow" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause the reviews" })).toBeVisible();
    await page.mouse.move(0, 0); // away from both carousels: hovering pauses them
    await expect.poll(() => heroOpacities(page), { timeout: 8000 }).not.toEqual(["1", "0", "0"]);
    await expect.poll(() => reviewsPosition(page), { timeout: 8000 }).not.toBe(reviewsBefore);
  });

  test("keyboard focus inside the hero pauses it; the reviews' Pause button stops them", async ({ page, javaScriptEnabled }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await open(page, "/", javaScriptEnabled);
    await page.getByRole("button", { name: "Pause the reviews" }).press("Enter");
    await expect(page.getByRole("button", { name: "Play the reviews" })).toBeVisible();
    const reviewsBefore = await reviewsPosition(page);
    await page.getByRole("link", { name: "Contact Us" }).first().focus();
    await page.waitForTimeout(6000);
    expect(await heroOpacities(page)).toEqual(["1", "0", "0"]);
    expect(await reviewsPosition(page)).toBe(reviewsBefore);
    // Focus leaves the hero: it plays again.
    await page.getByRole("button", { name: "Play the reviews" }).focus();
    await expect.poll(() => heroOpacities(page), { timeout: 8000 }).not.toEqual(["1", "0", "0"]);
  });

  test("keyboard focus inside the reviews pauses them; the hero's Pause button stops it", async ({ page, javaScriptEnabled }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await open(page, "/", javaScriptEnabled);
    await page.getByRole("button", { name: "Pause the slideshow" }).press("Enter");
    await expect(page.getByRole("button", { name: "Play the slideshow" })).toBeVisible();
    await page.getByRole("button", { name: "Next reviews" }).focus();
    const reviewsBefore = await reviewsPosition(page);
    await page.waitForTimeout(6000);
    expect(await heroOpacities(page)).toEqual(["1", "0", "0"]);
    expect(await reviewsPosition(page)).toBe(reviewsBefore);
  });
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("without JavaScript every review can be scrolled to @no-js-only", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator(".review-card");
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const list = page.getByRole("region", { name: "Customer reviews" });
    await list.scrollIntoViewIfNeeded();
    await expect(cards.first()).toBeInViewport({ ratio: 0.9 });
    await expect(cards.last()).not.toBeInViewport();
    await list.focus();
    const scrolled = () => list.evaluate((element) => element.scrollLeft);
    const step = await list.evaluate((element) => element.clientWidth); // one review per view
    // Settled: the smooth scroll and its snap are over (a key pressed during them can be taken into them).
    const settled = async () => {
      const before = await scrolled();
      await page.waitForTimeout(100);
      return (await scrolled()) === before;
    };
    for (let index = 1; index < count; index += 1) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(scrolled).toBeGreaterThanOrEqual(index * step - 1); // one review further (scroll-snap)
      await expect.poll(settled).toBe(true);
    }
    await expect(cards.last()).toBeInViewport({ ratio: 0.9 });
    await expect(page.getByRole("button", { name: "Next reviews" })).toHaveCount(0);
  });

  test("the menu opens as a panel of tappable links and closes once a link is chosen", async ({ page, javaScriptEnabled }) => {
    await open(page, "/", javaScriptEnabled);
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" });
    if (javaScriptEnabled) {
      const toggle = page.getByRole("button", { name: "Menu" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      const menuId = await toggle.getAttribute("aria-controls");
      expect(menuId).toBeTruthy();
      const menu = page.locator(`[id="${menuId}"]`);
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      const panel = await menu.evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(panel).not.toBe("rgba(0, 0, 0, 0)");
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      await toggle.click();
    } else {
      await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    }
    const links = page.getByRole("navigation", { name: "Main" }).getByRole("listitem").getByRole("link");
    expect(await links.count()).toBe(6);
    for (const link of await links.all()) {
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.height, await link.innerText()).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { name: "Our journey" })).toBeVisible();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
      await expect(about).toBeHidden();
    }
  });

  test("no page is wider than the phone: visitor, customer and admin", async ({ page, browser, javaScriptEnabled }) => {
    // Twenty pages for three people: 18 s on a quiet machine, past 30 s on a loaded CI one.
    test.slow();
    const serviceId = await firstServiceId(page);
    for (const path of [
      "/",
      "/home",
      "/about",
      "/services",
      `/order/${serviceId}`,
      "/contact",
      "/login",
      "/register",
      NOT_FOUND,
    ]) {
      await expectFitsThePhone(page, path, javaScriptEnabled);
    }

    const email = await registerCustomer(page, javaScriptEnabled);
    const orderId = await placeOrderThroughApi(page, { email, quantity: 2 });
    for (const path of [
      `/addCart/1?service=${serviceId}&quantity=2&type=couple&departure=${(await openDeparture(page.request, serviceId, 2))._id}`,
      "/dashboard",
      "/dashboard/myOrder",
      "/dashboard/addReview",
      `/dashboard/payment/${orderId}`,
    ]) {
      await expectFitsThePhone(page, path, javaScriptEnabled);
    }
    // Each value of a stacked row says what it is.
    await open(page, "/dashboard/myOrder", javaScriptEnabled);
    const price = page.locator(".data-table td", { hasText: /^\$\d+$/ }).first();
    expect(await price.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Price"');

    const admin = await newPage(browser, javaScriptEnabled);
    await login(admin, javaScriptEnabled, ADMIN.email, ADMIN.password);
    for (const path of [
      "/dashboard",
      "/dashboard/manageAllOrders",
      "/dashboard/addProduct",
      "/dashboard/makeAdmin",
      "/dashboard/manageProducts",
      `/dashboard/editProduct/${serviceId}`,
    ]) {
      await expectFitsThePhone(admin, path, javaScriptEnabled);
    }
    // searched: other tests' orders may have pushed it off the first page of 25
    await open(admin, `/dashboard/manageAllOrders?q=${encodeURIComponent(email)}`, javaScriptEnabled);
    const row = admin.getByRole("row", { name: new RegExp(email) });
    const labels = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(['"Customer"', '"E-mail"', '"Phone"', '"Address"', '"Price"', '"Status"', '"Action"']);
    await admin.context().close();

    // On a wide screen the tables keep their header row.
    await page.setViewportSize(LAPTOP);
    await open(page, "/dashboard/myOrder", javaScriptEnabled);
    await expect(page.getByRole("columnheader", { name: "Price" })).toBeVisible();
    expect(await price.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe("none");
  });
});

test("the persons field can be cleared and retyped; out-of-range values are corrected", async ({ page, javaScriptEnabled }) => {
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
  const persons = page.getByRole("spinbutton", { name: "Number of persons" });
  await page.getByRole("button", { name: "One person more" }).click();
  await expect(persons).toHaveValue("2");
  if (javaScriptEnabled) {
    await persons.selectText();
    await persons.press("Backspace");
    await expect(persons).toHaveValue("");
    await persons.pressSequentially("15");
    await expect(persons).toHaveValue("15");
    await expect(page.getByText("Total: $9,300")).toBeVisible();
    await persons.fill("25");
    await persons.blur();
    await expect(persons).toHaveValue("20");
    await expect(page.getByText("Persons must be between 1 and 20; set to 20.")).toBeVisible();
    await expect(page.getByText("Total: $12,400")).toBeVisible();
    await persons.fill("0");
    await persons.press("Tab");
    await expect(persons).toHaveValue("1");
    await expect(page.getByText("Persons must be between 1 and 20; set to 1.")).toBeVisible();
    await persons.fill("7");
    await persons.blur();
    await expect(page.getByText(/Persons must be between/)).toHaveCount(0);
    await expect(page.getByText("Total: $4,340")).toBeVisible();
  } else {
    // The browser refuses the form; a number typed into the address is clamped by the server.
    await persons.fill("25");
    await page.getByRole("button", { name: "Add-Cart" }).click();
    expect(await persons.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    await open(page, `${new URL(page.url()).pathname}?quantity=25&type=city`, false);
    await expect(persons).toHaveValue("20");
    await expect(page.getByText("Total: $12,400")).toBeVisible();
  }
});
