import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { getUser, hashSessionId, requireAdmin, requireUser, sessionCookie, SESSION_TTL_MS } from "~/accounts/session.server";
import { db } from "~/platform/db.server";
import { hit } from "~/platform/rate-limit-store.server";
import { inRequestScope } from "~/platform/request-scope.server";
import { loader as rootLoader } from "~/root";
import { action as startGoogle } from "~/routes/auth.google";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { action as registerAction, loader as registerLoader } from "~/routes/register";
import { authedGet, authedPost, cookieFrom, createUser, signIn, uniqueEmail } from "../support/auth";
import { formRequest, getRequest, routeArgs, thrownResponse, unwrap } from "../support/requests";

type FormReply = {
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null };
};

async function sessionRow(cookie: string) {
  const token = await sessionCookie().parse(cookie);
  const prisma = await db();
  return prisma.session.findUnique({ where: { id: hashSessionId(token) } });
}

describe("sessions", () => {
  it("signs a random id only; the row is keyed by its hash and the cookie is httpOnly and Lax", async () => {
    const user = await createUser();
    const response = await signInResponse(user.id);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).not.toContain(user.id);
    const cookie = cookieFrom(response);
    const row = await sessionRow(cookie);
    expect(row?.userId).toBe(user.id);
    expect((await getUser(authedGet("/", cookie)))?.email).toBe(user.email);
  });

  it("ignores a forged or tampered cookie", async () => {
    expect(await getUser(authedGet("/", "__session=abc"))).toBeNull();
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect(await getUser(authedGet("/", cookie.slice(0, -3) + "xyz"))).toBeNull();
  });

  it("expires after 30 days, and slides when used", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const prisma = await db();
    const row = (await sessionRow(cookie))!;
    // used 3 days later: renewed to a full 30 days, with a fresh cookie
    await prisma.session.update({
      where: { id: row.id },
      data: { expiresAt: new Date(Date.now() + SESSION_TTL_MS - 3 * 86_400_000) },
    });
    const { headers } = await unwrap(await rootLoader(routeArgs(authedGet("/", cookie))));
    expect(headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    const renewed = (await prisma.session.findUnique({ where: { id: row.id } }))!;
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    // expired: refused and deleted
    await prisma.session.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getUser(authedGet("/", cookie))).toBeNull();
    expect(await prisma.session.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it("stops working at the next request once the account is disabled", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    expect(await getUser(authedGet("/", cookie))).not.toBeNull();
    const prisma = await db();
    await prisma.user.update({ where: { id: user.id }, data: { disabled: true } });
    expect(await getUser(authedGet("/", cookie))).toBeNull();
  });

  it("requireUser redirects to /login remembering the origin", async () => {
    const response = await thrownResponse(() => requireUser(getRequest("/dashboard/myOrder?x=1")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2FmyOrder%3Fx%3D1");
  });

  it("requireAdmin: customer GET goes to / with the origin, POST gets 403, admin passes", async () => {
    const customer = await createUser();
    const cookie = await signIn(customer.id);
    const get = await thrownResponse(() => requireAdmin(authedGet("/dashboard/makeAdmin", cookie)));
    expect(get.headers.get("Location")).toBe("/?redirectTo=%2Fdashboard%2FmakeAdmin");
    const post = await thrownResponse(() => requireAdmin(authedPost("/dashboard/makeAdmin", {}, cookie)));
    expect(post.status).toBe(403);
    const admin = await createUser({ role: "ADMIN" });
    expect((await requireAdmin(authedGet("/dashboard", await signIn(admin.id)))).isAdmin).toBe(true);
  });

  it("logout deletes the row and clears the cookie", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const response = (await logoutAction(routeArgs(authedPost("/logout", {}, cookie)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join()).toMatch(/__session=;.*Max-Age=0/);
    expect(await sessionRow(cookie)).toBeNull();
    expect(await getUser(authedGet("/", cookie))).toBeNull();
    // the page it lands on says so, once
    const { data } = await unwrap<{ user: unknown; flash: { text: string } | null }>(
      await rootLoader(routeArgs(authedGet("/", cookieFrom(response, "__flash")))),
    );
    expect(data.user).toBeNull();
    expect(data.flash?.text).toBe("You are logged out.");
  });

  it("looks the session up once per request, and a logout or a disabled account counts from the next request", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const prisma = await db();
    // One request: the root, layout and page loaders each get their own Request object.
    const first = await inRequestScope(() =>
      Promise.all([getUser(authedGet("/dashboard", cookie)), requireUser(authedGet("/dashboard", cookie))]),
    );
    expect(first.map((found) => found?.id)).toEqual([user.id, user.id]);
    await logoutAction(routeArgs(authedPost("/logout", {}, cookie)));
    expect(await inRequestScope(() => getUser(authedGet("/dashboard", cookie)))).toBeNull();

    const other = await signIn(user.id);
    expect((await inRequestScope(() => getUser(authedGet("/dashboard", other))))?.id).toBe(user.id);
    await prisma.user.update({ where: { id: user.id }, data: { disabled: true } });
    expect(await inRequestScope(() => getUser(authedGet("/dashboard", other)))).toBeNull();
    expect(await sessionRow(other)).toBeNull();
  });

  it("root loader returns the navbar user and a one-time flash", async () => {
    const user = await createUser({ displayName: "Nadia" });
    const login = await loginAction(routeArgs(formRequest("/login", { email: user.email, password: user.password })));
    const flash = cookieFrom(login as Response, "__flash");
    const session = cookieFrom(login as Response);
    const { data, headers } = await unwrap<{ user: Record<string, unknown>; flash: { text: string } }>(
      await rootLoader(routeArgs(authedGet("/home", `${session}; ${flash}`))),
    );
    expect(data.user).toEqual({ email: user.email, displayName: "Nadia", photoUrl: null, isAdmin: false });
    expect(data.flash.text).toBe("User Login successfully");
    expect(headers.getSetCookie().join()).toMatch(/__flash=;.*Max-Age=0/);
  });
});

async function signInResponse(userId: string) {
  const { createUserSession } = await import("~/accounts/session.server");
  return createUserSession({ userId, redirectTo: "/home" });
}

describe("register", () => {
  it("creates the account with a bcrypt hash, signs in and goes to /", async () => {
    const email = uniqueEmail("reg");
    const response = (await registerAction(
      routeArgs(
        formRequest("/register", {
          displayName: "Karim",
          email: email.toUpperCase(),
          password: "secret-pass",
          confirmPassword: "secret-pass",
        }),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const prisma = await db();
    const user = await prisma.user.findUnique({ where: { email }, include: { password: true } });
    expect(user?.displayName).toBe("Karim");
    expect(user?.role).toBe("CUSTOMER");
    expect(await bcrypt.compare("secret-pass", user!.password!.hash)).toBe(true);
    expect((await getUser(authedGet("/", cookieFrom(response))))?.email).toBe(email);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__flash="))).toBe(true);
  });

  it("returns to the page the visitor came from (a same-site path only), else /", async () => {
    const register = async (redirectTo: string) =>
      (await registerAction(
        routeArgs(
          formRequest("/register", {
            displayName: "Rafi",
            email: uniqueEmail("back"),
            password: "secret-pass",
            confirmPassword: "secret-pass",
            redirectTo,
          }),
        ),
      )) as Response;
    const checkout = "/addCart/760?service=abc123&quantity=2&type=couple";
    const back = await register(checkout);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(checkout);
    expect(await getUser(authedGet("/", cookieFrom(back)))).not.toBeNull();
    for (const unsafe of ["https://evil.example/x", "//evil.example", "/login", ""]) {
      expect((await register(unsafe)).headers.get("Location")).toBe("/");
    }
  });

  it("the page keeps a safe redirectTo for the form and the link back to /login", async () => {
    const checkout = "/addCart/760?service=abc123&quantity=2&type=couple";
    const { data } = await unwrap<{ redirectTo: string }>(
      await registerLoader(routeArgs(getRequest(`/register?${new URLSearchParams({ redirectTo: checkout })}`))),
    );
    expect(data.redirectTo).toBe(checkout);
    const evil = await unwrap<{ redirectTo: string }>(
      await registerLoader(routeArgs(getRequest("/register?redirectTo=https://evil.example"))),
    );
    expect(evil.data.redirectTo).toBe("");
  });

  it("refuses mismatched passwords with the spec's text and creates nothing", async () => {
    const email = uniqueEmail("mismatch");
    const { status, data } = await unwrap<FormReply>(
      await registerAction(
        routeArgs(formRequest("/register", { displayName: "A", email, password: "secret-pass", confirmPassword: "secret-pasS" })),
      ),
    );
    expect(status).toBe(400);
    expect(data.result.error?.confirmPassword).toEqual(["login password didn't match"]);
    expect(data.result.initialValue?.email).toBe(email);
    expect(await (await db()).user.count({ where: { email } })).toBe(0);
  });

  it("limits account creation per client address", async () => {
    const context = { clientAddress: "198.51.100.9" };
    const prisma = await db();
    await prisma.rateLimit.create({ data: { key: "register:address:198.51.100.9", count: 20, windowStart: new Date() } });
    const email = uniqueEmail("flood");
    const { status, data } = await unwrap<FormReply>(
      await registerAction({
        request: formRequest("/register", { displayName: "F", email, password: "secret-pass", confirmPassword: "secret-pass" }),
        params: {},
        context,
      }),
    );
    expect(status).toBe(429);
    expect(data.result.error?.[""]).toEqual(["Too many accounts were created from your network. Please try again later."]);
    expect(await prisma.user.count({ where: { email } })).toBe(0);
  });

  it("gives clear messages for a duplicate email, an invalid email and a short password", async () => {
    const existing = await createUser();
    const dup = await unwrap<FormReply>(
      await registerAction(
        routeArgs(
          formRequest("/register", {
            displayName: "B",
            email: existing.email,
            password: "secret-pass",
            confirmPassword: "secret-pass",
          }),
        ),
      ),
    );
    expect(dup.status).toBe(409);
    expect(dup.data.result.error?.email).toEqual(["This email is already registered. Please log in instead."]);
    const bad = await unwrap<FormReply>(
      await registerAction(
        routeArgs(formRequest("/register", { displayName: "B", email: "nope", password: "short", confirmPassword: "short" })),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error?.email).toEqual(["Please enter a valid email address."]);
    expect(bad.data.result.error?.password).toEqual(["Please use at least 8 characters for your password."]);
    const long = "é".repeat(40);
    const tooLong = await unwrap<FormReply>(
      await registerAction(
        routeArgs(formRequest("/register", { displayName: "B", email: uniqueEmail(), password: long, confirmPassword: long })),
      ),
    );
    expect(tooLong.data.result.error?.password).toEqual(["Please use at most 72 characters for your password."]);
  });
});

describe("login", () => {
  it("signs in and returns to a safe origin, else /home", async () => {
    const user = await createUser();
    const back = (await loginAction(
      routeArgs(formRequest("/login", { email: user.email, password: user.password, redirectTo: "/dashboard/myOrder" })),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/dashboard/myOrder");
    const evil = (await loginAction(
      routeArgs(formRequest("/login", { email: user.email, password: user.password, redirectTo: "//evil.example" })),
    )) as Response;
    expect(evil.headers.get("Location")).toBe("/home");
    expect((await getUser(authedGet("/", cookieFrom(evil))))?.id).toBe(user.id);
  });

  it("without GOOGLE_CLIENT_ID the Google button is off and /auth/google only redirects back", async () => {
    const { data } = await unwrap<{ googleConfigured: boolean }>(await loginLoader(routeArgs(getRequest("/login"))));
    expect(data.googleConfigured).toBe(false);
    const response = (await startGoogle(routeArgs(formRequest("/auth/google", { redirectTo: "/dashboard" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a new sign-in always gets a fresh session id and ends the one the browser still had", async () => {
    const user = await createUser();
    const old = await signIn(user.id);
    const response = (await loginAction(
      routeArgs(authedPost("/login", { email: user.email, password: user.password }, old)),
    )) as Response;
    const fresh = cookieFrom(response);
    expect(fresh).not.toBe(old);
    expect(await sessionRow(old)).toBeNull();
    expect(await sessionRow(fresh)).not.toBeNull();
  });

  it("the loader keeps only a safe redirectTo", async () => {
    const { data } = await unwrap<{ redirectTo: string }>(
      await loginLoader(routeArgs(getRequest("/login?redirectTo=https://evil.example"))),
    );
    expect(data.redirectTo).toBe("");
    const ok = await unwrap<{ redirectTo: string }>(await loginLoader(routeArgs(getRequest("/login?redirectTo=%2Fdashboard"))));
    expect(ok.data.redirectTo).toBe("/dashboard");
  });

  it("gives one generic message for a wrong password and an unknown email", async () => {
    const user = await createUser();
    const wrong = await unwrap<FormReply & { result: { error?: Record<string, string[]> } }>(
      await loginAction(routeArgs(formRequest("/login", { email: user.email, password: "wrong password" }))),
    );
    const unknown = await unwrap<FormReply>(
      await loginAction(routeArgs(formRequest("/login", { email: uniqueEmail(), password: "wrong password" }))),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.data.result.error?.[""]).toEqual(["Wrong email or password. Please try again."]);
    expect(unknown.data.result.error?.[""]).toEqual(wrong.data.result.error?.[""]);
    expect(wrong.data.result.initialValue?.password).toBeUndefined();
  });

  it("refuses a disabled account", async () => {
    const user = await createUser({ disabled: true });
    const { status, data } = await unwrap<FormReply>(
      await loginAction(routeArgs(formRequest("/login", { email: user.email, password: user.password }))),
    );
    expect(status).toBe(401);
    expect(data.result.error?.[""]).toEqual(["This account has been disabled. Please contact us."]);
  });

  it("rate limits repeated failures per account, even with the right password afterwards", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      const { status } = await unwrap(
        await loginAction(routeArgs(formRequest("/login", { email: user.email, password: `wrong-${i}-pass` }))),
      );
      expect(status).toBe(401);
    }
    const limited = await unwrap<FormReply>(
      await loginAction(routeArgs(formRequest("/login", { email: user.email, password: user.password }))),
    );
    expect(limited.status).toBe(429);
    expect(limited.data.result.error?.[""]).toEqual(["Too many failed login attempts. Please wait a few minutes and try again."]);
    // Every attempt is counted before the check, the refused one too (no client address here).
    const row = await (await db()).rateLimit.findUnique({ where: { key: `login:account+address:${user.email} unknown` } });
    expect(row?.count).toBe(6);
  });

  it("rate limits per client address across accounts", async () => {
    const context = { clientAddress: "203.0.113.7" };
    for (let i = 0; i < 20; i++) {
      await loginAction({
        request: formRequest("/login", { email: uniqueEmail(), password: "wrong-pass" }),
        params: {},
        context,
      });
    }
    const user = await createUser();
    const limited = await unwrap(
      await loginAction({ request: formRequest("/login", { email: user.email, password: user.password }), params: {}, context }),
    );
    expect(limited.status).toBe(429);
    const other = (await loginAction({
      request: formRequest("/login", { email: user.email, password: user.password }),
      params: {},
      context: { clientAddress: "203.0.113.8" },
    })) as Response;
    expect(other.status).toBe(302);
  });

  it("counts in fixed windows that start over", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect((await hit("test:window", 60_000, t0)).count).toBe(1);
    expect((await hit("test:window", 60_000, new Date(t0.getTime() + 30_000))).count).toBe(2);
    expect((await hit("test:window", 60_000, new Date(t0.getTime() + 61_000))).count).toBe(1);
  });
});
