// The guide role: given on the users page and by PUT /api/users/role (administrators only), recorded
// in the users' audit log like the other role changes; a guide's session knows it.
import { describe, expect, it } from "vitest";
import { getUser } from "~/accounts/index.server";
import { db } from "~/platform/db.server";
import * as roleApi from "~/routes/api.users.role";
import * as usersPage from "~/routes/dashboard.users";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { callRoute, ORIGIN } from "../support/requests";

function putRole(cookie: string | null, body: unknown) {
  const headers = new Headers({ "Content-Type": "application/json", Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${ORIGIN}/api/users/role`, { method: "PUT", headers, body: JSON.stringify(body) });
}

async function auditOf(userId: string) {
  const prisma = await db();
  const entries = await prisma.userAuditEntry.findMany({
    where: { targetUserId: userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return entries.map((entry) => entry.action);
}

describe("the users page", () => {
  it("an administrator makes a customer a guide and takes it back, each change audited", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const target = await createUser();
    const cookie = await signIn(admin.id);
    const made = await callRoute(
      usersPage.action,
      authedPost("/dashboard/users", { id: target.id, intent: "make-guide" }, cookie),
    );
    expect(made.status).toBe(200);
    expect(made.data).toEqual({ ok: true, message: "The account is now a guide's: departures, manifests and check-in." });
    const guideCookie = await signIn(target.id);
    expect(await getUser(authedGet("/dashboard", guideCookie))).toMatchObject({ isGuide: true, isAdmin: false });
    const page = await callRoute(usersPage.loader, authedGet(`/dashboard/users?q=${encodeURIComponent(target.email)}`, cookie));
    expect(page.data.users[0]).toMatchObject({ role: "GUIDE", lastChange: expect.stringMatching(/^Made guide by /) });
    await callRoute(usersPage.action, authedPost("/dashboard/users", { id: target.id, intent: "revoke-guide" }, cookie));
    expect(await auditOf(target.id)).toEqual(["MAKE_GUIDE", "REVOKE_GUIDE"]);
    // The change counts from the guide's next request.
    expect(await getUser(authedGet("/dashboard/profile", guideCookie))).toMatchObject({ isGuide: false });
  });

  it("a guide cannot make anyone a guide", async () => {
    const guide = await createUser({ role: "GUIDE" });
    const target = await createUser();
    const answer = await callRoute(
      usersPage.action,
      authedPost("/dashboard/users", { id: target.id, intent: "make-guide" }, await signIn(guide.id)),
    );
    expect(answer.status).toBe(403);
    expect(await auditOf(target.id)).toEqual([]);
  });
});

describe("PUT /api/users/role", () => {
  it("as anonymous 401, customer 403, guide 403: nothing changes", async () => {
    const target = await createUser();
    const customer = await createUser();
    const guide = await createUser({ role: "GUIDE" });
    const body = { email: target.email, role: "admin" };
    expect((await callRoute(roleApi.action, putRole(null, body))).status).toBe(401);
    expect((await callRoute(roleApi.action, putRole(await signIn(customer.id), body))).status).toBe(403);
    const asGuide = await callRoute(roleApi.action, putRole(await signIn(guide.id), body));
    expect(asGuide.status).toBe(403);
    expect(asGuide.data).toEqual({ error: "Administrators only." });
    const prisma = await db();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("CUSTOMER");
  });

  it("as admin: gives the role, answers 0 when it already was, audits like the page", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const target = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const answer = await callRoute(roleApi.action, putRole(cookie, { email: target.email.toUpperCase(), role: "guide" }));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ email: target.email, role: "guide", modifiedCount: 1 });
    expect(await auditOf(target.id)).toEqual(["REVOKE_ADMIN", "MAKE_GUIDE"]);
    const again = await callRoute(roleApi.action, putRole(cookie, { email: target.email, role: "guide" }));
    expect(again.data).toEqual({ email: target.email, role: "guide", modifiedCount: 0 });
    await callRoute(roleApi.action, putRole(cookie, { email: target.email, role: "customer" }));
    expect(await auditOf(target.id)).toEqual(["REVOKE_ADMIN", "MAKE_GUIDE", "REVOKE_GUIDE"]);
  });

  it("400 naming the field, 404 for an unknown email, 409 for the last administrator", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const bad = await callRoute(roleApi.action, putRole(cookie, { email: admin.email, role: "owner" }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.details)).toEqual(["role"]);
    const unknown = await callRoute(roleApi.action, putRole(cookie, { email: "nobody-guide@example.com", role: "guide" }));
    expect(unknown.status).toBe(404);
    // Only this admin stays enabled: every other administrator is disabled for this case.
    const prisma = await db();
    const others = await prisma.user.findMany({
      where: { role: "ADMIN", disabled: false, NOT: { id: admin.id } },
      select: { id: true },
    });
    await prisma.user.updateMany({ where: { id: { in: others.map((other) => other.id) } }, data: { disabled: true } });
    try {
      const last = await callRoute(roleApi.action, putRole(cookie, { email: admin.email, role: "guide" }));
      expect(last.status).toBe(409);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("ADMIN");
    } finally {
      await prisma.user.updateMany({ where: { id: { in: others.map((other) => other.id) } }, data: { disabled: false } });
    }
  });
});
