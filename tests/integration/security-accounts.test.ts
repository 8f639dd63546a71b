// Account safety not covered by auth.test.ts (which has fixation, logout, disabled accounts and
// login rate limits): password hashes never leave the server, failures do not tell which emails
// have accounts, the contact form is rate limited per client address, and strangers cannot use up
// an owner's password-reset links.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader as rootLoader } from "~/root";
import * as authToken from "~/routes/api.auth.token";
import * as myOrders from "~/routes/api.my-orders";
import * as orderById from "~/routes/api.my-orders.$id";
import * as apiReview from "~/routes/api.review";
import * as users from "~/routes/api.users";
import * as userByEmail from "~/routes/api.users.$email";
import * as contact from "~/routes/contact";
import * as dashboard from "~/routes/dashboard";
import * as dashboardHome from "~/routes/dashboard._index";
import * as addReview from "~/routes/dashboard.addReview";
import * as makeAdmin from "~/routes/dashboard.makeAdmin";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as myOrder from "~/routes/dashboard.myOrder";
import * as forgotPassword from "~/routes/forgot-password";
import * as login from "~/routes/login";
import * as register from "~/routes/register";
import { createUser, signIn, uniqueEmail } from "../support/auth";
import { callRouteOr500 } from "../support/hostile";
import { insertBooking } from "../support/orders";
import { formRequest, ORIGIN } from "../support/requests";

const BCRYPT = /\$2[aby]\$\d\d\$/;

// Migrations and seed run in the hook's longer timeout, not in the first test's.
beforeAll(async () => {
  await db();
});

function get(path: string, cookie?: string) {
  return new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });
}
function json(path: string, method: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  return new Request(new URL(path, ORIGIN), { method, headers, body: JSON.stringify(body) });
}

describe("password hashes never leave the server", () => {
  it("appear in no loader, action or API answer, for any role", async () => {
    const customer = await createUser({ displayName: "Hash Owner" });
    const admin = await createUser({ role: "ADMIN" });
    const customerCookie = await signIn(customer.id);
    const adminCookie = await signIn(admin.id);
    const prisma = await db();
    const hashes = (await prisma.password.findMany({ select: { hash: true } })).map((row) => row.hash);
    // the check below would see them: they are bcrypt hashes
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    for (const hash of hashes) expect(hash).toMatch(BCRYPT);

    const service = await prisma.service.findFirstOrThrow({ where: { deletedAt: null } });
    const order = await insertBooking(customer, service);
    const answers = [];
    for (const cookie of [adminCookie, customerCookie]) {
      answers.push(
        await callRouteOr500(rootLoader, get("/", cookie)),
        await callRouteOr500(dashboard.loader, get("/dashboard", cookie)),
        await callRouteOr500(dashboardHome.loader, get("/dashboard/", cookie)),
        await callRouteOr500(myOrder.loader, get("/dashboard/myOrder", cookie)),
        await callRouteOr500(addReview.loader, get("/dashboard/addReview", cookie)),
        await callRouteOr500(manageAllOrders.loader, get("/dashboard/manageAllOrders", cookie)),
        await callRouteOr500(makeAdmin.loader, get("/dashboard/makeAdmin", cookie)),
        await callRouteOr500(users.loader, get("/api/users", cookie)),
        await callRouteOr500(userByEmail.loader, get(`/api/users/${customer.email}`, cookie), { email: customer.email }),
        await callRouteOr500(apiReview.loader, get("/api/review", cookie)),
        await callRouteOr500(myOrders.loader, get(`/api/my-orders?email=${customer.email}`, cookie)),
        await callRouteOr500(orderById.loader, get(`/api/my-orders/${order.id}`, cookie), { id: order.id }),
        await callRouteOr500(
          users.action,
          json("/api/users", "PUT", { email: customer.email, displayName: "Hash Owner" }, customerCookie),
        ),
      );
    }
    answers.push(
      await callRouteOr500(
        authToken.action,
        json("/api/auth/token", "POST", { email: customer.email, password: customer.password }),
      ),
      await callRouteOr500(login.action, formRequest("/login", { email: customer.email, password: "wrong password" })),
      await callRouteOr500(
        register.action,
        formRequest("/register", {
          displayName: "X",
          email: customer.email,
          password: "long enough",
          confirmPassword: "long enough",
        }),
      ),
    );
    // the admin's list really holds the users, so a leak would show
    expect(JSON.stringify(answers[7].data)).toContain(customer.email);
    for (const answer of answers) {
      const text = JSON.stringify(answer.data) ?? "";
      expect(text).not.toMatch(BCRYPT);
      for (const hash of hashes) expect(text).not.toContain(hash.slice(7));
      expect(text).not.toMatch(/"(hash|password)"\s*:/);
    }
  });
});

describe("no user enumeration", () => {
  it("the login answers a wrong password, an unknown email and a disabled account's wrong password alike, and rate limits them alike", async () => {
    const known = await createUser();
    const disabled = await createUser({ disabled: true });
    const attempt = async (email: string) => {
      const answer = await callRouteOr500(login.action, formRequest("/login", { email, password: "not the password" }));
      return JSON.stringify({ status: answer.status, data: answer.data });
    };
    const unknown = uniqueEmail("nobody");
    const first = await attempt(known.email);
    expect(first).toContain("Wrong email or password. Please try again.");
    expect((await attempt(unknown)).replace(unknown, known.email)).toBe(first);
    expect((await attempt(disabled.email)).replace(disabled.email, known.email)).toBe(first);
    // the sixth attempt within the window is refused, whether the account exists or not
    for (let i = 0; i < 4; i++) {
      await attempt(known.email);
      await attempt(unknown);
    }
    const limitedKnown = await attempt(known.email);
    expect(limitedKnown).toContain('"status":429');
    expect((await attempt(unknown)).replace(unknown, known.email)).toBe(limitedKnown);
  });

  it("POST /api/auth/token answers an unknown email and a wrong password alike", async () => {
    const known = await createUser();
    const unknown = uniqueEmail("nobody");
    const wrong = await callRouteOr500(
      authToken.action,
      json("/api/auth/token", "POST", { email: known.email, password: "not the password" }),
    );
    const missing = await callRouteOr500(
      authToken.action,
      json("/api/auth/token", "POST", { email: unknown, password: "not the password" }),
    );
    expect(wrong.status).toBe(401);
    expect(missing).toEqual(wrong);
  });
});

describe("contact form rate limit", () => {
  it("accepts RATE_LIMIT_FORM_MAX messages per client address and window, then answers 429 and stores nothing", async () => {
    const prisma = await db();
    const message = (text: string) =>
      formRequest("/contact", { name: "Flood", email: "flood@example.com", subject: "Hi", message: text });
    const context = { clientAddress: "198.51.100.77" };
    // 19 messages already counted in this window
    await prisma.rateLimit.create({ data: { key: "contact:address:198.51.100.77", count: 19, windowStart: new Date() } });
    const last = await callRouteOr500(({ request }) => contact.action({ request, params: {}, context }), message("twentieth"));
    expect(last.status).toBe(200);
    const refused = await callRouteOr500(
      ({ request }) => contact.action({ request, params: {}, context }),
      message("twenty-first"),
    );
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.data)).toContain("You have sent many messages in a short time. Please try again later.");
    expect(await prisma.contactMessage.count({ where: { message: "twentieth" } })).toBe(1);
    expect(await prisma.contactMessage.count({ where: { message: "twenty-first" } })).toBe(0);
    // another address is not affected
    const other = await callRouteOr500(
      ({ request }) => contact.action({ request, params: {}, context: { clientAddress: "198.51.100.78" } }),
      message("other address"),
    );
    expect(other.status).toBe(200);
  });
});

describe("password-reset quota", () => {
  it("a stranger from 4 addresses uses up the email's 10 links an hour, but the address the owner signed in from still gets one", async () => {
    const prisma = await db();
    const owner = await createUser();
    const ownerAddress = "203.0.113.50";
    const signedIn = await callRouteOr500(
      ({ request }) => login.action({ request, params: {}, context: { clientAddress: ownerAddress } }),
      formRequest("/login", { email: owner.email, password: owner.password }),
    );
    expect(signedIn.status).toBe(302);
    const ask = (address: string) =>
      callRouteOr500(
        ({ request }) => forgotPassword.action({ request, params: {}, context: { clientAddress: address } }),
        formRequest("/forgot-password", { email: owner.email }),
      );
    const statuses: number[] = [];
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) {
      for (let i = 0; i < 3; i++) statuses.push((await ask(address)).status);
    }
    // the email's cap holds for strangers: 10 links, then 429
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await ask("198.51.100.5")).status).toBe(429);
    const linksBefore = await prisma.outboxEmail.count({ where: { to: owner.email } });
    // the owner's own address is not held to it
    const own = await ask(ownerAddress);
    expect(own.status).toBe(200);
    expect(await prisma.outboxEmail.count({ where: { to: owner.email } })).toBe(linksBefore + 1);
    expect(await prisma.passwordReset.count({ where: { userId: owner.id, usedAt: null } })).toBe(1);
  });
});
