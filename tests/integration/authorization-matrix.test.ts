// Every dashboard route (loader and action) as anonymous, customer, guide and admin: the server
// refuses what the role may not do, and a refusal writes nothing. A guide may use what every
// signed-in user may (their own orders, profile) and the departures' pages ("staff"), nothing else.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as layout from "~/routes/dashboard";
import * as home from "~/routes/dashboard._index";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as addReview from "~/routes/dashboard.addReview";
import * as departures from "~/routes/dashboard.departures.$id";
import * as broadcastPage from "~/routes/dashboard.departures.$id_.broadcast";
import * as checkIn from "~/routes/dashboard.departures.$id_.check-in";
import * as manifestCsv from "~/routes/dashboard.departures.$id_.manifest[.]csv";
import * as departurePricesPage from "~/routes/dashboard.departures.$id_.prices";
import * as staffDepartures from "~/routes/dashboard.departures._index";
import * as editProduct from "~/routes/dashboard.editProduct.$id";
import * as exportOrders from "~/routes/dashboard.export.orders[.]csv";
import * as exportUsers from "~/routes/dashboard.export.users[.]csv";
import * as makeAdmin from "~/routes/dashboard.makeAdmin";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as manageProducts from "~/routes/dashboard.manageProducts";
import * as message from "~/routes/dashboard.messages.$id";
import * as messages from "~/routes/dashboard.messages._index";
import * as myOrder from "~/routes/dashboard.myOrder";
import * as orderPage from "~/routes/dashboard.orders.$id";
import * as calendarIcs from "~/routes/dashboard.orders.$id_.calendar[.]ics";
import * as invoicePage from "~/routes/dashboard.orders.$id_.invoice";
import * as invoicePdf from "~/routes/dashboard.orders.$id_.invoice[.]pdf";
import * as voucherPage from "~/routes/dashboard.orders.$id_.voucher";
import * as paymentClaims from "~/routes/dashboard.payment-claims";
import * as profile from "~/routes/dashboard.profile";
import * as promoCodes from "~/routes/dashboard.promo-codes";
import * as reconciliation from "~/routes/dashboard.reconciliation";
import * as reconciliationCsv from "~/routes/dashboard.reconciliation[.]csv";
import * as refundPolicy from "~/routes/dashboard.refund-policy.$packageId";
import * as resellers from "~/routes/dashboard.resellers";
import * as commission from "~/routes/dashboard.resellers_.commission";
import * as commissionCsv from "~/routes/dashboard.resellers_.commission[.]csv";
import * as reviewsModeration from "~/routes/dashboard.reviews";
import * as settings from "~/routes/dashboard.settings";
import * as subscribers from "~/routes/dashboard.subscribers";
import * as subscribersExport from "~/routes/dashboard.subscribers.export[.]csv";
import * as users from "~/routes/dashboard.users";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { callRoute, type RouteArgs } from "../support/requests";

type Role = "anonymous" | "customer" | "guide" | "admin";
type Expect = "login" | "root" | "forbidden" | "ok";

interface RouteCase {
  path: string;
  module: { loader: (args: RouteArgs) => unknown; action?: (args: RouteArgs) => unknown };
  access: "user" | "staff" | "admin";
  /** the action's access when it differs from the loader's */
  postAccess?: "admin";
  /** a form that would change data if the guard let it through */
  payload?: () => Record<string, string>;
  /** the route's path parameters */
  params?: () => Record<string, string>;
}

/** The package the edit form aims at (a fixed id, so that its path is known when the cases are named). */
const EDITED_ID = "matrixeditpackage01";

const fixture = { claimId: "", orderId: "", serviceId: "", victimEmail: "", disableId: "", reviewId: "", departureId: "" };

const routes: RouteCase[] = [
  { path: "/dashboard", module: layout, access: "user" },
  { path: "/dashboard/", module: home, access: "user" },
  { path: "/dashboard/myOrder", module: myOrder, access: "user", payload: () => ({ intent: "delete", id: fixture.orderId }) },
  { path: "/dashboard/addReview", module: addReview, access: "user", payload: () => ({ review: "Matrix review", rating: "4" }) },
  {
    path: "/dashboard/profile",
    module: profile,
    access: "user",
    payload: () => ({ intent: "profile", displayName: "Matrix Name" }),
  },
  {
    path: "/dashboard/manageAllOrders",
    module: manageAllOrders,
    access: "admin",
    payload: () => ({ intent: "delete", id: fixture.orderId }),
  },
  {
    path: "/dashboard/addProduct",
    module: addProduct,
    access: "admin",
    payload: () => ({
      title: "Matrix Tour",
      cost: "100",
      image: "/images/tours/x.svg",
      description: "Added by the matrix test.",
    }),
  },
  {
    path: `/dashboard/editProduct/${EDITED_ID}`,
    module: editProduct,
    access: "admin",
    params: () => ({ id: EDITED_ID }),
    payload: () => ({
      title: "Matrix Edited",
      cost: "1",
      image: "/images/tours/x.svg",
      description: "Edited by the matrix test.",
    }),
  },
  { path: "/dashboard/export/orders.csv", module: exportOrders, access: "admin" },
  { path: "/dashboard/export/users.csv", module: exportUsers, access: "admin" },
  { path: "/dashboard/makeAdmin", module: makeAdmin, access: "admin", payload: () => ({ email: fixture.victimEmail }) },
  {
    // someone else's order: a customer gets 404, an admin the page
    path: "/dashboard/orders/{id}",
    module: orderPage,
    access: "user",
    params: () => ({ id: fixture.orderId }),
    payload: () => ({ intent: "cancel" }),
  },
  { path: "/dashboard/orders/{id}/voucher", module: voucherPage, access: "user", params: () => ({ id: fixture.orderId }) },
  // the owner's and admins' only: anyone else gets 404 (tests/integration/invoices.test.ts)
  { path: "/dashboard/orders/{id}/invoice", module: invoicePage, access: "user", params: () => ({ id: fixture.orderId }) },
  { path: "/dashboard/orders/{id}/invoice.pdf", module: invoicePdf, access: "user", params: () => ({ id: fixture.orderId }) },
  {
    path: "/dashboard/refund-policy/{packageId}",
    module: refundPolicy,
    access: "admin",
    params: () => ({ packageId: fixture.serviceId }),
    payload: () => ({ "tiers[0].minDays": "3", "tiers[0].percent": "10" }),
  },
  {
    path: "/dashboard/manageProducts",
    module: manageProducts,
    access: "admin",
    payload: () => ({ intent: "delete", id: fixture.serviceId }),
  },
  {
    path: "/dashboard/messages",
    module: messages,
    access: "admin",
    payload: () => ({ intent: "handled", id: "no-such-message" }),
  },
  { path: "/dashboard/messages/no-such-message", module: message, access: "admin", payload: () => ({ intent: "handled" }) },
  { path: "/dashboard/subscribers", module: subscribers, access: "admin" },
  {
    path: "/dashboard/resellers",
    module: resellers,
    access: "admin",
    payload: () => ({ intent: "create", name: "Matrix Tours", email: "m@matrix.example", commissionPercent: "5", active: "yes" }),
  },
  { path: "/dashboard/resellers/commission", module: commission, access: "admin" },
  {
    path: "/dashboard/payment-claims",
    module: paymentClaims,
    access: "admin",
    payload: () => ({ intent: "accept", claimId: fixture.claimId, confirmed: "yes" }),
  },
  {
    path: "/dashboard/promo-codes",
    module: promoCodes,
    access: "admin",
    payload: () => ({ intent: "create", code: "MATRIX-10", percentOff: "10", validFrom: "2026-01-01", validUntil: "2026-12-31" }),
  },
  {
    path: "/dashboard/settings",
    module: settings,
    access: "admin",
    payload: () => ({ section: "exchange-rate", bdtPerUsd: "122.5" }),
  },
  { path: "/dashboard/resellers/commission.csv", module: commissionCsv, access: "admin" },
  { path: "/dashboard/subscribers/export.csv", module: subscribersExport, access: "admin" },
  {
    // no card provider configured here: the admin's page says so, the CSV is a 409, the action refuses a malformed id (400)
    path: "/dashboard/reconciliation",
    module: reconciliation,
    access: "admin",
    payload: () => ({ paymentIntentId: "not-an-intent" }),
  },
  { path: "/dashboard/reconciliation.csv", module: reconciliationCsv, access: "admin" },
  { path: "/dashboard/users", module: users, access: "admin", payload: () => ({ intent: "disable", id: fixture.disableId }) },
  {
    path: "/dashboard/reviews",
    module: reviewsModeration,
    access: "admin",
    payload: () => ({ intent: "hide", id: fixture.reviewId }),
  },
  { path: "/dashboard/orders/{id}/calendar.ics", module: calendarIcs, access: "user", params: () => ({ id: "matrix" }) },
  { path: "/dashboard/departures", module: staffDepartures, access: "staff" },
  {
    path: "/dashboard/departures/{id}/check-in",
    module: checkIn,
    access: "staff",
    params: () => ({ id: "matrix" }),
    payload: () => ({ traveller: "matrix-traveller", checkedIn: "yes" }),
  },
  {
    // a departure's guide or an administrator (none here: the id matches no departure)
    path: "/dashboard/departures/{id}/broadcast",
    module: broadcastPage,
    access: "staff",
    params: () => ({ id: "matrix" }),
    payload: () => ({ text: "Matrix broadcast", channels: "email" }),
  },
  {
    // administrators only (the id matches no departure: 404 for them)
    path: "/dashboard/departures/{id}/prices",
    module: departurePricesPage,
    access: "admin",
    params: () => ({ id: "matrix" }),
    payload: () => ({ intent: "percent", percent: "10" }),
  },
  { path: "/dashboard/departures/{id}/manifest.csv", module: manifestCsv, access: "staff", params: () => ({ id: "matrix" }) },
  {
    // a guide reads departures and manifests; changing a departure is an administrator's
    path: "/dashboard/departures/matrix",
    module: departures,
    access: "staff",
    postAccess: "admin",
    payload: () => ({ intent: "close", id: fixture.departureId }),
  },
];

const cookies: Record<Role, string | null> = { anonymous: null, customer: null, guide: null, admin: null };

beforeAll(async () => {
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  const victim = await createUser();
  fixture.victimEmail = victim.email;
  fixture.disableId = (await createUser()).id;
  cookies.customer = await signIn(customer.id);
  cookies.guide = await signIn((await createUser({ role: "GUIDE" })).id);
  cookies.admin = await signIn(admin.id);
  // An order of someone else and a package: what the delete forms aim at.
  const prisma = await db();
  const service = await prisma.service.create({
    data: { title: "Matrix Package", costCents: 10000, image: "/images/tours/x.svg", description: "For the matrix test." },
  });
  fixture.serviceId = service.id;
  fixture.reviewId = (
    await prisma.review.create({ data: { name: "Matrix", email: "m@example.com", review: "Matrix target" } })
  ).id;
  await prisma.service.create({
    data: { id: EDITED_ID, title: "Matrix Edit Target", costCents: 10000, image: "/images/tours/x.svg", description: "To edit." },
  });
  fixture.departureId = (
    await prisma.departure.create({ data: { serviceId: service.id, startDate: new Date("2031-01-01"), seats: 5 } })
  ).id;
  const order = await prisma.order.create({
    data: {
      userId: victim.id,
      serviceId: service.id,
      serviceTitle: service.title,
      unitPriceCents: 10000,
      quantity: 1,
      packageType: "city",
      priceCents: 10000,
      firstName: "Victim",
      lastName: "User",
      streetAddress: "Road 1",
      townName: "Dhaka",
      district: "Dhaka",
      mobileNumber: "01700000000",
      email: victim.email,
    },
  });
  fixture.orderId = order.id;
  // a claim on an order of its own: the admin's accept confirms that order, not the one above
  const { id: _id, createdAt: _created, reference: _reference, ...copied } = order;
  const claimed = await prisma.order.create({ data: { ...copied, reference: "MATRIXCLAIM" } });
  fixture.claimId = (
    await prisma.paymentClaim.create({
      data: {
        orderId: claimed.id,
        userId: victim.id,
        method: "BKASH",
        amountCents: 10000,
        reference: "MATRIX-TX-1",
        trxKey: "MATRIX-TX-1",
      },
    })
  ).id;
});

function expectedFor(access: RouteCase["access"], role: Role, method: "GET" | "POST"): Expect {
  if (role === "admin") return "ok";
  if (access === "user") return role === "anonymous" ? "login" : "ok";
  if (access === "staff" && role === "guide") return "ok";
  if (method === "POST") return "forbidden";
  return role === "anonymous" ? "login" : "root";
}

async function snapshot() {
  const prisma = await db();
  const [users, admins, services, liveServices, orders, liveOrders, reviews, sessions, disabled, hidden, audit, rates] =
    await Promise.all([
      prisma.user.count(),
      prisma.user.count({ where: { role: "ADMIN" } }),
      prisma.service.count(),
      prisma.service.count({ where: { deletedAt: null } }),
      prisma.order.count(),
      prisma.order.count({ where: { deletedAt: null } }),
      prisma.review.count(),
      prisma.session.count(),
      prisma.user.count({ where: { disabled: true } }),
      prisma.review.count({ where: { hiddenAt: { not: null } } }),
      prisma.userAuditEntry.count(),
      prisma.exchangeRate.count(),
    ]);
  const [payments, pendingClaims] = await Promise.all([
    prisma.payment.count(),
    prisma.paymentClaim.count({ where: { status: "PENDING" } }),
  ]);
  return {
    rates,
    users,
    admins,
    services,
    liveServices,
    orders,
    liveOrders,
    reviews,
    sessions,
    disabled,
    hidden,
    audit,
    payments,
    pendingClaims,
  };
}

/** The path with its parameters filled in. */
function pathOf(route: RouteCase): string {
  const params = route.params?.() ?? {};
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]);
}

function check(result: { status: number; location: string | null }, expected: Expect, path: string) {
  const origin = encodeURIComponent(path === "/dashboard/" ? "/dashboard/" : path);
  switch (expected) {
    case "login":
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/login?redirectTo=${origin}`);
      break;
    case "root":
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/?redirectTo=${origin}`);
      break;
    case "forbidden":
      expect(result.status).toBe(403);
      break;
    case "ok":
      // past the guard: no redirect and no 403
      expect(result.location).toBeNull();
      expect([200, 400, 404, 409]).toContain(result.status);
  }
}

const roles: Role[] = ["anonymous", "customer", "guide", "admin"];
let cases = 0;

describe("authorization matrix: loaders", () => {
  for (const route of routes) {
    for (const role of roles) {
      const expected = expectedFor(route.access, role, "GET");
      cases++;
      it(`GET ${route.path} as ${role} → ${expected}`, async () => {
        const request = authedGet(pathOf(route), cookies[role]);
        const result = await callRoute(route.module.loader, request, route.params?.());
        check(result, expected, pathOf(route));
      });
    }
  }
});

describe("authorization matrix: actions (each with a form that would write)", () => {
  for (const route of routes.filter((r) => r.module.action)) {
    for (const role of roles) {
      const expected = expectedFor(route.postAccess ?? route.access, role, "POST");
      cases++;
      it(`POST ${route.path} as ${role} → ${expected}`, async () => {
        const before = await snapshot();
        const request = authedPost(pathOf(route), route.payload?.() ?? {}, cookies[role]);
        const result = await callRoute(route.module.action!, request, route.params?.());
        check(result, expected, pathOf(route));
        if (expected !== "ok") expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("covers every dashboard route module", async () => {
    const { readdirSync } = await import("node:fs");
    const files = readdirSync("app/routes").filter((f) => /^dashboard[._]/.test(f) || f === "dashboard.tsx");
    const dashboardFiles = files.filter((f) => !f.endsWith(".test.ts") && !f.includes("payment"));
    expect(dashboardFiles.length).toBeLessThanOrEqual(routes.length);
    expect(cases).toBeGreaterThanOrEqual(routes.length * roles.length);
  });

  it("the writes happened only through the allowed posts", async () => {
    const prisma = await db();
    const victim = await prisma.user.findUnique({ where: { email: fixture.victimEmail } });
    expect(victim?.role).toBe("ADMIN"); // by the admin's makeAdmin post
    // the customer could not delete someone else's order; the admin could
    const order = await prisma.order.findUnique({ where: { id: fixture.orderId } });
    expect(order?.deletedAt).not.toBeNull();
    expect((await prisma.service.findUnique({ where: { id: fixture.serviceId } }))?.deletedAt).not.toBeNull();
    expect(await prisma.service.count({ where: { title: "Matrix Tour" } })).toBe(1);
    // only the admin's edit went through
    expect(await prisma.service.findUnique({ where: { id: EDITED_ID } })).toMatchObject({
      title: "Matrix Edited",
      costCents: 100,
    });
    expect(await prisma.review.count({ where: { review: "Matrix review" } })).toBe(3); // customer, guide and admin
    expect((await prisma.user.findUniqueOrThrow({ where: { id: fixture.disableId } })).disabled).toBe(true);
    expect((await prisma.review.findUniqueOrThrow({ where: { id: fixture.reviewId } })).hiddenAt).not.toBeNull();
  });
});
