// The whole Google round trip through remix-auth-google, against a fake of Google's endpoints.
process.env.GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "fake-client-secret";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumeFlash, getUser } from "~/accounts/session.server";
import { db } from "~/platform/db.server";
import { action as startGoogle } from "~/routes/auth.google";
import { loader as googleCallback } from "~/routes/auth.google.callback";
import { loader as loginLoader } from "~/routes/login";
import { createUser, uniqueEmail } from "../support/auth";
import { createGoogleFake } from "../support/google-fake";
import { callRoute, formRequest, getRequest, unwrap } from "../support/requests";

const google = createGoogleFake({ clientId: process.env.GOOGLE_CLIENT_ID!, clientSecret: process.env.GOOGLE_CLIENT_SECRET! });
beforeAll(() => google.server.listen({ onUnhandledRequest: "error" }));
afterAll(() => google.server.close());

function cookiesOf(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Posts 'Continue with Google' and returns the consent URL and the cookies set. */
async function start(redirectTo = "/dashboard") {
  const response = await callRoute(startGoogle, formRequest("/auth/google", { redirectTo }));
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { location, cookies: cookiesOf(response) };
}

function callback(query: Record<string, string>, cookies: string) {
  return callRoute(
    googleCallback,
    getRequest(`/auth/google/callback?${new URLSearchParams(query)}`, { headers: { Cookie: cookies } }),
  );
}

async function flashText(response: { headers: Headers }) {
  const { flash } = await consumeFlash(new Request("http://x.test/", { headers: { Cookie: cookiesOf(response) } }));
  return flash?.text;
}

describe("Google sign-in", () => {
  it("the login page offers it when configured", async () => {
    const { data } = await unwrap<{ googleConfigured: boolean }>(
      await loginLoader({ request: getRequest("/login"), params: {}, context: {} }),
    );
    expect(data.googleConfigured).toBe(true);
  });

  it("redirects to Google's consent page with the client id, callback, scopes and a state", async () => {
    const { location, cookies } = await start();
    expect(`${location.origin}${location.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe(process.env.GOOGLE_CLIENT_ID);
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/google/callback");
    expect(location.searchParams.get("response_type")).toBe("code");
    expect(location.searchParams.get("scope")).toMatch(/openid/);
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(cookies).toMatch(/__oauth=/);
    expect(cookies).toMatch(/__oauth_return=/);
  });

  it("creates the user (email, name, photo), signs in and returns to the origin", async () => {
    const email = uniqueEmail("g");
    const { location, cookies } = await start("/dashboard/myOrder");
    const code = google.issueCode({
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: "Tahmina Akter",
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
    const response = await callback({ code, state: location.searchParams.get("state")! }, cookies);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/myOrder");
    const prisma = await db();
    const user = await prisma.user.findUnique({ where: { email } });
    expect(user).toMatchObject({
      displayName: "Tahmina Akter",
      photoUrl: "https://lh3.googleusercontent.com/a/photo",
      googleId: `sub-${email}`,
      role: "CUSTOMER",
    });
    const sessionCookie = cookiesOf(response);
    expect((await getUser(getRequest("/", { headers: { Cookie: sessionCookie } })))?.email).toBe(email);
    expect(await flashText(response)).toBe("User Login successfully");

    // a second sign-in finds the same account
    const again = await start();
    const code2 = google.issueCode({ sub: `sub-${email}`, email, email_verified: true, name: "Tahmina Akter" });
    const second = await callback({ code: code2, state: again.location.searchParams.get("state")! }, again.cookies);
    expect(second.headers.get("Location")).toBe("/dashboard");
    expect(await prisma.user.count({ where: { email } })).toBe(1);
  });

  it("keeps the visitor's place through the round trip: the checkout with its query, or /home without one", async () => {
    const checkout = "/addCart/760?service=abc123&quantity=2&type=couple";
    // the login page a protected page sent the visitor to hands its redirectTo to the Google form
    const { data } = await unwrap<{ redirectTo: string }>(
      await loginLoader({
        request: getRequest(`/login?${new URLSearchParams({ redirectTo: checkout })}`),
        params: {},
        context: {},
      }),
    );
    expect(data.redirectTo).toBe(checkout);
    const email = uniqueEmail("gback");
    const account = { sub: `sub-${email}`, email, email_verified: true, name: "Rafi" };

    // refused consent: back on /login with the place kept, so a second try still returns there
    const cancelled = await start(data.redirectTo);
    const refused = await callback(
      { error: "access_denied", state: cancelled.location.searchParams.get("state")! },
      cancelled.cookies,
    );
    const again = new URL(refused.headers.get("Location")!, "http://x.test");
    expect(again.pathname).toBe("/login");
    expect(again.searchParams.get("redirectTo")).toBe(checkout);

    const { location, cookies } = await start(again.searchParams.get("redirectTo")!);
    const response = await callback({ code: google.issueCode(account), state: location.searchParams.get("state")! }, cookies);
    expect(response.headers.get("Location")).toBe(checkout);

    // from /login itself (no origin: the form posts an empty redirectTo), or an unsafe one: /home
    for (const redirectTo of ["", "https://evil.example/x"]) {
      const plain = await start(redirectTo);
      const home = await callback(
        { code: google.issueCode(account), state: plain.location.searchParams.get("state")! },
        plain.cookies,
      );
      expect(home.headers.get("Location")).toBe("/home");
    }
  });

  it("links an existing email/password account with a verified Google email", async () => {
    const existing = await createUser();
    const { location, cookies } = await start();
    const code = google.issueCode({ sub: "sub-linked", email: existing.email, email_verified: true, name: "Other Name" });
    const response = await callback({ code, state: location.searchParams.get("state")! }, cookies);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const prisma = await db();
    const user = await prisma.user.findUnique({ where: { id: existing.id } });
    expect(user?.googleId).toBe("sub-linked");
    expect(user?.displayName).toBe("Test User");
  });

  it("a denied consent goes back to /login with a message and creates nothing", async () => {
    const prisma = await db();
    const users = await prisma.user.count();
    const { location, cookies } = await start();
    const response = await callback({ error: "access_denied", state: location.searchParams.get("state")! }, cookies);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await flashText(response)).toBe("Google sign-in was cancelled. Please try again or log in with your email.");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await prisma.user.count()).toBe(users);
  });

  it("a failed token exchange (bad code) or a wrong state signs nobody in", async () => {
    const prisma = await db();
    const users = await prisma.user.count();
    const first = await start();
    const badCode = await callback({ code: "4/not-issued", state: first.location.searchParams.get("state")! }, first.cookies);
    expect(badCode.headers.get("Location")).toMatch(/^\/login/);
    expect(await flashText(badCode)).toBe("Google sign-in could not be completed. Please try again.");
    expect(badCode.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);

    const second = await start();
    const code = google.issueCode({ sub: "sub-x", email: uniqueEmail(), email_verified: true, name: "X" });
    const badState = await callback({ code, state: "forged-state" }, second.cookies);
    expect(await flashText(badState)).toBe("Google sign-in could not be completed. Please try again.");
    expect(await prisma.user.count()).toBe(users);
  });

  it("refuses an unverified Google email", async () => {
    const email = uniqueEmail("unverified");
    const { location, cookies } = await start();
    const code = google.issueCode({ sub: "sub-unverified", email, email_verified: false, name: "U" });
    const response = await callback({ code, state: location.searchParams.get("state")! }, cookies);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await (await db()).user.count({ where: { email } })).toBe(0);
  });
});
