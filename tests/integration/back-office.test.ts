// The back office: the users page (search, paging, roles, disabling, the last-administrator rule,
// the audit log) and review moderation (hide, show, delete, reports), through the route modules
// as Remix calls them, on a real database.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createApiToken, getApiTokenUser, getUser } from "~/accounts/session.server";
import { HOME_REVIEWS } from "~/catalogue/review-store.server";
import { formatDate } from "~/platform/dates";
import { db, queriesRun } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/_index";
import * as apiReview from "~/routes/api.review";
import { loader as layoutLoader } from "~/routes/dashboard";
import { action as makeAdminAction } from "~/routes/dashboard.makeAdmin";
import * as reviewsPage from "~/routes/dashboard.reviews";
import * as usersPage from "~/routes/dashboard.users";
import { action as reportAction } from "~/routes/reviews.report";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { callRoute, getRequest } from "../support/requests";

type UsersData = {
  total: number;
  page: number;
  pages: number;
  users: {
    id: string;
    displayName: string;
    email: string;
    role: string;
    disabled: boolean;
    orders: number;
    lastChange: string | null;
  }[];
};
type ReviewsData = { reviews: { id: string; hidden: boolean; reports: number }[]; pages: number };

const usersGet = (path: string, cookie: string) => callRoute<UsersData>(usersPage.loader, authedGet(path, cookie));
const usersPost = (fields: Record<string, string>, cookie: string) =>
  callRoute(usersPage.action, authedPost("/dashboard/users", fields, cookie));
const reviewsPost = (fields: Record<string, string>, cookie: string) =>
  callRoute(reviewsPage.action, authedPost("/dashboard/reviews", fields, cookie));
const today = () => formatDate(new Date());

/** Runs the check with these users as the only enabled administrators, then gives the others their role back. */
async function onlyAdmins(ids: string[], check: () => Promise<void>) {
  const prisma = await db();
  const others = await prisma.user.findMany({ where: { role: "ADMIN", id: { notIn: ids } }, select: { id: true } });
  const otherIds = others.map((other) => other.id);
  await prisma.user.updateMany({ where: { id: { in: otherIds } }, data: { role: "CUSTOMER" } });
  try {
    await check();
  } finally {
    await prisma.user.updateMany({ where: { id: { in: otherIds } }, data: { role: "ADMIN" } });
  }
}

async function freshReview(review = "A lovely boat trip.") {
  const prisma = await db();
  return prisma.review.create({ data: { name: "Rina Reviewer", email: "rina@example.com", rating: 4, review } });
}

describe("users page: who may", () => {
  it("sends a customer away and refuses their post with 403, changing nothing", async () => {
    const prisma = await db();
    const customer = await createUser();
    const target = await createUser();
    const cookie = await signIn(customer.id);
    const page = await usersGet("/dashboard/users", cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/?redirectTo=%2Fdashboard%2Fusers");
    for (const intent of ["make-admin", "disable"]) {
      const refused = await usersPost({ id: target.id, intent }, cookie);
      expect(refused.status).toBe(403);
    }
    expect(await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      role: "CUSTOMER",
      disabled: false,
    });
    expect(await prisma.userAuditEntry.count({ where: { targetUserId: target.id } })).toBe(0);
    const signedOut = await usersGet("/dashboard/users", "");
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("users page: list", () => {
  it("searches name or email in any case, newest first, 25 a page, with order counts in a fixed number of queries", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const tag = randomBytes(4).toString("hex");
    const prisma = await db();
    const created = [];
    for (let i = 0; i < 27; i += 1) {
      created.push(
        await prisma.user.create({
          data: {
            email: `pager-${tag}-${i}@example.com`,
            displayName: `Pager Person ${i}`,
            createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
          },
        }),
      );
    }
    const byName = await createUser({ displayName: `Zed ${tag.toUpperCase()} Name` });
    await placeTestOrder(created[26].id);
    await placeTestOrder(created[26].id);
    await placeTestOrder(created[25].id);
    for (const user of created) {
      await prisma.userAuditEntry.create({ data: { actorId: admin.id, targetUserId: user.id, action: "ENABLE" } });
    }

    // A first request: on the embedded database the session's lookup is then kept (app/platform/read-cache.server.ts) for both measured ones.
    await usersGet(`/dashboard/users?q=warm-up`, cookie);
    const before = queriesRun();
    const first = await usersGet(`/dashboard/users?q=PAGER-${tag.toUpperCase()}`, cookie);
    const queries = queriesRun() - before;
    expect(first.data.total).toBe(27);
    expect(first.data.pages).toBe(2);
    expect(first.data.users).toHaveLength(25);
    expect(first.data.users.map((user) => user.displayName).slice(0, 3)).toEqual([
      "Pager Person 26",
      "Pager Person 25",
      "Pager Person 24",
    ]);
    expect(first.data.users.slice(0, 3).map((user) => user.orders)).toEqual([2, 1, 0]);
    const beforeSecond = queriesRun();
    const second = await usersGet(`/dashboard/users?q=pager-${tag}&page=2`, cookie);
    expect(second.data.users.map((user) => user.displayName)).toEqual(["Pager Person 1", "Pager Person 0"]);
    // Orders and the latest change of every row come with the page, not one query per row:
    // 25 rows take as many queries as 2 (session, count, users, audit entries, their actors).
    expect(queriesRun() - beforeSecond).toBe(queries);
    expect(queries).toBeLessThanOrEqual(6);

    const name = await usersGet(`/dashboard/users?q=${encodeURIComponent(`zed ${tag}`)}`, cookie);
    expect(name.data.users.map((user) => user.id)).toEqual([byName.id]);
    // LIKE's wildcards are plain characters in a search.
    const wildcard = await usersGet(`/dashboard/users?q=${encodeURIComponent(`pager-${tag}-%`)}`, cookie);
    expect(wildcard.data.total).toBe(0);
    expect((await usersGet(`/dashboard/users?q=${encodeURIComponent(`pager_${tag}`)}`, cookie)).data.total).toBe(0);
    const everyone = await usersGet("/dashboard/users?page=abc", cookie);
    expect(everyone.data.page).toBe(1);
    expect(everyone.data.total).toBe(await prisma.user.count());
  });
});

describe("users page: changes", () => {
  it("makes an admin, revokes, disables and re-enables, each recorded and shown on the row", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN", displayName: "Ann Admin" });
    const target = await createUser({ displayName: `Target ${randomBytes(3).toString("hex")}` });
    const cookie = await signIn(admin.id);
    const row = async () =>
      (await usersGet(`/dashboard/users?q=${encodeURIComponent(target.email)}`, cookie)).data.users.find(
        (user) => user.id === target.id,
      )!;
    expect((await row()).lastChange).toBeNull();

    for (const [intent, expected, line] of [
      ["make-admin", { role: "ADMIN", disabled: false }, "Made admin"],
      ["revoke-admin", { role: "CUSTOMER", disabled: false }, "Admin rights revoked"],
      ["disable", { role: "CUSTOMER", disabled: true }, "Disabled"],
      ["enable", { role: "CUSTOMER", disabled: false }, "Re-enabled"],
    ] as const) {
      const answer = await usersPost({ id: target.id, intent }, cookie);
      expect(answer.status, intent).toBe(200);
      expect(answer.data.ok).toBe(true);
      expect(await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject(expected);
      expect((await row()).lastChange).toBe(`${line} by Ann Admin, ${today()}`);
    }
    const entries = await prisma.userAuditEntry.findMany({ where: { targetUserId: target.id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => [entry.actorId, entry.action])).toEqual([
      [admin.id, "MAKE_ADMIN"],
      [admin.id, "REVOKE_ADMIN"],
      [admin.id, "DISABLE"],
      [admin.id, "ENABLE"],
    ]);
    // The same change again: nothing to do, nothing recorded.
    const again = await usersPost({ id: target.id, intent: "enable" }, cookie);
    expect(again.data).toEqual({ ok: true, message: "Nothing to change: the account already is so." });
    expect(await prisma.userAuditEntry.count({ where: { targetUserId: target.id } })).toBe(4);
  });

  it("records the Make Admin page's change too", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const target = await createUser();
    const cookie = await signIn(admin.id);
    await callRoute(makeAdminAction, authedPost("/dashboard/makeAdmin", { email: target.email }, cookie));
    expect(
      await prisma.userAuditEntry.findMany({ where: { targetUserId: target.id }, select: { actorId: true, action: true } }),
    ).toEqual([{ actorId: admin.id, action: "MAKE_ADMIN" }]);
  });

  it("refuses bad input, unknown accounts and disabling oneself, changing nothing", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    expect((await usersPost({ id: admin.id, intent: "delete-everything" }, cookie)).status).toBe(400);
    expect((await usersPost({ id: "x';--", intent: "disable" }, cookie)).status).toBe(400);
    expect((await usersPost({ id: "cunknownunknownunknown000", intent: "disable" }, cookie)).status).toBe(404);
    const self = await usersPost({ id: admin.id, intent: "disable" }, cookie);
    expect(self.status).toBe(409);
    expect(self.data.message).toBe("You cannot disable your own account.");
    expect(await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ role: "ADMIN", disabled: false });
    expect(await prisma.userAuditEntry.count({ where: { targetUserId: admin.id } })).toBe(0);
  });

  it("disabling ends the account's sessions and API tokens at once", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const target = await createUser();
    const adminCookie = await signIn(admin.id);
    const targetCookie = await signIn(target.id);
    const { token } = await createApiToken(target.id);
    expect(await getUser(getRequest("/", { headers: { Cookie: targetCookie } }))).not.toBeNull();
    expect(await getApiTokenUser(token)).not.toBeNull();

    expect((await usersPost({ id: target.id, intent: "disable" }, adminCookie)).status).toBe(200);
    expect(await prisma.session.count({ where: { userId: target.id } })).toBe(0);
    expect(await getUser(getRequest("/", { headers: { Cookie: targetCookie } }))).toBeNull();
    expect(await getApiTokenUser(token)).toBeNull();
    const api = await callRoute(
      apiReview.action,
      new Request("http://localhost:3000/api/review", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ review: "After being disabled", rating: 1 }),
      }),
    );
    expect(api.status).toBe(401);
    // Re-enabled, the old session does not come back: the person signs in again.
    expect((await usersPost({ id: target.id, intent: "enable" }, adminCookie)).status).toBe(200);
    expect(await getUser(getRequest("/", { headers: { Cookie: targetCookie } }))).toBeNull();
  });
});

describe("the last administrator", () => {
  it("can be neither revoked nor disabled", async () => {
    const prisma = await db();
    const only = await createUser({ role: "ADMIN" });
    const cookie = await signIn(only.id);
    await onlyAdmins([only.id], async () => {
      const revoked = await usersPost({ id: only.id, intent: "revoke-admin" }, cookie);
      expect(revoked.status).toBe(409);
      expect(revoked.data.message).toBe(
        "The last administrator cannot be removed or disabled. Make another administrator first.",
      );
      expect((await prisma.user.findUniqueOrThrow({ where: { id: only.id } })).role).toBe("ADMIN");
      // With a second administrator, the first may step down.
      const second = await createUser({ role: "ADMIN" });
      expect((await usersPost({ id: only.id, intent: "revoke-admin" }, cookie)).status).toBe(200);
      const secondCookie = await signIn(second.id);
      expect((await usersPost({ id: second.id, intent: "revoke-admin" }, secondCookie)).status).toBe(409);
      await prisma.user.update({ where: { id: only.id }, data: { role: "ADMIN" } });
      await prisma.user.update({ where: { id: second.id }, data: { role: "CUSTOMER" } });
    });
  });

  it("two administrators revoking each other at the same moment leave one", async () => {
    const prisma = await db();
    for (let round = 0; round < 3; round += 1) {
      const first = await createUser({ role: "ADMIN" });
      const second = await createUser({ role: "ADMIN" });
      await onlyAdmins([first.id, second.id], async () => {
        const [firstCookie, secondCookie] = await Promise.all([signIn(first.id), signIn(second.id)]);
        const answers = await Promise.all([
          usersPost({ id: second.id, intent: "revoke-admin" }, firstCookie),
          usersPost({ id: first.id, intent: "revoke-admin" }, secondCookie),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
        expect(await prisma.user.count({ where: { role: "ADMIN", disabled: false } })).toBe(1);
        expect(await prisma.userAuditEntry.count({ where: { targetUserId: { in: [first.id, second.id] } } })).toBe(1);
      });
      await prisma.user.updateMany({ where: { id: { in: [first.id, second.id] } }, data: { role: "CUSTOMER" } });
    }
  });

  it("two administrators disabling each other at the same moment leave one", async () => {
    const prisma = await db();
    const first = await createUser({ role: "ADMIN" });
    const second = await createUser({ role: "ADMIN" });
    await onlyAdmins([first.id, second.id], async () => {
      const [firstCookie, secondCookie] = await Promise.all([signIn(first.id), signIn(second.id)]);
      const answers = await Promise.all([
        usersPost({ id: second.id, intent: "disable" }, firstCookie),
        usersPost({ id: first.id, intent: "disable" }, secondCookie),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      expect(await prisma.user.count({ where: { role: "ADMIN", disabled: false } })).toBe(1);
    });
    await prisma.user.updateMany({ where: { id: { in: [first.id, second.id] } }, data: { role: "CUSTOMER", disabled: false } });
  });
});

describe("review moderation", () => {
  it("sends a customer away and refuses their hide, show and delete with 403", async () => {
    const prisma = await db();
    const review = await freshReview();
    const customer = await createUser();
    const cookie = await signIn(customer.id);
    expect((await callRoute(reviewsPage.loader, authedGet("/dashboard/reviews", cookie))).status).toBe(302);
    for (const intent of ["hide", "show", "delete"]) {
      expect((await reviewsPost({ id: review.id, intent }, cookie)).status, intent).toBe(403);
    }
    expect(await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).toMatchObject({ hiddenAt: null });
  });

  it("hides a review from the home page and GET /api/review for everyone but administrators, and shows it again", async () => {
    const admin = await createUser({ role: "ADMIN" });
    const customer = await createUser();
    const [adminCookie, customerCookie] = await Promise.all([signIn(admin.id), signIn(customer.id)]);
    const review = await freshReview(`Hide me ${randomBytes(3).toString("hex")}`);
    const onHome = async () =>
      ((await callRoute(homeLoader, getRequest("/"))).data.reviews as { id: string }[]).some((r) => r.id === review.id);
    const inApi = async (cookie: string | null) => {
      const answer = await callRoute(apiReview.loader, authedGet("/api/review", cookie));
      return (answer.data as { _id: string; hidden?: boolean }[]).find((item) => item._id === review.id);
    };
    expect(await onHome()).toBe(true);

    const hidden = await reviewsPost({ id: review.id, intent: "hide" }, adminCookie);
    expect(hidden.data).toEqual({ visibility: { ok: true, message: "The review is hidden." } });
    expect(await onHome()).toBe(false);
    expect(await inApi(null)).toBeUndefined();
    expect(await inApi(customerCookie)).toBeUndefined();
    expect(await inApi(adminCookie)).toMatchObject({ _id: review.id, hidden: true });
    const page = await callRoute<ReviewsData>(reviewsPage.loader, authedGet("/dashboard/reviews", adminCookie));
    expect(page.data.reviews.find((row) => row.id === review.id)).toMatchObject({ hidden: true });

    expect((await reviewsPost({ id: review.id, intent: "show" }, adminCookie)).data.visibility.ok).toBe(true);
    expect(await onHome()).toBe(true);
    expect(await inApi(customerCookie)).toEqual(expect.not.objectContaining({ hidden: expect.anything() }));
    expect((await reviewsPost({ id: "cunknownunknownunknown000", intent: "hide" }, adminCookie)).status).toBe(404);
  });

  it("the home page shows only the newest visible reviews", async () => {
    const prisma = await db();
    const hidden = await prisma.review.create({
      data: {
        name: "Flood",
        email: "f@example.com",
        review: "Hidden flood",
        hiddenAt: new Date(),
        createdAt: new Date(Date.now() + 600_000),
      },
    });
    const flood = [];
    const start = Date.now();
    for (let i = 0; i < HOME_REVIEWS + 3; i += 1) {
      flood.push(
        await prisma.review.create({
          data: { name: "F", email: "f@example.com", review: `Flood ${i}`, createdAt: new Date(start + i) },
        }),
      );
    }
    const { data } = await callRoute(homeLoader, getRequest("/"));
    const ids = (data.reviews as { id: string }[]).map((review) => review.id);
    expect(ids).toHaveLength(HOME_REVIEWS);
    expect(ids).not.toContain(hidden.id);
    expect(ids).toEqual(
      flood
        .slice(-HOME_REVIEWS)
        .reverse()
        .map((review) => review.id),
    );
  });

  it("a signed-in user reports a review once however often; the administrator sees it flagged and counted", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const reporter = await createUser();
    const other = await createUser();
    const [adminCookie, reporterCookie, otherCookie] = await Promise.all([
      signIn(admin.id),
      signIn(reporter.id),
      signIn(other.id),
    ]);
    const flaggedBefore = (await callRoute(layoutLoader, authedGet("/dashboard", adminCookie))).data.counts["/dashboard/reviews"];
    const review = await freshReview("Rude words");

    const signedOut = await callRoute(reportAction, authedPost("/reviews/report", { id: review.id, redirectTo: "/" }, null));
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/);
    for (const cookie of [reporterCookie, reporterCookie, otherCookie]) {
      const answer = await callRoute(reportAction, authedPost("/reviews/report", { id: review.id, redirectTo: "/home" }, cookie));
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/home");
    }
    expect(await prisma.reviewReport.count({ where: { reviewId: review.id } })).toBe(2);
    // An outside address is never a way back.
    const outside = await callRoute(
      reportAction,
      authedPost("/reviews/report", { id: review.id, redirectTo: "//evil.example" }, otherCookie),
    );
    expect(outside.location).toBe("/");

    expect((await callRoute(layoutLoader, authedGet("/dashboard", adminCookie))).data.counts["/dashboard/reviews"]).toBe(
      flaggedBefore + 1,
    );
    expect((await callRoute(layoutLoader, authedGet("/dashboard", reporterCookie))).data.counts["/dashboard/reviews"] ?? 0).toBe(
      0,
    );
    const flagged = await callRoute<ReviewsData>(reviewsPage.loader, authedGet("/dashboard/reviews?flagged=1", adminCookie));
    expect(flagged.data.reviews.find((row) => row.id === review.id)).toMatchObject({ reports: 2, hidden: false });
    expect(flagged.data.reviews.every((row) => row.reports > 0 && !row.hidden)).toBe(true);

    // Hiding settles the flag; showing again dismisses the reports.
    await reviewsPost({ id: review.id, intent: "hide" }, adminCookie);
    expect((await callRoute(layoutLoader, authedGet("/dashboard", adminCookie))).data.counts["/dashboard/reviews"]).toBe(
      flaggedBefore,
    );
    const missing = await callRoute(reportAction, authedPost("/reviews/report", { id: review.id }, otherCookie));
    expect(missing.headers.getSetCookie().join(" ")).toContain(encodeURIComponent(btoa(JSON.stringify("review-report-missing"))));
    await reviewsPost({ id: review.id, intent: "show" }, adminCookie);
    expect(await prisma.reviewReport.count({ where: { reviewId: review.id } })).toBe(0);
  });

  it("deletes after confirming, with its reports", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const review = await freshReview("Delete me");
    await prisma.reviewReport.create({ data: { reviewId: review.id, userId: admin.id } });
    const asked = await reviewsPost({ id: review.id, intent: "ask-delete" }, cookie);
    expect(asked.data).toEqual({ confirm: { id: review.id, what: "The review by Rina Reviewer: “Delete me”" } });
    expect(await prisma.review.count({ where: { id: review.id } })).toBe(1);
    expect((await reviewsPost({ id: review.id, intent: "delete" }, cookie)).data).toEqual({
      ok: true,
      message: "Deleted sucessfully",
    });
    expect(await prisma.review.count({ where: { id: review.id } })).toBe(0);
    expect(await prisma.reviewReport.count({ where: { reviewId: review.id } })).toBe(0);
    expect((await reviewsPost({ id: review.id, intent: "delete" }, cookie)).status).toBe(404);
    expect((await reviewsPost({ id: review.id, intent: "whatever" }, cookie)).status).toBe(400);
  });

  it("pages the reviews 25 at a time", async () => {
    const prisma = await db();
    const admin = await createUser({ role: "ADMIN" });
    const cookie = await signIn(admin.id);
    const total = await prisma.review.count();
    for (let i = total; i < 30; i += 1) await freshReview(`Filler ${i}`);
    const first = await callRoute<ReviewsData>(reviewsPage.loader, authedGet("/dashboard/reviews", cookie));
    expect(first.data.reviews).toHaveLength(25);
    const last = await callRoute<ReviewsData>(
      reviewsPage.loader,
      authedGet(`/dashboard/reviews?page=${first.data.pages}`, cookie),
    );
    expect(last.data.reviews.length).toBe((await prisma.review.count()) - 25 * (first.data.pages - 1));
  });
});
