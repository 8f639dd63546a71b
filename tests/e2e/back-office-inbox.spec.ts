// The agency's inbox, the newsletter's double opt-in and the dashboard's charts, with JavaScript
// on and off.
import { expect, test } from "./fixtures";
import { open } from "./helpers";
import { linkSentTo } from "./support/mail";

test("a newsletter subscription is confirmed by the emailed link's button and ended by its unsubscribe link", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = `optin-${testInfo.project.name}-${Date.now()}@example.com`;
  await open(page, "/", javaScriptEnabled);
  await page.getByLabel("Your email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText(/Please confirm your subscription/)).toBeVisible();

  const confirm = await linkSentTo(email, /http:\/\/[^\s]+\/newsletter\/confirm\/[A-Za-z0-9_-]+/);
  await open(page, new URL(confirm).pathname, javaScriptEnabled);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("status")).toHaveText(`Thank you! ${email} is now subscribed to our newsletter.`);

  await page.getByRole("link", { name: "Unsubscribe" }).click();
  await expect(page.getByText(`Stop sending our newsletter to ${email}?`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(`${email} is unsubscribed. You will not get our newsletter any more.`);
});

test("an admin reads a contact message, answers it by email and marks it handled", async ({
  page,
  javaScriptEnabled,
  signIn,
}, testInfo) => {
  const subject = `Group tour ${testInfo.project.name} ${Date.now()}`;
  await open(page, "/contact", javaScriptEnabled);
  await page.getByLabel("Name").fill("Rina Das");
  await page.getByLabel("Email").fill("rina@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Can twelve of us go to Sajek in March?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Your message was sent Successfully")).toBeVisible();

  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Messages \d+ to handle$/ }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  await page.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
    "href",
    `mailto:rina@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByText("Marked as handled.")).toBeVisible();
  await open(page, "/dashboard/messages", javaScriptEnabled);
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toHaveCount(0);
  await open(page, "/dashboard/messages?state=handled", javaScriptEnabled);
  await expect(page.getByRole("link", { name: new RegExp(subject) })).toBeVisible();
});

test("the admin's dashboard draws bookings, revenue and departures, each with its table", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  await signIn("admin");
  await open(page, "/dashboard", javaScriptEnabled);
  for (const label of ["All Users", "Services", "Review", "All Order"]) {
    await expect(page.locator(".dashboard-counter").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Bookings per month/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Revenue per month/ })).toBeVisible();
  const bookings = page.locator("figure", { hasText: "Bookings per month" });
  await bookings.getByText("Show the figures as a table").click();
  await expect(bookings.getByRole("table")).toBeVisible();
  await expect(bookings.getByRole("row")).toHaveCount(13);
});

test("a customer's dashboard shows their own figures", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn();
  await open(page, "/dashboard", javaScriptEnabled);
  const mine = page.getByRole("list", { name: "Your trips" });
  await expect(mine.getByText("My Orders", { exact: true })).toBeVisible();
  await expect(mine.locator("strong").first()).toHaveText("0");
  await expect(page.getByRole("img", { name: /Revenue/ })).toHaveCount(0);
});

test("the subscribers list downloads as CSV", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn("admin");
  await open(page, "/dashboard/subscribers", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter subscribers" })).toBeVisible();
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect((await response.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "email,subscribed_at,confirmed_at,unsubscribed_at",
  );
});
