import { expect, test } from "@playwright/test";
import { chooseFirstDate, open, pressAddCart } from "./helpers";

test("home page shows the hero, packages, reviews, newsletter and footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Explore Bangladesh with us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute("href", "/contact");
  const cards = page.locator(".service-card");
  expect(await cards.count()).toBeGreaterThanOrEqual(6);
  await expect(cards.first()).toContainText("Cost: $");
  await expect(page.locator(".review-card").first()).toBeVisible();
  await expect(page.getByText("Copyright © 2021")).toBeVisible();
});

test("/services shows the banner and the grid; Order Now opens the package", async ({ page }) => {
  await page.goto("/services?q=Sundarbans");
  await expect(page.getByRole("heading", { level: 1, name: "Our Service" })).toBeVisible();
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page).toHaveURL(/\/order\/[a-z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
});

test("order page: Add-Cart disabled on Choose, total follows quantity, type and date", async ({ page, javaScriptEnabled }) => {
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sundarbans Mangrove Cruise" })).toBeVisible();
  // With JavaScript Add-Cart waits for the choices; without, it is the form's submit.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add-Cart" })).toBeDisabled();
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByLabel("Package type").selectOption("couple");
  // A package with dates needs one too: without JavaScript the press comes back saying only that.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Add-Cart" })).toBeDisabled();
  else await pressAddCart(page, false);
  await expect(page.getByText("Total: $1,860")).toBeVisible();
  await expect(page.getByText("Choose a date to continue.")).toBeVisible();
  await chooseFirstDate(page);
  const checkout = /^\/addCart\/1860\?service=[a-z0-9]+&quantity=3&type=couple&departure=[a-z0-9]+$/;
  if (javaScriptEnabled) {
    await expect(page.getByRole("link", { name: "Add-Cart" })).toHaveAttribute("href", checkout);
  } else {
    await pressAddCart(page, false);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(checkout);
  }
});

test("unknown paths and unknown packages answer 404 with the not-found image", async ({ page }) => {
  for (const path of ["/no/such/page", "/order/unknown-package-id"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("img", { name: /page not found/i })).toBeVisible();
  }
});

test("contact form validates, then sends and resets", async ({ page, javaScriptEnabled }) => {
  await open(page, "/contact", javaScriptEnabled);
  await expect(page.getByText("Mon-Fri 8:00-20:00")).toBeVisible();
  await page.getByLabel("Name").fill("Rina Das");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Rina Das");
  await page.getByLabel("Email").fill("rina@example.com");
  await page.getByLabel("Message", { exact: true }).fill("Do you have tours in December?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message was sent Successfully")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
});

test("newsletter answers a new address and a repeat alike", async ({ page, javaScriptEnabled }, testInfo) => {
  const email = `reader-${testInfo.project.name}-${Date.now()}@example.com`;
  const answers: string[] = [];
  for (let time = 0; time < 2; time++) {
    await open(page, "/", javaScriptEnabled);
    await page.getByLabel("Your email address").fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText(/Thank you for subscribing/)).toBeVisible();
    answers.push((await page.locator("#newsletter-message").textContent()) ?? "");
  }
  expect(answers[1]).toBe(answers[0]);
});

test("about page shows the journey, guides and figures", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Our journey" })).toBeVisible();
  for (const figure of ["500+", "300+", "150+"]) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  expect(await page.locator(".guide-card").count()).toBeGreaterThanOrEqual(3);
});

test("pages, errors, health and assets carry the security headers", async ({ request }) => {
  for (const path of ["/", "/no/such/page", "/healthz", "/favicon.svg"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-request-id"], path).toMatch(/^[0-9a-f-]{36}$/);
  }
});

test("public pages are cacheable for visitors without a session, never with one", async ({ request }) => {
  const anonymous = await request.get("/services");
  expect(anonymous.headers()["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
  expect(anonymous.headers()["vary"]).toMatch(/Cookie/i);
  expect((await request.get("/healthz")).headers()["cache-control"]).toBe("no-store");

  const login = await request.post("/login", {
    form: { email: "admin@tourbooking.test", password: "admin12345" },
    headers: { Origin: new URL(anonymous.url()).origin },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const signedIn = await request.get("/services");
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
});
