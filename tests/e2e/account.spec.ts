// Account self-service in the browser, with and without JavaScript: forgot → reset with the link
// read from the email the app sent (support/mail.ts), and the profile's display name and photo.
import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import sharp from "sharp";
import { test } from "./fixtures";
import { open } from "./helpers";
import { linkSentTo } from "./support/mail";

const SENT = "If an account exists for that email, we have sent a link to reset its password.";

test("forgot password: the emailed link sets a new password once and signs in", async ({
  page,
  request,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const email = `reset-${info.project.name}-${randomBytes(4).toString("hex")}@example.com`;
  const registered = await request.post("/register", {
    form: { displayName: "Reset Traveller", email, password: "old password 1", confirmPassword: "old password 1" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);

  await open(page, "/login", javaScriptEnabled);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(SENT)).toBeVisible();

  const link = await linkSentTo(email, /http:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]{43}/);
  await open(page, link, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await page.getByPlaceholder("New Password").fill("new password 2");
  await page.getByPlaceholder("Retype Your Password").fill("new password 2");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Your password has been changed. You are logged in.")).toBeVisible();
  await expect(page.getByText("Hello, Reset Traveller")).toBeVisible();

  // Used: the link no longer works, and the new password signs in.
  await open(page, link, javaScriptEnabled);
  await expect(page.getByText("This link is invalid or has expired. Please ask for a new one.")).toBeVisible();
  const login = await request.post("/login", {
    form: { email, password: "new password 2" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
});

test("the profile page changes the display name", async ({ page, signIn, javaScriptEnabled }) => {
  await signIn();
  await open(page, "/dashboard", javaScriptEnabled);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Name", { exact: true }).fill("Renamed Traveller");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Renamed Traveller");
  await page.reload();
  await expect(page.getByText("Hello, Renamed Traveller")).toBeVisible();
});

test("the profile takes an uploaded photo, shown from this site, and refuses another site's URL", async ({
  page,
  signIn,
  javaScriptEnabled,
}) => {
  await signIn();
  await open(page, "/dashboard/profile", javaScriptEnabled);
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Photo URL").fill("https://tracker.example/me.png");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByText("The photo must be uploaded, be a path on this site (like /images/…) or be your Google profile photo."),
  ).toBeVisible();

  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Photo URL").fill("");
  await page.getByLabel("Upload a photo").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await open(page, "/dashboard/profile", javaScriptEnabled);
  await expect(page.locator(".user-avatar")).toHaveAttribute("src", /^\/photos\/[0-9a-f]{32}\/960\.webp$/);
  await expect(page.getByLabel("Photo URL")).toHaveValue(/^\/photos\//);
});
