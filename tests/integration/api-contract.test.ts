// Contract tests of the JSON API (docs/spec.md §7): every documented call × every kind of caller, each
// answer checked against the OpenAPI document the site serves, and every refused call shown to
// have written nothing. Route modules are called with real Requests, as Remix calls them.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId, sessionCookie } from "~/accounts/session.server";
import { joinWaitlist, openPaymentIntent, submitPaymentClaim } from "~/booking/index.server";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { setExchangeRate } from "~/payments/index.server";
import { db } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import * as unknownPath from "~/routes/api.$";
import * as token from "~/routes/api.auth.token";
import * as paymentIntent from "~/routes/api.create-payment-intent";
import * as departureById from "~/routes/api.departures.$id";
import * as broadcastRoute from "~/routes/api.departures.$id.broadcast";
import * as checkIn from "~/routes/api.departures.$id.check-in";
import * as manifest from "~/routes/api.departures.$id.manifest";
import * as waitlistRoute from "~/routes/api.departures.$id.waitlist";
import * as myOrders from "~/routes/api.my-orders";
import * as myOrder from "~/routes/api.my-orders.$id";
import * as cancelOrder from "~/routes/api.my-orders.$id.cancel";
import * as orderMessages from "~/routes/api.my-orders.$id.messages";
import * as orderPaymentClaims from "~/routes/api.my-orders.$id.payment-claims";
import * as orderPaymentSessions from "~/routes/api.my-orders.$id.payment-sessions";
import * as orderPayments from "~/routes/api.my-orders.$id.payments";
import * as orderTravellers from "~/routes/api.my-orders.$id.travellers";
import * as openApi from "~/routes/api.openapi[.]json";
import * as paymentClaims from "~/routes/api.payment-claims";
import * as paymentClaimById from "~/routes/api.payment-claims.$id";
import * as photos from "~/routes/api.photos";
import * as promoCodes from "~/routes/api.promo-codes";
import * as promoCodeByCode from "~/routes/api.promo-codes.$code";
import * as resellers from "~/routes/api.resellers";
import * as resellerById from "~/routes/api.resellers.$id";
import * as resellerKeys from "~/routes/api.resellers.$id.keys";
import * as resellerKey from "~/routes/api.resellers.$id.keys.$keyId";
import * as review from "~/routes/api.review";
import * as reviewReport from "~/routes/api.review.$id.report";
import * as services from "~/routes/api.services";
import * as serviceById from "~/routes/api.services.$id";
import * as departuresOf from "~/routes/api.services.$id.departures";
import * as departurePrices from "~/routes/api.services.$id.departures.prices";
import * as exchangeRate from "~/routes/api.settings.exchange-rate";
import * as users from "~/routes/api.users";
import * as userByEmail from "~/routes/api.users.$email";
import * as makeAdmin from "~/routes/api.users.admin";
import * as userRole from "~/routes/api.users.role";
import { createUser, signIn } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { manifestFixture } from "../support/manifest";
import {
  checkedRequests,
  checkedResponses,
  documentedMethods,
  documentedPaths,
  expectDocumented,
  openApiSchemaErrors,
  requestBodyErrors,
} from "../support/openapi";
import { billing } from "../support/orders";
import { ORIGIN } from "../support/requests";
import { SSL_STORE_ID, SSL_STORE_PASSWORD, startSslcommerzFake, type SslcommerzFake } from "../support/sslcommerz-fake";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY, type StripeFake } from "../support/stripe-fake";
import { setTravellers } from "../support/travellers";

const PARTNER = "https://partner.example";

type Module = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };

// Static paths before parameterised ones, as Remix ranks them.
const ROUTES: [template: string, module: Module][] = [
  ["/api/auth/token", token],
  ["/api/users/admin", makeAdmin],
  ["/api/users/role", userRole],
  ["/api/users/{email}", userByEmail],
  ["/api/users", users],
  ["/api/services/{id}/departures/prices", departurePrices],
  ["/api/services/{id}/departures", departuresOf],
  ["/api/services/{id}", serviceById],
  ["/api/departures/{id}/manifest", manifest],
  ["/api/departures/{id}/check-in", checkIn],
  ["/api/departures/{id}/broadcast", broadcastRoute],
  ["/api/departures/{id}/waitlist", waitlistRoute],
  ["/api/departures/{id}", departureById],
  ["/api/services", services],
  ["/api/review/{id}/report", reviewReport],
  ["/api/review", review],
  ["/api/my-orders/{id}/cancel", cancelOrder],
  ["/api/my-orders/{id}/messages", orderMessages],
  ["/api/my-orders/{id}/payments", orderPayments],
  ["/api/my-orders/{id}/payment-claims", orderPaymentClaims],
  ["/api/my-orders/{id}/payment-sessions", orderPaymentSessions],
  ["/api/payment-claims/{id}", paymentClaimById],
  ["/api/payment-claims", paymentClaims],
  ["/api/my-orders/{id}/travellers", orderTravellers],
  ["/api/my-orders/{id}", myOrder],
  ["/api/my-orders", myOrders],
  ["/api/create-payment-intent", paymentIntent],
  ["/api/openapi.json", openApi],
  ["/api/photos", photos],
  ["/api/resellers/{id}/keys/{keyId}", resellerKey],
  ["/api/resellers/{id}/keys", resellerKeys],
  ["/api/resellers/{id}", resellerById],
  ["/api/resellers", resellers],
  ["/api/promo-codes/{code}", promoCodeByCode],
  ["/api/promo-codes", promoCodes],
  ["/api/settings/exchange-rate", exchangeRate],
];

function route(pathname: string): { template: string | null; module: Module; params: Record<string, string> } {
  for (const [template, module] of ROUTES) {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\./g, "\\.").replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), "([^/]+)"))}$`,
    );
    const match = pattern.exec(pathname);
    if (match)
      return {
        template,
        module,
        params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])])),
      };
  }
  return { template: null, module: unknownPath, params: { "*": pathname.replace(/^\/api\/?/, "") } };
}

type Caller = "anonymous" | "customer" | "other" | "admin" | "customerToken" | "adminToken";
const CALLERS: Caller[] = ["anonymous", "customer", "other", "admin", "customerToken", "adminToken"];

interface Credentials {
  cookie?: string;
  bearer?: string;
}

interface SendOptions {
  body?: unknown;
  /** a raw body sent as is */
  raw?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
  /** the page's origin a browser would send (cookie callers: this site) */
  origin?: string | null;
}

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of every shape, each checked against the OpenAPI document
  body: any;
  /** the document's verdict on the JSON body sent: null when valid (undefined: no body, or none documented) */
  requestErrors?: string | null;
}

/** One request through the route module Remix would pick, its answer checked against the document. */
async function send(method: string, path: string, credentials: Credentials = {}, options: SendOptions = {}): Promise<Answer> {
  const url = new URL(path, ORIGIN);
  const headers = new Headers(options.headers);
  if (credentials.cookie) headers.set("Cookie", credentials.cookie);
  if (credentials.bearer) headers.set("Authorization", `Bearer ${credentials.bearer}`);
  const origin = options.origin === undefined ? (credentials.cookie ? ORIGIN : null) : options.origin;
  if (origin && method !== "GET" && method !== "HEAD") headers.set("Origin", origin);
  else if (options.origin) headers.set("Origin", options.origin);
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", options.contentType ?? "application/json");
  const request = new Request(url, { method, headers, body });
  const { template, module, params } = route(url.pathname);
  const requestErrors =
    options.body !== undefined && template !== null ? requestBodyErrors(template, method, options.body) : undefined;
  // Remix: GET, HEAD and OPTIONS go to the loader, other methods to the action.
  const handler = ["GET", "HEAD", "OPTIONS"].includes(method) ? module.loader : module.action;
  const response = await (handler as (args: object) => Promise<Response>)({ request, params, context: {} });
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, requestErrors };
  expectDocumented(template, method, answer);
  // A body the document refuses is never accepted.
  if (requestErrors && answer.status < 300)
    throw new Error(`${method} ${template} -> ${answer.status}: accepted a body the document refuses: ${requestErrors}`);
  return answer;
}

/** A digest of everything a call could change (rate-limit counters aside), to show a refused call changed nothing. */
async function databaseState(): Promise<string> {
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ state: string }[]>`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, email, "displayName", role, disabled), ';' ORDER BY id) FROM "User"),
      (SELECT string_agg(md5(s::text), ';' ORDER BY id) FROM "Service" s),
      (SELECT string_agg(concat_ws(',', id, "priceCents", "deletedAt", "paymentStatus", "stripePaymentIntentId", "bookingStatus", "paidCents"), ';' ORDER BY id) FROM "Order"),
      (SELECT string_agg(concat_ws(',', id, seats, "seatsTaken", status, prices::text, "pricePercent"), ';' ORDER BY id) FROM "Departure"),
      (SELECT string_agg(concat_ws(',', id, "orderId"), ';' ORDER BY id) FROM "Payment"),
      (SELECT string_agg(concat_ws(',', id, name, "dateOfBirth", "idNumber"), ';' ORDER BY id) FROM "Traveller"),
      (SELECT string_agg(concat_ws(',', id, "hiddenAt"), ';' ORDER BY id) FROM "Review"),
      (SELECT string_agg(concat_ws(',', "reviewId", "userId"), ';' ORDER BY "reviewId", "userId") FROM "ReviewReport"),
      (SELECT string_agg(id, ';' ORDER BY id) FROM "Session"),
      (SELECT string_agg(id, ';' ORDER BY id) FROM "OutboxEmail"),
      (SELECT string_agg(md5(r::text), ';' ORDER BY id) FROM "Reseller" r),
      (SELECT string_agg(concat_ws(',', id, "revokedAt"), ';' ORDER BY id) FROM "ResellerKey"),
      (SELECT string_agg(concat_ws(',', id, "checkIn", "checkInById"), ';' ORDER BY id) FROM "Traveller"),
      (SELECT count(*) FROM "IdNumberReveal"),
      (SELECT string_agg(md5(p::text), ';' ORDER BY id) FROM "PromoCode" p),
      (SELECT string_agg(md5(c::text), ';' ORDER BY id) FROM "PaymentClaim" c),
      (SELECT string_agg(md5(x::text), ';' ORDER BY id) FROM "ExchangeRate" x),
      (SELECT string_agg(md5(g::text), ';' ORDER BY id) FROM "PaymentSession" g),
      (SELECT string_agg(concat_ws(',', id, status), ';' ORDER BY id) FROM "WaitlistEntry")
    )) AS state`;
  return rows[0].state;
}

const people = {} as Record<"customer" | "other" | "admin", Awaited<ReturnType<typeof createUser>>>;
const credentials = {} as Record<Caller, Credentials>;
let stripeFake: StripeFake;
let sslcommerzFake: SslcommerzFake;
let serviceId = "";

async function issueToken(email: string, password: string): Promise<string> {
  const answer = await send("POST", "/api/auth/token", {}, { body: { email, password } });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

async function customerOrder(): Promise<string> {
  const order = await placeBooking(people.customer.id, {
    ...billing,
    service: serviceId,
    quantity: 2,
    type: "couple",
    formKey: randomBytes(12).toString("hex"),
  });
  return order.id;
}

/** The customer's order with its two travellers, names to follow: its id and the travellers' ids. */
async function orderWithTravellers(): Promise<{ id: string; travellers: string[] }> {
  const id = await customerOrder();
  const travellers = await setTravellers(id, [{}, {}]);
  return { id, travellers: travellers.map((traveller) => traveller.id) };
}

/** An order paid at the Stripe fake (so that it can be refunded), its payment recorded. */
async function paidCustomerOrder(): Promise<string> {
  const id = await customerOrder();
  const { paymentIntentId } = await openPaymentIntent(id, people.customer.id);
  stripeFake.succeed(paymentIntentId);
  const prisma = await db();
  await prisma.order.update({
    where: { id },
    data: {
      paymentStatus: "PAID",
      bookingStatus: "CONFIRMED",
      paidCents: 10000,
      payments: {
        create: { amountCents: 10000, currency: "usd", created: new Date(), last4: "4242", transaction: paymentIntentId },
      },
    },
  });
  return id;
}

let hiddenReviewId = "";

async function freshReview(): Promise<string> {
  const prisma = await db();
  const created = await prisma.review.create({
    data: { name: "Contract Reviewer", email: "reviewer@example.com", rating: 1, review: "Made for one contract case." },
  });
  return created.id;
}

async function cancelledCustomerOrder(): Promise<string> {
  const id = await customerOrder();
  const prisma = await db();
  await prisma.order.update({ where: { id }, data: { bookingStatus: "CANCELLED" } });
  return id;
}

async function freshReseller(): Promise<string> {
  const prisma = await db();
  const created = await prisma.reseller.create({
    data: { name: "Contract Reseller", email: "contract@reseller.example", commissionBasisPoints: 1000 },
  });
  return created.id;
}

/** A promo code of its own (10% off, this month), with at most `maxRedemptions` uses. */
async function freshPromoCode(maxRedemptions: number | null = null): Promise<string> {
  const prisma = await db();
  const code = `CONTRACT-${randomBytes(4).toString("hex")}`.toUpperCase();
  const today = new Date();
  await prisma.promoCode.create({
    data: {
      code,
      percentOff: 10,
      validFrom: new Date(today.getTime() - 86_400_000),
      validUntil: new Date(today.getTime() + 86_400_000),
      maxRedemptions,
    },
  });
  return code;
}

/** A reseller with one live key (only its hash: the contract never needs the key itself). */
async function freshResellerKey(): Promise<{ resellerId: string; keyId: string }> {
  const prisma = await db();
  const resellerId = await freshReseller();
  const key = await prisma.resellerKey.create({
    data: { resellerId, hash: randomBytes(32).toString("hex"), prefix: "tbr_contract" },
  });
  return { resellerId, keyId: key.id };
}

async function freshPackage(): Promise<string> {
  const prisma = await db();
  const created = await prisma.service.create({
    data: { title: "Contract Tour", costCents: 5000, image: "/images/tours/x.svg", description: "Made for one contract case." },
  });
  return created.id;
}

/** A fresh package with one departure of 5 seats, `sold` of them taken. */
async function freshDeparture(sold = 0): Promise<{ serviceId: string; departureId: string }> {
  const prisma = await db();
  const serviceId = await freshPackage();
  const departure = await prisma.departure.create({
    data: { serviceId, startDate: new Date("2031-01-10"), seats: 5, seatsTaken: sold },
  });
  return { serviceId, departureId: departure.id };
}

const CONFIGURED = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_API_BASE",
  "API_CORS_ORIGINS",
  "SSLCOMMERZ_STORE_ID",
  "SSLCOMMERZ_STORE_PASSWORD",
  "SSLCOMMERZ_BASE_URL",
];

beforeAll(async () => {
  // Before the configuration is first read: payments against the local Stripe fake, one CORS origin.
  stripeFake = await startStripeFake();
  sslcommerzFake = await startSslcommerzFake();
  Object.assign(process.env, {
    SSLCOMMERZ_STORE_ID: SSL_STORE_ID,
    SSLCOMMERZ_STORE_PASSWORD: SSL_STORE_PASSWORD,
    SSLCOMMERZ_BASE_URL: sslcommerzFake.url,
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
    STRIPE_API_BASE: stripeFake.url,
    API_CORS_ORIGINS: `${PARTNER}, https://other-partner.example`,
  });
  people.customer = await createUser({ displayName: "Rina Customer" });
  people.other = await createUser({ displayName: "Other Customer" });
  people.admin = await createUser({ role: "ADMIN", displayName: "Agency Admin" });
  credentials.anonymous = {};
  credentials.customer = { cookie: await signIn(people.customer.id) };
  credentials.other = { cookie: await signIn(people.other.id) };
  credentials.admin = { cookie: await signIn(people.admin.id) };
  credentials.customerToken = { bearer: await issueToken(people.customer.email, people.customer.password) };
  credentials.adminToken = { bearer: await issueToken(people.admin.email, people.admin.password) };
  serviceId = await freshPackage();
});

afterAll(async () => {
  for (const name of CONFIGURED) delete process.env[name];
  await stripeFake?.close();
  await sslcommerzFake?.close();
});

interface Row {
  call: string;
  /** builds the request against fresh records where the call would change them */
  request: () => Promise<{ method: string; path: string; body?: unknown }>;
  expected: Record<Caller, number>;
  /** a successful answer must have changed the database */
  writes?: boolean;
  /** token callers present a token of their own, minted for this case */
  freshTokens?: boolean;
  check?: (caller: Caller, answer: Answer) => void | Promise<void>;
}

const everyone = (status: number): Record<Caller, number> => ({
  anonymous: status,
  customer: status,
  other: status,
  admin: status,
  customerToken: status,
  adminToken: status,
});
const adminOnly = (ok: number): Record<Caller, number> => ({
  anonymous: 401,
  customer: 403,
  other: 403,
  admin: ok,
  customerToken: 403,
  adminToken: ok,
});
const signedIn = (ok: number): Record<Caller, number> => ({ ...everyone(ok), anonymous: 401 });
/** the customer's own record: the owner and admins may, the other customer gets a 404 */
const ownerOrAdmin = (ok: number): Record<Caller, number> => ({ ...everyone(ok), anonymous: 401, other: 404 });
const ownerOnly = (ok: number, stranger: number): Record<Caller, number> => ({
  anonymous: 401,
  customer: ok,
  customerToken: ok,
  other: stranger,
  admin: stranger,
  adminToken: stranger,
});
/** A date with no seat left (its one seat booked): what a party joins the waitlist of. */
async function soldOutDeparture(): Promise<string> {
  const departure = await createDeparture((await createPackage()).id, inDays(45), 1);
  await bookDeparture(await createUser(), departure, 1);
  return departure.id;
}

const isAdminCaller = (caller: Caller) => caller === "admin" || caller === "adminToken";
const UNKNOWN_ID = "cunknownunknownunknown000";

const EDITED_PACKAGE = {
  title: "Sajek Valley, edited",
  cost: 180,
  image: "/images/tours/sajek-valley.svg",
  description: "Clouds at sunrise, now with a village stay.",
  destination: "Sajek Valley",
  durationDays: 3,
  itinerary: [
    { title: "Khagrachari to Sajek", text: "By jeep." },
    { title: "Konglak Para", text: "Sunset walk." },
  ],
  included: ["Jeep", "Cottage"],
  excluded: "Bus tickets",
  meetingPoint: "Khagrachari",
  maxGroupSize: 12,
  gallery: ["/images/gallery/g3.svg"],
};

const rows: Row[] = [
  {
    call: "GET /api/users/{email}",
    request: async () => ({ method: "GET", path: `/api/users/${encodeURIComponent(people.admin.email)}` }),
    expected: everyone(200),
    check: (_caller, answer) => expect(answer.body).toEqual({ admin: true }),
  },
  {
    call: "POST /api/users",
    request: async () => ({
      method: "POST",
      path: "/api/users",
      body: { email: people.customer.email, displayName: `Rina ${randomBytes(3).toString("hex")}` },
    }),
    expected: { anonymous: 401, customer: 200, other: 403, admin: 403, customerToken: 200, adminToken: 403 },
    writes: true,
  },
  {
    call: "PUT /api/users",
    request: async () => ({
      method: "PUT",
      path: "/api/users",
      body: { email: people.customer.email, displayName: `Rina ${randomBytes(3).toString("hex")}` },
    }),
    expected: { anonymous: 401, customer: 200, other: 403, admin: 403, customerToken: 200, adminToken: 403 },
    writes: true,
  },
  {
    call: "GET /api/users",
    request: async () => ({ method: "GET", path: "/api/users" }),
    expected: adminOnly(200),
    check: (_caller, answer) => expect(answer.body.map((user: { email: string }) => user.email)).toContain(people.customer.email),
  },
  {
    call: "PUT /api/users/admin",
    request: async () => ({ method: "PUT", path: "/api/users/admin", body: { email: (await createUser()).email } }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "PUT /api/users/role",
    request: async () => ({ method: "PUT", path: "/api/users/role", body: { email: (await createUser()).email, role: "guide" } }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toMatchObject({ role: "guide", modifiedCount: 1 }),
  },
  {
    call: "GET /api/departures/{id}/manifest",
    request: async () => ({
      method: "GET",
      path: `/api/departures/${(await manifestFixture((await createUser()).id)).departure.id}/manifest`,
    }),
    expected: adminOnly(200),
    check: (_caller, answer) => expect(answer.body).toHaveLength(6),
  },
  {
    call: "POST /api/departures/{id}/broadcast",
    request: async () => ({
      method: "POST",
      path: `/api/departures/${(await manifestFixture((await createUser()).id)).departure.id}/broadcast`,
      body: { text: "Hartal on Sunday: we leave at 05:00.", channels: ["email"], urgent: false },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) =>
      expect(answer.body).toMatchObject({ recipients: [{ channel: "email", status: "queued" }, { channel: "email" }] }),
  },
  {
    call: "POST /api/departures/{id}/broadcast (a channel not set up here)",
    request: async () => ({
      method: "POST",
      path: `/api/departures/${(await manifestFixture((await createUser()).id)).departure.id}/broadcast`,
      body: { text: "Hartal", channels: ["sms"] },
    }),
    expected: adminOnly(400),
  },
  {
    call: "POST /api/departures/{id}/waitlist",
    request: async () => ({
      method: "POST",
      path: `/api/departures/${await soldOutDeparture()}/waitlist`,
      body: { travellers: [{ category: "adult" }, { category: "adult" }] },
    }),
    expected: signedIn(201),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ _id: expect.any(String), status: "waiting" }),
  },
  {
    call: "DELETE /api/departures/{id}/waitlist",
    request: async () => {
      const departure = await soldOutDeparture();
      await joinWaitlist(people.customer.id, departure, { travellers: 2 });
      return { method: "DELETE", path: `/api/departures/${departure}/waitlist` };
    },
    // the caller's own place only: anyone else has none there
    expected: ownerOnly(200, 404),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ deletedCount: 1 }),
  },
  {
    call: "GET /api/departures/{id}/waitlist",
    request: async () => {
      const departure = await soldOutDeparture();
      await joinWaitlist(people.other.id, departure, { travellers: 1 });
      return { method: "GET", path: `/api/departures/${departure}/waitlist` };
    },
    expected: adminOnly(200),
    check: (_caller, answer) =>
      expect(answer.body).toEqual([expect.objectContaining({ email: people.other.email, status: "waiting", persons: 1 })]),
  },
  {
    call: "GET /api/departures/{id}/manifest (unknown)",
    request: async () => ({ method: "GET", path: `/api/departures/${UNKNOWN_ID}/manifest` }),
    expected: adminOnly(404),
  },
  {
    call: "POST /api/departures/{id}/check-in",
    request: async () => {
      const { departure, family } = await manifestFixture((await createUser()).id);
      return {
        method: "POST",
        path: `/api/departures/${departure.id}/check-in`,
        body: { traveller: family.travellers[0].id, checkedIn: "yes" },
      };
    },
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toMatchObject({ checkedIn: "yes" }),
  },
  {
    call: "POST /api/departures/{id}/check-in (a traveller of another departure)",
    request: async () => {
      const { departure, elsewhere } = await manifestFixture((await createUser()).id);
      return {
        method: "POST",
        path: `/api/departures/${departure.id}/check-in`,
        body: { traveller: elsewhere.travellers[0].id, checkedIn: null },
      };
    },
    expected: adminOnly(404),
  },
  {
    call: "PUT /api/users/role (unknown email)",
    request: async () => ({ method: "PUT", path: "/api/users/role", body: { email: "nobody-here@example.com", role: "admin" } }),
    expected: adminOnly(404),
  },
  {
    call: "PUT /api/users/admin (unknown email)",
    request: async () => ({ method: "PUT", path: "/api/users/admin", body: { email: "nobody-here@example.com" } }),
    expected: adminOnly(404),
  },
  {
    call: "GET /api/services",
    request: async () => ({ method: "GET", path: "/api/services" }),
    expected: everyone(200),
    check: (_caller, answer) => expect(answer.body.map((service: { _id: string }) => service._id)).toContain(serviceId),
  },
  {
    call: "GET /api/services (searched, one item per page)",
    request: async () => ({ method: "GET", path: "/api/services?q=a&sort=price-asc&limit=1" }),
    expected: everyone(200),
    check: (_caller, answer) => {
      expect(answer.body).toHaveLength(1);
      expect(answer.headers.get("Link")).toMatch(/^<\/api\/services\?q=a&sort=price-asc&limit=1&cursor=[\w-]+>; rel="next"$/);
    },
  },
  {
    call: "GET /api/services (invalid parameters)",
    request: async () => ({ method: "GET", path: "/api/services?limit=0&month=May&cursor=nope" }),
    expected: everyone(400),
    check: (_caller, answer) => expect(Object.keys(answer.body.details).sort()).toEqual(["cursor", "limit", "month"]),
  },
  {
    call: "GET /api/services/{id}",
    request: async () => ({ method: "GET", path: `/api/services/${serviceId}` }),
    expected: everyone(200),
    check: (_caller, answer) => expect(answer.body).toMatchObject({ _id: serviceId, cost: 50 }),
  },
  {
    call: "GET /api/services/{id} (unknown)",
    request: async () => ({ method: "GET", path: `/api/services/${UNKNOWN_ID}` }),
    expected: everyone(404),
  },
  {
    call: "POST /api/services",
    request: async () => ({
      method: "POST",
      path: "/api/services",
      body: { title: "Sajek Valley", cost: 150, image: "/images/tours/sajek.svg", description: "Clouds at sunrise." },
    }),
    expected: adminOnly(201),
    writes: true,
  },
  {
    call: "PUT /api/services/{id}",
    request: async () => ({ method: "PUT", path: `/api/services/${await freshPackage()}`, body: EDITED_PACKAGE }),
    expected: adminOnly(200),
    writes: true,
    check: async (_caller, answer) => {
      expect(answer.body).toEqual({ modifiedCount: 1 });
      const prisma = await db();
      const saved = await prisma.service.findFirstOrThrow({
        where: { title: EDITED_PACKAGE.title },
        orderBy: { updatedAt: "desc" },
      });
      expect(saved).toMatchObject({ costCents: 18000, destination: "Sajek Valley", durationDays: 3, maxGroupSize: 12 });
      expect(saved.itinerary).toEqual(EDITED_PACKAGE.itinerary);
      expect(saved.included).toEqual(["Jeep", "Cottage"]);
    },
  },
  {
    call: "PUT /api/services/{id} (unknown)",
    request: async () => ({ method: "PUT", path: `/api/services/${UNKNOWN_ID}`, body: EDITED_PACKAGE }),
    expected: adminOnly(404),
  },
  {
    call: "DELETE /api/services/{id}",
    request: async () => ({ method: "DELETE", path: `/api/services/${await freshPackage()}` }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ deletedCount: 1 }),
  },
  {
    call: "DELETE /api/services/{id} (unknown)",
    request: async () => ({ method: "DELETE", path: `/api/services/${UNKNOWN_ID}` }),
    expected: adminOnly(404),
  },
  {
    call: "GET /api/services/{id}/departures",
    request: async () => ({ method: "GET", path: `/api/services/${(await freshDeparture()).serviceId}/departures` }),
    expected: everyone(200),
    // Administrators (and guides) also see each departure's guide: none assigned here.
    check: (caller, answer) =>
      expect(answer.body).toEqual([
        {
          _id: expect.any(String),
          date: "2031-01-10",
          seats: 5,
          seatsLeft: 5,
          status: "open",
          prices: [{ category: "adult", price: expect.any(Number) }],
          ...(caller.startsWith("admin") ? { guide: null } : {}),
        },
      ]),
  },
  {
    call: "GET /api/services/{id}/departures (unknown)",
    request: async () => ({ method: "GET", path: `/api/services/${UNKNOWN_ID}/departures` }),
    expected: everyone(404),
  },
  {
    call: "POST /api/services/{id}/departures",
    request: async () => ({
      method: "POST",
      path: `/api/services/${await freshPackage()}/departures`,
      body: { date: "2031-02-01", seats: 12 },
    }),
    expected: adminOnly(201),
    writes: true,
  },
  {
    call: "POST /api/services/{id}/departures (a date taken)",
    request: async () => ({
      method: "POST",
      path: `/api/services/${(await freshDeparture()).serviceId}/departures`,
      body: { date: "2031-01-10", seats: 12 },
    }),
    expected: adminOnly(409),
  },
  {
    call: "PATCH /api/departures/{id}",
    request: async () => ({
      method: "PATCH",
      path: `/api/departures/${(await freshDeparture()).departureId}`,
      body: { status: "closed" },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "PATCH /api/departures/{id} (seats below those sold)",
    request: async () => ({
      method: "PATCH",
      path: `/api/departures/${(await freshDeparture(3)).departureId}`,
      body: { seats: 2 },
    }),
    expected: adminOnly(409),
  },
  {
    call: "PATCH /api/departures/{id} (prices)",
    request: async () => ({
      method: "PATCH",
      path: `/api/departures/${(await freshDeparture()).departureId}`,
      body: { prices: [{ category: "adult", price: 75 }] },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "POST /api/services/{id}/departures/prices",
    request: async () => ({
      method: "POST",
      path: `/api/services/${(await freshDeparture()).serviceId}/departures/prices`,
      body: { from: "2031-01-01", to: "2031-01-31", percent: 20 },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "POST /api/services/{id}/departures/prices (unknown)",
    request: async () => ({
      method: "POST",
      path: `/api/services/${UNKNOWN_ID}/departures/prices`,
      body: { from: "2031-01-01", to: "2031-01-31", percent: 20 },
    }),
    expected: adminOnly(404),
  },
  {
    call: "PATCH /api/departures/{id} (unknown)",
    request: async () => ({ method: "PATCH", path: `/api/departures/${UNKNOWN_ID}`, body: { seats: 2 } }),
    expected: adminOnly(404),
  },
  {
    call: "GET /api/review",
    request: async () => ({ method: "GET", path: "/api/review" }),
    expected: everyone(200),
    check: (caller, answer) => {
      expect(answer.body.length).toBeGreaterThan(0);
      // Reviewers' emails: administrators only.
      for (const item of answer.body) expect("email" in item).toBe(isAdminCaller(caller));
    },
  },
  {
    call: "GET /api/review (a hidden review)",
    request: async () => {
      const prisma = await db();
      hiddenReviewId = await freshReview();
      await prisma.review.update({ where: { id: hiddenReviewId }, data: { hiddenAt: new Date() } });
      return { method: "GET", path: "/api/review" };
    },
    expected: everyone(200),
    check: (caller, answer) => {
      // Administrators only, marked hidden; everyone else gets the spec's shape without it.
      const hidden = answer.body.filter((item: { _id: string }) => item._id === hiddenReviewId);
      expect(hidden).toEqual(isAdminCaller(caller) ? [expect.objectContaining({ hidden: true })] : []);
      if (!isAdminCaller(caller)) for (const item of answer.body) expect("hidden" in item).toBe(false);
    },
  },
  {
    call: "POST /api/review",
    request: async () => ({
      method: "POST",
      path: "/api/review",
      body: { review: "Lovely boat trip", rating: 5, name: "Forged Name", email: "forged@example.com" },
    }),
    expected: signedIn(201),
    writes: true,
  },
  {
    call: "POST /api/review/{id}/report",
    request: async () => ({ method: "POST", path: `/api/review/${await freshReview()}/report`, body: { reason: "Spam" } }),
    expected: signedIn(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ reported: true }),
  },
  {
    call: "POST /api/review/{id}/report (unknown)",
    request: async () => ({ method: "POST", path: `/api/review/${UNKNOWN_ID}/report` }),
    expected: signedIn(404),
  },
  {
    call: "GET /api/my-orders",
    request: async () => {
      await customerOrder();
      return { method: "GET", path: "/api/my-orders" };
    },
    expected: adminOnly(200),
    check: (_caller, answer) => expect(answer.body.length).toBeGreaterThan(0),
  },
  {
    call: "GET /api/my-orders?email=",
    request: async () => {
      await customerOrder();
      return { method: "GET", path: `/api/my-orders?email=${encodeURIComponent(people.customer.email)}` };
    },
    expected: { anonymous: 401, customer: 200, other: 403, admin: 200, customerToken: 200, adminToken: 200 },
    check: async (_caller, answer) => {
      const prisma = await db();
      const mine = await prisma.order.count({ where: { userId: people.customer.id, deletedAt: null } });
      expect(answer.body).toHaveLength(mine);
    },
  },
  {
    call: "GET /api/my-orders/{id}",
    request: async () => ({ method: "GET", path: `/api/my-orders/${await customerOrder()}` }),
    expected: ownerOrAdmin(200),
    check: (_caller, answer) => expect(answer.body).toMatchObject({ Price: 100, quantity: 2, payment: null }),
  },
  {
    call: "GET /api/my-orders/{id}/messages",
    request: async () => ({ method: "GET", path: `/api/my-orders/${await customerOrder()}/messages` }),
    expected: ownerOrAdmin(200),
    check: (_caller, answer) => expect(Array.isArray(answer.body)).toBe(true),
  },
  {
    call: "GET /api/my-orders/{id} (unknown)",
    request: async () => ({ method: "GET", path: `/api/my-orders/${UNKNOWN_ID}` }),
    expected: ownerOrAdmin(404),
  },
  {
    call: "POST /api/my-orders",
    request: async () => ({
      method: "POST",
      path: "/api/my-orders",
      body: { ...billing, service: serviceId, quantity: 3, type: "group", Price: 150 },
    }),
    expected: signedIn(201),
    writes: true,
  },
  {
    call: "POST /api/my-orders (promo code)",
    request: async () => ({
      method: "POST",
      path: "/api/my-orders",
      body: {
        ...billing,
        service: serviceId,
        quantity: 3,
        type: "group",
        Price: 150,
        promoCode: (await freshPromoCode()).toLowerCase(),
      },
    }),
    expected: signedIn(201),
    writes: true,
  },
  {
    call: "POST /api/my-orders (promo code used up)",
    request: async () => ({
      method: "POST",
      path: "/api/my-orders",
      body: { ...billing, service: serviceId, quantity: 1, type: "group", promoCode: await freshPromoCode(0) },
    }),
    expected: signedIn(409),
    check: (_caller, answer) =>
      expect(answer.body).toEqual({
        error: "This promo code has been used up.",
        details: { promoCode: ["This promo code has been used up."] },
      }),
  },
  {
    call: "POST /api/my-orders (unknown promo code)",
    request: async () => ({
      method: "POST",
      path: "/api/my-orders",
      body: { ...billing, service: serviceId, quantity: 1, type: "group", promoCode: "NO-SUCH-CODE" },
    }),
    expected: signedIn(400),
    check: (_caller, answer) => expect(answer.body.details).toEqual({ promoCode: ["This promo code does not exist."] }),
  },
  {
    call: "PUT /api/my-orders/{id} (payment verified by Stripe)",
    request: async () => {
      const id = await customerOrder();
      const { paymentIntentId } = await openPaymentIntent(id, people.customer.id);
      stripeFake.succeed(paymentIntentId);
      return { method: "PUT", path: `/api/my-orders/${id}`, body: { transaction: paymentIntentId, amount: 1, last4: "0000" } };
    },
    expected: ownerOrAdmin(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "PUT /api/my-orders/{id} (payment not made)",
    request: async () => {
      const id = await customerOrder();
      const { paymentIntentId } = await openPaymentIntent(id, people.customer.id);
      return {
        method: "PUT",
        path: `/api/my-orders/${id}`,
        body: { transaction: paymentIntentId, amount: 100, created: 1, last4: "4242" },
      };
    },
    expected: ownerOrAdmin(400),
  },
  {
    call: "PUT /api/my-orders/{id}/travellers",
    request: async () => {
      const { id, travellers } = await orderWithTravellers();
      return {
        method: "PUT",
        path: `/api/my-orders/${id}/travellers`,
        body: {
          travellers: [
            { _id: travellers[0], name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "1234567890" },
            { _id: travellers[1], name: "Tuhin Das" },
          ],
        },
      };
    },
    expected: ownerOrAdmin(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toMatchObject({ _id: expect.any(String), quantity: 2 }),
  },
  {
    call: "PUT /api/my-orders/{id}/travellers (a traveller of another order)",
    request: async () => {
      const { id } = await orderWithTravellers();
      const other = await orderWithTravellers();
      return {
        method: "PUT",
        path: `/api/my-orders/${id}/travellers`,
        body: { travellers: [{ _id: other.travellers[0], name: "Rina Das" }] },
      };
    },
    expected: ownerOrAdmin(400),
  },
  {
    call: "DELETE /api/my-orders/{id}",
    request: async () => ({ method: "DELETE", path: `/api/my-orders/${await customerOrder()}` }),
    expected: ownerOrAdmin(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ deletedCount: 1 }),
  },
  {
    call: "DELETE /api/my-orders/{id} (paid)",
    request: async () => ({ method: "DELETE", path: `/api/my-orders/${await paidCustomerOrder()}` }),
    expected: { anonymous: 401, customer: 409, other: 404, admin: 200, customerToken: 409, adminToken: 200 },
    writes: true,
    // An admin's delete of a paid booking cancels it with the policy refund instead.
    check: (_caller, answer) =>
      expect(answer.body).toEqual({
        deletedCount: 0,
        status: "cancelled",
        refund: { amount: 100, transaction: expect.any(String) },
      }),
  },
  {
    call: "POST /api/my-orders/{id}/payments (cash received)",
    request: async () => ({
      method: "POST",
      path: `/api/my-orders/${await customerOrder()}/payments`,
      body: { amount: 40, method: "cash", reference: `Receipt ${randomBytes(4).toString("hex")}` },
    }),
    expected: adminOnly(201),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ insertedId: expect.any(String) }),
  },
  {
    call: "POST /api/my-orders/{id}/payment-claims (a bKash transaction id)",
    request: async () => ({
      method: "POST",
      path: `/api/my-orders/${await customerOrder()}/payment-claims`,
      body: { method: "bkash", amount: 100, reference: `TRX${randomBytes(4).toString("hex")}` },
    }),
    // the owner's own orders only: anyone else, administrators included, finds none
    expected: { anonymous: 401, customer: 201, other: 404, admin: 404, customerToken: 201, adminToken: 404 },
    writes: true,
  },
  {
    call: "GET /api/payment-claims",
    request: async () => ({ method: "GET", path: "/api/payment-claims?status=pending" }),
    expected: adminOnly(200),
  },
  {
    call: "PATCH /api/payment-claims/{id} (rejected with a reason)",
    request: async () => {
      const claim = await submitPaymentClaim(await customerOrder(), people.customer.id, {
        method: "nagad",
        amountCents: 10_000,
        reference: `TRX${randomBytes(4).toString("hex")}`,
      });
      return { method: "PATCH", path: `/api/payment-claims/${claim}`, body: { status: "rejected", reason: "Not received" } };
    },
    expected: adminOnly(200),
    writes: true,
  },
  {
    call: "POST /api/my-orders/{id}/cancel (unpaid)",
    request: async () => ({ method: "POST", path: `/api/my-orders/${await customerOrder()}/cancel` }),
    expected: ownerOrAdmin(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ status: "cancelled", refund: null }),
  },
  {
    call: "POST /api/my-orders/{id}/cancel (paid: the policy refund)",
    request: async () => ({ method: "POST", path: `/api/my-orders/${await paidCustomerOrder()}/cancel` }),
    expected: ownerOrAdmin(200),
    writes: true,
    check: (_caller, answer) =>
      expect(answer.body).toEqual({ status: "cancelled", refund: { amount: 100, transaction: expect.stringMatching(/^re_/) } }),
  },
  {
    call: "POST /api/my-orders/{id}/cancel (an amount: administrators only)",
    request: async () => ({
      method: "POST",
      path: `/api/my-orders/${await paidCustomerOrder()}/cancel`,
      body: { amount: 12.5, reason: "Road closed" },
    }),
    // Another customer's order is not found before anything else is decided (it does not leak that it exists).
    expected: { anonymous: 401, customer: 403, other: 404, admin: 200, customerToken: 403, adminToken: 200 },
    writes: true,
    check: (_caller, answer) => expect(answer.body.refund).toMatchObject({ amount: 12.5 }),
  },
  {
    call: "POST /api/my-orders/{id}/cancel (an amount above what was paid)",
    request: async () => ({
      method: "POST",
      path: `/api/my-orders/${await paidCustomerOrder()}/cancel`,
      body: { amount: 100.01 },
    }),
    expected: { anonymous: 401, customer: 403, other: 404, admin: 400, customerToken: 403, adminToken: 400 },
  },
  {
    call: "POST /api/my-orders/{id}/cancel (already cancelled)",
    request: async () => ({ method: "POST", path: `/api/my-orders/${await cancelledCustomerOrder()}/cancel` }),
    expected: ownerOrAdmin(409),
  },
  {
    call: "POST /api/create-payment-intent",
    request: async () => ({
      method: "POST",
      path: "/api/create-payment-intent",
      body: { orderId: await customerOrder(), price: 1 },
    }),
    expected: ownerOnly(200, 404),
    writes: true,
    check: async (_caller, answer) => {
      // The amount is the order's price (2 x $50), whatever price the body named.
      const intent = [...stripeFake.intents.values()].find((item) => item.client_secret === answer.body.clientSecret);
      expect(intent?.amount).toBe(10000);
    },
  },
  {
    call: "POST /api/my-orders/{id}/payment-sessions (SSLCommerz)",
    request: async () => {
      // taka at the agency's rate
      await setExchangeRate(122, null);
      return {
        method: "POST",
        path: `/api/my-orders/${await customerOrder()}/payment-sessions`,
        body: { provider: "sslcommerz", part: "full" },
      };
    },
    // the owner's own orders only
    expected: ownerOnly(201, 404),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ redirectUrl: expect.stringContaining("/EasyCheckOut/") }),
  },
  {
    call: "POST /api/my-orders/{id}/payment-sessions (bKash, not configured)",
    request: async () => ({
      method: "POST",
      path: `/api/my-orders/${await customerOrder()}/payment-sessions`,
      body: { provider: "bkash" },
    }),
    expected: ownerOnly(503, 404),
  },
  {
    call: "POST /api/create-payment-intent (paid)",
    request: async () => ({ method: "POST", path: "/api/create-payment-intent", body: { orderId: await paidCustomerOrder() } }),
    expected: ownerOnly(409, 404),
  },
  {
    call: "POST /api/auth/token",
    request: async () => ({
      method: "POST",
      path: "/api/auth/token",
      body: { email: people.other.email, password: people.other.password },
    }),
    expected: everyone(200),
    writes: true,
  },
  {
    call: "POST /api/auth/token (wrong password)",
    // A user of its own: six failures in a row would reach the login limit.
    request: async () => ({
      method: "POST",
      path: "/api/auth/token",
      body: { email: (await createUser()).email, password: "not the password" },
    }),
    expected: everyone(401),
  },
  {
    call: "DELETE /api/auth/token",
    request: async () => ({ method: "DELETE", path: "/api/auth/token" }),
    expected: { anonymous: 401, customer: 401, other: 401, admin: 401, customerToken: 200, adminToken: 200 },
    writes: true,
    freshTokens: true,
  },
  {
    call: "GET /api/openapi.json",
    request: async () => ({ method: "GET", path: "/api/openapi.json" }),
    expected: everyone(200),
  },
  {
    call: "GET /api/settings/exchange-rate",
    request: async () => {
      await setExchangeRate(121.75, people.admin.id);
      return { method: "GET", path: "/api/settings/exchange-rate" };
    },
    expected: adminOnly(200),
    check: (_caller, answer) => expect(answer.body).toEqual({ bdtPerUsd: 121.75, setAt: expect.any(String) }),
  },
  {
    call: "PUT /api/settings/exchange-rate",
    request: async () => ({ method: "PUT", path: "/api/settings/exchange-rate", body: { bdtPerUsd: 122.5 } }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => {
      expect(answer.body).toEqual({ bdtPerUsd: 122.5, setAt: expect.any(String) });
      expect(Math.abs(Date.parse(answer.body.setAt) - Date.now())).toBeLessThan(60_000);
    },
  },
  {
    call: "GET /api/promo-codes",
    request: async () => {
      await freshPromoCode(5);
      return { method: "GET", path: "/api/promo-codes" };
    },
    expected: adminOnly(200),
    check: (_caller, answer) => expect(answer.body.length).toBeGreaterThan(0),
  },
  {
    call: "POST /api/promo-codes",
    request: async () => ({
      method: "POST",
      path: "/api/promo-codes",
      body: {
        code: `eid-${randomBytes(3).toString("hex")}`,
        amountOff: 20,
        validFrom: "2025-06-01",
        validUntil: "2025-06-30",
        travelFrom: "2025-07-01",
        maxRedemptions: 100,
        maxPerCustomer: 1,
        packages: [serviceId],
        minTravellers: 2,
        active: true,
      },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ insertedId: expect.any(String) }),
  },
  {
    call: "POST /api/promo-codes (both discounts, days reversed)",
    request: async () => ({
      method: "POST",
      path: "/api/promo-codes",
      body: { code: "BOTH-10", percentOff: 10, amountOff: 5, validFrom: "2026-01-01", validUntil: "2025-01-01" },
    }),
    expected: adminOnly(400),
    check: (_caller, answer) => expect(Object.keys(answer.body.details).sort()).toEqual(["amountOff", "validUntil"]),
  },
  {
    call: "POST /api/promo-codes (taken)",
    request: async () => ({
      method: "POST",
      path: "/api/promo-codes",
      body: { code: (await freshPromoCode()).toLowerCase(), percentOff: 5, validFrom: "2026-01-01", validUntil: "2026-12-31" },
    }),
    expected: adminOnly(409),
    check: (_caller, answer) => expect(Object.keys(answer.body.details)).toEqual(["code"]),
  },
  {
    call: "PATCH /api/promo-codes/{code}",
    request: async () => ({
      method: "PATCH",
      path: `/api/promo-codes/${(await freshPromoCode(5)).toLowerCase()}`,
      body: { amountOff: 15, maxRedemptions: null, active: false },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "PATCH /api/promo-codes/{code} (invalid)",
    request: async () => ({
      method: "PATCH",
      path: `/api/promo-codes/${await freshPromoCode()}`,
      body: { validUntil: "2000-01-01" },
    }),
    expected: adminOnly(400),
    check: (_caller, answer) =>
      expect(answer.body.details).toEqual({ validUntil: ["The last day cannot be before the first day."] }),
  },
  {
    call: "PATCH /api/promo-codes/{code} (unknown)",
    request: async () => ({ method: "PATCH", path: "/api/promo-codes/NO-SUCH-CODE", body: { active: false } }),
    expected: adminOnly(404),
  },
  {
    call: "GET /api/resellers",
    request: async () => ({ method: "GET", path: "/api/resellers" }),
    expected: adminOnly(200),
  },
  {
    call: "POST /api/resellers",
    request: async () => ({
      method: "POST",
      path: "/api/resellers",
      body: { name: "Chittagong Travel", email: "desk@ctg.example", commissionPercent: 12.5 },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ insertedId: expect.any(String) }),
  },
  {
    call: "PATCH /api/resellers/{id}",
    request: async () => ({
      method: "PATCH",
      path: `/api/resellers/${await freshReseller()}`,
      body: { maxHeldSeatsPerDeparture: 60, maxHeldSeats: 300 },
    }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "PATCH /api/resellers/{id} (invalid)",
    // Valid by the document (each cap optional), refused by the rule that one must be given.
    request: async () => ({ method: "PATCH", path: `/api/resellers/${await freshReseller()}`, body: {} }),
    expected: adminOnly(400),
    check: (_caller, answer) =>
      expect(JSON.stringify(answer.body)).toContain("Give maxHeldSeatsPerDeparture, maxHeldSeats or both."),
  },
  {
    call: "PATCH /api/resellers/{id} (unknown)",
    request: async () => ({ method: "PATCH", path: `/api/resellers/${UNKNOWN_ID}`, body: { maxHeldSeats: 50 } }),
    expected: adminOnly(404),
  },
  {
    call: "POST /api/resellers/{id}/keys",
    request: async () => ({ method: "POST", path: `/api/resellers/${await freshReseller()}/keys` }),
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ _id: expect.any(String), key: expect.stringMatching(/^tbr_/) }),
  },
  {
    call: "POST /api/resellers/{id}/keys (unknown)",
    request: async () => ({ method: "POST", path: `/api/resellers/${UNKNOWN_ID}/keys` }),
    expected: adminOnly(404),
  },
  {
    call: "DELETE /api/resellers/{id}/keys/{keyId}",
    request: async () => {
      const { resellerId, keyId } = await freshResellerKey();
      return { method: "DELETE", path: `/api/resellers/${resellerId}/keys/${keyId}` };
    },
    expected: adminOnly(200),
    writes: true,
    check: (_caller, answer) => expect(answer.body).toEqual({ modifiedCount: 1 }),
  },
  {
    call: "DELETE /api/resellers/{id}/keys/{keyId} (unknown)",
    request: async () => ({ method: "DELETE", path: `/api/resellers/${await freshReseller()}/keys/${UNKNOWN_ID}` }),
    expected: adminOnly(404),
  },
];

describe("the matrix: every call × every caller", () => {
  for (const row of rows) {
    it(row.call, async () => {
      for (const caller of CALLERS) {
        let presented = credentials[caller];
        if (row.freshTokens && presented.bearer) {
          const person = caller === "adminToken" ? people.admin : people.customer;
          presented = { bearer: await issueToken(person.email, person.password) };
        }
        const { method, path, body } = await row.request();
        const before = await databaseState();
        const answer = await send(method, path, presented, { body });
        const after = await databaseState();
        const label = `${row.call} as ${caller}`;
        // Every body the matrix sends is a valid request by the document.
        if (body !== undefined) expect(answer.requestErrors, label).toBeNull();
        expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(row.expected[caller]);
        const succeeded = answer.status < 300;
        if (row.writes && succeeded) expect(after, `${label} should have written`).not.toBe(before);
        else expect(after, `${label} wrote something`).toBe(before);
        if (succeeded) await row.check?.(caller, answer);
        if (answer.status === 401) expect(answer.headers.get("WWW-Authenticate") ?? "", label).toMatch(/^Bearer/);
      }
    });
  }
});

describe("POST /api/photos (an image body, not JSON)", () => {
  it("stores a photo for administrators only, and refuses what is not a photo", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "teal" } })
        .png()
        .toBuffer(),
    );
    const expected: Record<Caller, number> = {
      anonymous: 401,
      customer: 403,
      other: 403,
      admin: 201,
      customerToken: 403,
      adminToken: 201,
    };
    for (const caller of CALLERS) {
      const answer = await send("POST", "/api/photos", credentials[caller], { raw: png, contentType: "image/png" });
      expect(answer.status, caller).toBe(expected[caller]);
      if (answer.status === 201) expect(answer.body.url).toMatch(/^\/photos\/[0-9a-f]{32}\/960\.webp$/);
    }
    const text = await send("POST", "/api/photos", credentials.admin, { raw: "not a photo", contentType: "image/jpeg" });
    expect(text.status).toBe(415);
    const json = await send("POST", "/api/photos", credentials.adminToken, { body: { url: "x" } });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append("file", new File([png], "a.png", { type: "image/png" }));
    const multipart = new Response(form);
    const asForm = await send("POST", "/api/photos", credentials.adminToken, {
      raw: new Uint8Array(await multipart.arrayBuffer()),
      contentType: multipart.headers.get("Content-Type")!,
    });
    expect(asForm.status).toBe(201);
  });
});

describe("errors", () => {
  const invalidBodies: {
    caller: Caller;
    method: string;
    path: string | (() => Promise<string>);
    body: unknown;
    fields: string[];
  }[] = [
    {
      caller: "customer",
      method: "POST",
      path: "/api/users",
      body: { email: "not-an-email", displayName: "" },
      fields: ["email", "displayName"],
    },
    {
      caller: "customer",
      method: "PUT",
      path: "/api/users",
      body: { displayName: "x".repeat(81) },
      fields: ["email", "displayName"],
    },
    { caller: "admin", method: "PUT", path: "/api/users/admin", body: { email: 5 }, fields: ["email"] },
    {
      caller: "adminToken",
      method: "POST",
      path: async () =>
        manifestFixture((await createUser()).id).then(({ departure }) => `/api/departures/${departure.id}/check-in`),
      body: { traveller: 5, checkedIn: "maybe" },
      fields: ["traveller", "checkedIn"],
    },
    { caller: "admin", method: "PUT", path: "/api/users/role", body: { email: "x", role: "owner" }, fields: ["email", "role"] },
    {
      caller: "admin",
      method: "POST",
      path: "/api/services",
      body: { title: "", cost: "abc", image: "javascript:alert(1)", description: "" },
      fields: ["title", "cost", "image", "description"],
    },
    {
      caller: "admin",
      method: "PUT",
      path: () => freshPackage().then((id) => `/api/services/${id}`),
      body: {
        title: "Edited",
        cost: 0,
        image: "/images/x.svg",
        description: "x",
        destination: "Atlantis",
        durationDays: 90,
        itinerary: [{ title: "Only a title" }],
        included: "x".repeat(201),
        maxGroupSize: 0,
        gallery: ["javascript:alert(1)"],
      },
      fields: ["cost", "destination", "durationDays", "itinerary.0.text", "included", "maxGroupSize", "gallery"],
    },
    {
      caller: "customerToken",
      method: "POST",
      path: "/api/review",
      body: { review: "", rating: 9 },
      fields: ["review", "rating"],
    },
    {
      caller: "customerToken",
      method: "POST",
      path: () => freshReview().then((id) => `/api/review/${id}/report`),
      body: { reason: "x".repeat(501) },
      fields: ["reason"],
    },
    {
      caller: "customer",
      method: "POST",
      path: "/api/my-orders",
      body: { quantity: 50 },
      fields: [
        "firstName",
        "lastName",
        "streetAddress",
        "townName",
        "district",
        "mobileNumber",
        "email",
        "service",
        "quantity",
        "type",
      ],
    },
    {
      caller: "customer",
      method: "PUT",
      path: () => customerOrder().then((id) => `/api/my-orders/${id}`),
      body: { amount: 5 },
      fields: ["transaction"],
    },
    { caller: "customer", method: "POST", path: "/api/create-payment-intent", body: { price: 5 }, fields: ["orderId"] },
    {
      caller: "customer",
      method: "POST",
      path: () => customerOrder().then((id) => `/api/my-orders/${id}/payment-sessions`),
      body: { provider: "paypal", part: "half" },
      fields: ["provider", "part"],
    },
    {
      caller: "admin",
      method: "POST",
      path: () => customerOrder().then((id) => `/api/my-orders/${id}/cancel`),
      body: { amount: "ten", reason: "x".repeat(301) },
      fields: ["amount", "reason"],
    },
    {
      caller: "admin",
      method: "POST",
      path: () => customerOrder().then((id) => `/api/my-orders/${id}/payments`),
      body: { amount: "ten", method: "card", reference: "" },
      fields: ["amount", "method", "reference"],
    },
    {
      caller: "customer",
      method: "POST",
      path: () => customerOrder().then((id) => `/api/my-orders/${id}/payment-claims`),
      body: { amount: 10.505, method: "cash", reference: "x".repeat(101) },
      fields: ["method", "amount", "reference"],
    },
    {
      caller: "admin",
      method: "PATCH",
      path: "/api/payment-claims/cmabcdefghij0123456789",
      body: { status: "maybe", reason: "x".repeat(501) },
      fields: ["status", "reason"],
    },
    {
      caller: "admin",
      method: "POST",
      path: () => freshPackage().then((id) => `/api/services/${id}/departures`),
      body: { date: "soon", seats: 0 },
      fields: ["date", "seats"],
    },
    {
      caller: "adminToken",
      method: "PATCH",
      path: () => freshDeparture().then(({ departureId }) => `/api/departures/${departureId}`),
      body: { status: "paused" },
      fields: ["status"],
    },
    {
      caller: "admin",
      method: "POST",
      path: () => freshDeparture().then(({ serviceId }) => `/api/services/${serviceId}/departures/prices`),
      body: { from: "2031-01-01", to: "2031-13-45", percent: 1.5 },
      fields: ["percent", "to"],
    },
    {
      caller: "anonymous",
      method: "POST",
      path: "/api/auth/token",
      body: { email: "x", password: 5 },
      fields: ["email", "password"],
    },
    { caller: "customer", method: "POST", path: "/api/review", body: { review: "nul\u0000byte", rating: 3 }, fields: ["review"] },
    {
      caller: "customer",
      method: "PUT",
      path: () => orderWithTravellers().then(({ id }) => `/api/my-orders/${id}/travellers`),
      body: { travellers: [{ name: 5, dateOfBirth: "1990-05-01" }] },
      fields: ["travellers[0]._id", "travellers[0].name"],
    },
    {
      caller: "customer",
      method: "PUT",
      path: () => orderWithTravellers().then(({ id }) => `/api/my-orders/${id}/travellers`),
      body: { travellers: [] },
      fields: ["travellers"],
    },
    {
      caller: "admin",
      method: "POST",
      path: "/api/resellers",
      body: { name: "", email: "not-an-email", commissionPercent: 100.5 },
      fields: ["name", "email", "commissionPercent"],
    },
    {
      caller: "admin",
      method: "POST",
      path: "/api/promo-codes",
      body: { code: "A B", percentOff: 500, validFrom: "2026-01-01", validUntil: "2026-02-01" },
      fields: ["code", "percentOff"],
    },
    {
      caller: "admin",
      method: "PUT",
      path: "/api/settings/exchange-rate",
      body: { bdtPerUsd: 0 },
      fields: ["bdtPerUsd"],
    },
    {
      caller: "admin",
      method: "PATCH",
      path: () => freshPromoCode().then((code) => `/api/promo-codes/${code}`),
      body: { maxRedemptions: 0, validFrom: "someday" },
      fields: ["maxRedemptions", "validFrom"],
    },
    {
      caller: "admin",
      method: "PATCH",
      path: () => freshReseller().then((id) => `/api/resellers/${id}`),
      body: { maxHeldSeatsPerDeparture: 0, maxHeldSeats: 1.5 },
      fields: ["maxHeldSeatsPerDeparture", "maxHeldSeats"],
    },
    {
      caller: "admin",
      method: "POST",
      path: async () => `/api/departures/${(await manifestFixture((await createUser()).id)).departure.id}/broadcast`,
      body: { text: " ", channels: ["fax"], urgent: "yes" },
      fields: ["text", "channels.0", "urgent"],
    },
    {
      caller: "customer",
      method: "POST",
      path: async () => `/api/departures/${await soldOutDeparture()}/waitlist`,
      body: { travellers: "two" },
      fields: ["travellers"],
    },
  ];

  it("answers 400 naming each invalid field, and writes nothing", async () => {
    for (const { caller, method, path, body, fields } of invalidBodies) {
      const url = typeof path === "string" ? path : await path();
      const before = await databaseState();
      const answer = await send(method, url, credentials[caller], { body });
      expect(answer.status, `${method} ${url}`).toBe(400);
      expect(Object.keys(answer.body.details).sort(), `${method} ${url}`).toEqual([...fields].sort());
      // The document refuses it too (U+0000 is refused in every field before any schema, app/platform/text.ts).
      if (!JSON.stringify(body).includes("\\u0000")) expect(answer.requestErrors, `${method} ${url}`).toEqual(expect.any(String));
      expect(await databaseState()).toBe(before);
    }
    const badQuery = await send("GET", "/api/my-orders?email=%00", credentials.admin);
    expect(badQuery).toMatchObject({ status: 400, body: { details: { email: expect.any(Array) } } });
  });

  it("answers 400 for bodies that are not a JSON object", async () => {
    const before = await databaseState();
    for (const raw of ["{not json", "[]", "null", "42", '"text"', '{"title": "x"']) {
      const answer = await send("POST", "/api/services", credentials.admin, { raw, contentType: "application/json" });
      expect(answer.status, raw).toBe(400);
    }
    expect(await databaseState()).toBe(before);
  });

  const writes: { caller: Caller; method: string; path: string }[] = [
    { caller: "customer", method: "POST", path: "/api/users" },
    { caller: "customer", method: "PUT", path: "/api/users" },
    { caller: "admin", method: "PUT", path: "/api/users/admin" },
    { caller: "admin", method: "POST", path: "/api/services" },
    { caller: "admin", method: "PUT", path: `/api/services/${UNKNOWN_ID}` },
    { caller: "customer", method: "POST", path: "/api/review" },
    { caller: "customer", method: "POST", path: "/api/my-orders" },
    { caller: "customer", method: "PUT", path: `/api/my-orders/${UNKNOWN_ID}` },
    { caller: "customer", method: "POST", path: "/api/create-payment-intent" },
    { caller: "anonymous", method: "POST", path: "/api/auth/token" },
    { caller: "admin", method: "POST", path: `/api/services/${UNKNOWN_ID}/departures` },
    { caller: "admin", method: "PATCH", path: `/api/departures/${UNKNOWN_ID}` },
  ];

  it("answers 413 for a body over 64 KB and 415 for a body that is neither JSON nor a form", async () => {
    const before = await databaseState();
    const huge = JSON.stringify({ review: "x".repeat(70 * 1024), rating: 5 });
    for (const { caller, method, path } of writes) {
      expect((await send(method, path, credentials[caller], { raw: huge })).status, `${method} ${path} huge`).toBe(413);
      expect(
        (await send(method, path, credentials[caller], { raw: "review=ok", contentType: "text/plain" })).status,
        `${method} ${path} text`,
      ).toBe(415);
      const multipart = '--b\r\nContent-Disposition: form-data; name="review"\r\n\r\nok\r\n--b--\r\n';
      expect(
        (await send(method, path, credentials[caller], { raw: multipart, contentType: "multipart/form-data; boundary=b" }))
          .status,
      ).toBe(415);
    }
    expect(await databaseState()).toBe(before);
  });

  it("accepts URL-encoded forms as well as JSON", async () => {
    const answer = await send("POST", "/api/review", credentials.customer, {
      raw: new URLSearchParams({ review: "Sent as a form", rating: "4" }).toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(201);
  });

  it("answers 405 with an Allow header for every method a path does not offer", async () => {
    let refused = 0;
    for (const template of documentedPaths()) {
      const path = template.replace("{email}", "someone%40example.com").replace("{id}", UNKNOWN_ID);
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        if (documentedMethods(template).includes(method)) continue;
        const before = await databaseState();
        // The allowed methods are checked against the document by send().
        const answer = await send(method, path, credentials.admin, { body: method === "GET" ? undefined : {} });
        expect(answer.status, `${method} ${template}`).toBe(405);
        expect(await databaseState()).toBe(before);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThanOrEqual(30);
  });

  it("answers a JSON 404 for paths no call has, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/nope/deeper"],
      ["DELETE", "/api/users/a/b"],
      ["GET", "/api"],
      ["PUT", "/api/services/x/y"],
    ]) {
      const answer = await send(method, path, credentials.admin, { body: method === "GET" ? undefined : {} });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it("never answers 5xx for hostile ids, emails and text", async () => {
    const hostile = [
      "%00",
      "'%20OR%201=1--",
      "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "x".repeat(300),
      "%F0%9F%98%80",
      "..%2F..%2Fetc%2Fpasswd",
    ];
    let tried = 0;
    for (const value of hostile) {
      for (const [method, path] of [
        ["GET", `/api/users/${value}`],
        ["GET", `/api/services/${value}`],
        ["DELETE", `/api/services/${value}`],
        ["GET", `/api/my-orders/${value}`],
        ["DELETE", `/api/my-orders/${value}`],
        ["GET", `/api/my-orders?email=${value}`],
      ]) {
        const answer = await send(method, path, credentials.admin);
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        tried += 1;
      }
    }
    expect(tried).toBe(36);
  });
});

describe("optional fields", () => {
  it("sent blank are absent, as the original site's client sends a field left blank", async () => {
    const prisma = await db();
    for (const blank of ["", "  "]) {
      const body = { ...billing, City: blank, Postcode: blank, Price: blank, quantity: blank, service: serviceId, type: "city" };
      const answer = await send("POST", "/api/my-orders", credentials.customer, { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.requestErrors).toBeNull();
      const order = await prisma.order.findUniqueOrThrow({
        where: { id: answer.body.insertedId },
        select: { city: true, postcode: true, quantity: true },
      });
      expect(order).toEqual({ city: null, postcode: null, quantity: 1 });
    }
    const review = await send("POST", "/api/review", credentials.customer, { body: { review: "Blank stars", rating: "" } });
    expect(review).toMatchObject({ status: 201, requestErrors: null });
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.body.insertedId } })).rating).toBe(0);
  });

  it("filled in must still be valid, for the server and the document alike", async () => {
    const before = await databaseState();
    const answer = await send("POST", "/api/my-orders", credentials.customer, {
      body: { ...billing, Postcode: "12", service: serviceId, type: "city" },
    });
    expect(answer).toMatchObject({ status: 400, body: { details: { Postcode: ["The postcode is 4 to 10 digits."] } } });
    expect(answer.requestErrors).toEqual(expect.any(String));
    expect(await databaseState()).toBe(before);
  });
});

describe("bearer tokens", () => {
  it("come from an email and password, as JSON or a form, and say when they expire", async () => {
    const person = await createUser();
    const answer = await send(
      "POST",
      "/api/auth/token",
      {},
      {
        raw: new URLSearchParams({ email: person.email.toUpperCase(), password: person.password }).toString(),
        contentType: "application/x-www-form-urlencoded",
      },
    );
    expect(answer.status).toBe(200);
    const days = (Date.parse(answer.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    // Stored as a session row keyed by the token's SHA-256, never the token itself.
    const prisma = await db();
    expect(await prisma.session.findUnique({ where: { id: hashSessionId(answer.body.token) } })).not.toBeNull();
    expect(await prisma.session.findUnique({ where: { id: answer.body.token } })).toBeNull();
  });

  it("answer a wrong password and an unknown email alike", async () => {
    const person = await createUser();
    const wrong = await send("POST", "/api/auth/token", {}, { body: { email: person.email, password: "wrong password" } });
    const unknown = await send(
      "POST",
      "/api/auth/token",
      {},
      { body: { email: "nobody-at-all@example.com", password: "wrong password" } },
    );
    expect(wrong.status).toBe(401);
    expect(unknown).toMatchObject({ status: wrong.status, body: wrong.body });
  });

  it("are rate limited like the login: after the limit even the right password waits", async () => {
    const person = await createUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await send("POST", "/api/auth/token", {}, { body: { email: person.email, password: "guess " + attempt } })).status,
      ).toBe(401);
    }
    const before = await databaseState();
    const limited = await send("POST", "/api/auth/token", {}, { body: { email: person.email, password: person.password } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await databaseState()).toBe(before);
  });

  it("are refused to a disabled account, and stop working when an account is disabled", async () => {
    const person = await createUser();
    const bearer = await issueToken(person.email, person.password);
    expect((await send("GET", `/api/my-orders?email=${encodeURIComponent(person.email)}`, { bearer })).status).toBe(200);
    const prisma = await db();
    await prisma.user.update({ where: { id: person.id }, data: { disabled: true } });
    expect((await send("GET", `/api/my-orders?email=${encodeURIComponent(person.email)}`, { bearer })).status).toBe(401);
    expect(await prisma.session.count({ where: { userId: person.id } })).toBe(0);
    expect((await send("POST", "/api/auth/token", {}, { body: { email: person.email, password: person.password } })).status).toBe(
      403,
    );
  });

  it("end when revoked or expired", async () => {
    const person = await createUser();
    const revoked = await issueToken(person.email, person.password);
    expect((await send("DELETE", "/api/auth/token", { bearer: revoked })).body).toEqual({ deletedCount: 1 });
    expect(
      (await send("POST", "/api/review", { bearer: revoked }, { body: { review: "After revoking", rating: 1 } })).status,
    ).toBe(401);
    expect((await send("DELETE", "/api/auth/token", { bearer: revoked })).status).toBe(401);

    const expired = await issueToken(person.email, person.password);
    const prisma = await db();
    await prisma.session.update({ where: { id: hashSessionId(expired) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await send("GET", `/api/my-orders?email=${encodeURIComponent(person.email)}`, { bearer: expired })).status).toBe(401);
  });

  it("are never read from the URL, and a cookie's session id is no token", async () => {
    const adminToken = credentials.adminToken.bearer!;
    for (const name of ["access_token", "token", "bearer"]) {
      expect((await send("GET", `/api/users?${name}=${adminToken}`)).status).toBe(401);
    }
    const sessionId = await sessionCookie().parse(credentials.admin.cookie!);
    expect(typeof sessionId).toBe("string");
    expect((await send("GET", "/api/users", { bearer: sessionId })).status).toBe(401);
  });

  it("decide alone when present: a bad token is a 401 even beside a good cookie; other schemes leave the cookie in charge", async () => {
    const badToken = await send(
      "GET",
      "/api/users",
      {},
      { headers: { Cookie: credentials.admin.cookie!, Authorization: "Bearer tb_forged" } },
    );
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    const basic = await send("GET", "/api/users", credentials.admin, { headers: { Authorization: "Basic YWRtaW46YWRtaW4=" } });
    expect(basic.status).toBe(200);
  });

  it("carry no ambient authority, so they need no Origin check; cookies from another site do", async () => {
    const evil = "https://evil.example";
    const withToken = await send("POST", "/api/review", credentials.customerToken, {
      body: { review: "From a script", rating: 3 },
      origin: evil,
    });
    expect(withToken.status).toBe(201);
    const orderId = await customerOrder();
    const before = await databaseState();
    for (const [method, path, body] of [
      ["POST", "/api/review", { review: "Forged", rating: 1 }],
      ["DELETE", `/api/my-orders/${orderId}`, undefined],
      ["PUT", "/api/users", { email: people.customer.email, displayName: "Forged" }],
    ] as const) {
      const forged = await send(method, path, credentials.customer, { body, origin: evil });
      expect(forged.status, `${method} ${path}`).toBe(403);
    }
    expect(await databaseState()).toBe(before);
  });
});

describe("CORS", () => {
  it("answers preflights for listed origins only, without credentials", async () => {
    const listed = await send(
      "OPTIONS",
      "/api/review",
      {},
      { origin: PARTNER, headers: { "Access-Control-Request-Method": "POST" } },
    );
    expect(listed.status).toBe(204);
    expect(listed.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
    expect(listed.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST");
    expect(listed.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    expect(listed.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    const other = await send(
      "OPTIONS",
      "/api/review",
      {},
      { origin: "https://evil.example", headers: { "Access-Control-Request-Method": "POST" } },
    );
    expect(other.status).toBe(204);
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(other.headers.get("Access-Control-Allow-Methods")).toBeNull();
  });

  it("lets listed origins read answers, errors included, and no one else", async () => {
    for (const [origin, allowed] of [
      [PARTNER, PARTNER],
      ["https://other-partner.example", "https://other-partner.example"],
      ["https://evil.example", null],
      [null, null],
    ] as const) {
      const read = await send("GET", "/api/services", {}, { origin });
      expect(read.headers.get("Access-Control-Allow-Origin")).toBe(allowed);
      expect(read.headers.get("Vary")).toContain("Origin");
      const refused = await send("POST", "/api/review", {}, { body: { review: "x", rating: 1 }, origin });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(allowed);
    }
    const write = await send("POST", "/api/review", credentials.customerToken, {
      body: { review: "From the partner site", rating: 5 },
      origin: PARTNER,
    });
    expect(write.status).toBe(201);
    expect(write.headers.get("Access-Control-Allow-Origin")).toBe(PARTNER);
  });

  it("takes its allow-list from API_CORS_ORIGINS, origins only", () => {
    const dir = `/tmp/tb-env-${randomBytes(4).toString("hex")}`;
    expect(parseEnv({ DATA_DIR: dir }).API_CORS_ORIGINS).toEqual([]);
    expect(parseEnv({ DATA_DIR: dir, API_CORS_ORIGINS: " https://a.example ,http://localhost:5173" }).API_CORS_ORIGINS).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    expect(() => parseEnv({ DATA_DIR: dir, API_CORS_ORIGINS: "https://a.example/app" })).toThrow(/API_CORS_ORIGINS/);
    expect(() => parseEnv({ DATA_DIR: dir, API_CORS_ORIGINS: "*" })).toThrow(/API_CORS_ORIGINS/);
  });
});

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 and is what /api/openapi.json serves", async () => {
    expect(await openApiSchemaErrors()).toBeNull();
    const served = await send("GET", "/api/openapi.json");
    expect(served.body).toEqual(JSON.parse(JSON.stringify((await import("~/http/openapi")).openApiDocument)));
  });

  it("describes exactly the route files under /api", () => {
    const fromFiles = readdirSync("app/routes")
      .filter((file) => /^api\..*\.ts$/.test(file) && !file.endsWith(".test.ts") && file !== "api.$.ts")
      .map((file) =>
        file
          .replace(/\.ts$/, "")
          .replace("[.]", "\0")
          .split(".")
          .map((part) => (part.startsWith("$") ? `{${part.slice(1)}}` : part.replace("\0", ".")))
          .join("/"),
      )
      .map((path) => `/${path}`);
    expect(documentedPaths().sort()).toEqual(fromFiles.sort());
    expect(ROUTES.map(([template]) => template).sort()).toEqual(fromFiles.sort());
  });

  // Runs last: the calls above are the evidence.
  it("had every operation it documents called, and every answer matched it", () => {
    const called = new Set(checkedResponses.map(({ template, method }) => `${method} ${template}`));
    const missing = documentedPaths()
      .flatMap((template) => documentedMethods(template).map((method) => `${method} ${template}`))
      .filter((operation) => !called.has(operation));
    expect(missing).toEqual([]);
    expect(checkedResponses.length).toBeGreaterThan(300);
    // Every operation that takes a body had bodies checked against its request schema, both ways.
    const validated = new Set(
      checkedRequests.filter(({ valid }) => valid).map(({ template, method }) => `${method} ${template}`),
    );
    const refused = new Set(checkedRequests.filter(({ valid }) => !valid).map(({ template, method }) => `${method} ${template}`));
    const sent = checkedRequests.length;
    const withBody = documentedPaths().flatMap((template) =>
      documentedMethods(template)
        .filter((method) => requestBodyErrors(template, method, {}) !== undefined)
        .map((method) => `${method} ${template}`),
    );
    expect(withBody.filter((operation) => !validated.has(operation) || !refused.has(operation))).toEqual([]);
    console.info(
      `API contract: ${checkedResponses.length} answers and ${sent} request bodies checked against the OpenAPI document`,
    );
  });
});
