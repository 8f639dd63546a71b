// The browser tests' `test` with a `signIn` fixture: one same-origin POST to /register (a new
// customer) or /login (the demo administrator) through page.request, whose session cookie the
// page's browser context keeps. For tests that need a signed-in browser; the login and register
// forms themselves are tested through the UI in auth.spec.ts.
import { expect, test as base } from "@playwright/test";

export const ADMIN = { email: "admin@tourbooking.test", password: "admin12345" };

export type SignIn = (role?: "customer" | "admin") => Promise<{ email: string; password: string }>;

export const test = base.extend<{ signIn: SignIn }>({
  signIn: async ({ page, baseURL }, use) => {
    await use(async (role = "customer") => {
      const headers = { Origin: baseURL! };
      if (role === "admin") {
        const response = await page.request.post("/login", { form: ADMIN, headers, maxRedirects: 0 });
        expect(response.status(), "the administrator's login").toBe(302);
        return ADMIN;
      }
      const email = `customer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
      const password = "long enough 123";
      const response = await page.request.post("/register", {
        form: { displayName: "Test Traveller", email, password, confirmPassword: password },
        headers,
        maxRedirects: 0,
      });
      expect(response.status(), "the customer's registration").toBe(302);
      return { email, password };
    });
  },
});

export { expect };
