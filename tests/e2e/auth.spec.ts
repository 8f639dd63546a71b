import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { open } from "./helpers";

const PASSWORD = "travel-pass-1";

function uniqueEmail(prefix: string, project: string) {
  return `${prefix}-${project}-${randomBytes(4).toString("hex")}@example.com`;
}

async function register(
  page: Page,
  js: boolean,
  { name, email, password = PASSWORD, retype = password }: { name: string; email: string; password?: string; retype?: string },
) {
  await open(page, "/register", js);
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await page.getByPlaceholder("Your Name").fill(name);
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password", { exact: true }).fill(password);
  await page.getByPlaceholder("Retype Your Password").fill(retype);
  await page.getByRole("button", { name: "Register", exact: true }).click();
}

async function login(page: Page, js: boolean, email: string, password: string, path = "/login") {
  await open(page, path, js);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
}

test("register signs in, goes to / and shows the strip", async ({ page, javaScriptEnabled }, info) => {
  const email = uniqueEmail("reg", info.project.name);
  await register(page, javaScriptEnabled, { name: "Karim Uddin", email });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("User Created successfully")).toBeVisible();
  const strip = page.locator(".user-strip");
  await expect(strip.getByText(email)).toBeVisible();
  await expect(strip.getByText("Hello, Karim Uddin")).toBeVisible();
  await expect(strip.locator("img")).toHaveAttribute("src", "/images/people/default-avatar.svg");
  await expect(strip.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Register", exact: true })).toHaveCount(0);
  // a duplicate registration is refused with a clear message
  await logOut(page);
  await register(page, javaScriptEnabled, { name: "Again", email });
  await expect(page.getByText("This email is already registered. Please log in instead.")).toBeVisible();
});

test("login page texts; log in goes to /home; log out ends the session", async ({ page, javaScriptEnabled }, info) => {
  const email = uniqueEmail("login", info.project.name);
  await register(page, javaScriptEnabled, { name: "Nadia", email });
  await expect(page.getByText("User Created successfully")).toBeVisible();
  await logOut(page);

  await open(page, "/login", javaScriptEnabled);
  // Google is not configured on the test server: no button (and no 'OR' before the form), and
  // nothing tells visitors about the site's set-up.
  await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
  await expect(page.getByText("OR", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/not configured/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New User? Please Register" })).toHaveAttribute("href", "/register");
  await expect(page.locator('img[src="/images/login.svg"]')).toBeVisible();

  await login(page, javaScriptEnabled, email, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText("User Login successfully")).toBeVisible();
  await expect(page.locator(".user-strip").getByText("Hello, Nadia")).toBeVisible();

  await page.locator(".user-strip").getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  for (const label of ["All Users", "Services", "Review", "All Order"]) {
    await expect(page.locator(".dashboard-counter").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Visit Site" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Make Admin" })).toHaveCount(0);

  await logOut(page);
  await open(page, "/dashboard", javaScriptEnabled);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test("a wrong password shows one generic message", async ({ page, javaScriptEnabled }, info) => {
  const email = uniqueEmail("wrong", info.project.name);
  await register(page, javaScriptEnabled, { name: "Rina", email });
  await expect(page.getByText("User Created successfully")).toBeVisible();
  await logOut(page);
  await login(page, javaScriptEnabled, email, "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password. Please try again." })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByPlaceholder("Your Email")).toHaveValue(email);
  await login(page, javaScriptEnabled, uniqueEmail("nobody", info.project.name), "not-the-password");
  await expect(page.getByText("Wrong email or password. Please try again.")).toBeVisible();
});

test("a protected page sends to login and back to the origin", async ({ page, javaScriptEnabled }, info) => {
  const email = uniqueEmail("origin", info.project.name);
  await register(page, javaScriptEnabled, { name: "Origin", email });
  await expect(page.getByText("User Created successfully")).toBeVisible();
  await logOut(page);
  await open(page, "/dashboard/myOrder", javaScriptEnabled);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2FmyOrder$/);
  await page.getByPlaceholder("Your Email").fill(email);
  await page.getByPlaceholder("Your Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(page.getByText("User Login successfully")).toBeVisible();
});

test("mismatched passwords: the spec's alert (or in-page text) and no account", async ({ page, javaScriptEnabled }, info) => {
  const email = uniqueEmail("mismatch", info.project.name);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  await register(page, javaScriptEnabled, { name: "Mismatch", email, password: PASSWORD, retype: `${PASSWORD}x` });
  if (javaScriptEnabled) {
    await expect.poll(() => dialogs).toEqual(["login password didn't match"]);
  } else {
    await expect(page.getByText("login password didn't match")).toBeVisible();
  }
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.locator(".user-strip")).toHaveCount(0);
  await login(page, javaScriptEnabled, email, PASSWORD);
  await expect(page.getByText("Wrong email or password. Please try again.")).toBeVisible();
});

test("an admin makes another user admin; a customer cannot open the page", async ({ browser, javaScriptEnabled }, info) => {
  // Two browsers, a registration, two sign-ins and the promotion: up to 30 s beside another worker on two cores.
  test.slow();
  const email = uniqueEmail("promote", info.project.name);
  const customerContext = await browser.newContext({ javaScriptEnabled });
  const customer = await customerContext.newPage();
  await register(customer, javaScriptEnabled, { name: "Future Admin", email });
  await expect(customer.getByText("User Created successfully")).toBeVisible();
  await open(customer, "/dashboard/makeAdmin", javaScriptEnabled);
  await expect(customer).toHaveURL(/\/\?redirectTo=%2Fdashboard%2FmakeAdmin$/);

  const adminContext = await browser.newContext({ javaScriptEnabled });
  const admin = await adminContext.newPage();
  await login(admin, javaScriptEnabled, "admin@tourbooking.test", "admin12345", "/login?redirectTo=%2Fdashboard%2FmakeAdmin");
  await expect(admin).toHaveURL(/\/dashboard\/makeAdmin$/);
  const sidebar = admin.getByRole("navigation", { name: "Dashboard" });
  for (const label of [
    "Dashboard",
    "My Orders",
    "Review",
    "Manage All Orders",
    "Add A Product",
    "Make Admin",
    "Manage Products",
  ]) {
    await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  const field = admin.getByLabel("Email");
  await expect(field).toHaveAttribute("type", "email");
  await field.fill(uniqueEmail("nobody", info.project.name));
  await admin.getByRole("button", { name: "Make Admin" }).click();
  await expect(admin.getByText("No account uses this email address. The person must register first.")).toBeVisible();

  await field.fill(email);
  await admin.getByRole("button", { name: "Make Admin" }).click();
  await expect(admin.getByText("Made Admin Successfully!")).toBeVisible();
  await expect(admin.getByLabel("Email")).toHaveValue("");

  // the promoted user now sees the admin pages
  await open(customer, "/dashboard/makeAdmin", javaScriptEnabled);
  await expect(customer.getByRole("heading", { level: 1, name: "Make Admin" })).toBeVisible();
  await customerContext.close();
  await adminContext.close();
});
