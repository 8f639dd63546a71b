// The rate limits of app/platform/rate-limit.server.ts as the forms and the API apply them, with small
// limits so that a few requests reach them.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { action as checkoutAction } from "~/routes/addCart.$total";
import * as tokenRoute from "~/routes/api.auth.token";
import * as myOrders from "~/routes/api.my-orders";
import * as apiReview from "~/routes/api.review";
import * as apiReviewReport from "~/routes/api.review.$id.report";
import * as userByEmail from "~/routes/api.users.$email";
import { action as contactAction } from "~/routes/contact";
import { action as reviewAction } from "~/routes/dashboard.addReview";
import { action as loginAction } from "~/routes/login";
import { action as newsletterAction } from "~/routes/newsletter";
import { action as reportAction } from "~/routes/reviews.report";
import { authedPost, createUser, signIn, uniqueEmail } from "../support/auth";
import { billing, firstPackage, openDepartureOf } from "../support/orders";
import { formRequest, ORIGIN, unwrap } from "../support/requests";

// Read once, at the first env() call of this file's process.
Object.assign(process.env, {
  RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: "5",
  RATE_LIMIT_ORDER_MAX: "2",
  RATE_LIMIT_REVIEW_MAX: "2",
  RATE_LIMIT_TOKEN_MAX: "2",
  RATE_LIMIT_REPORT_MAX: "2",
  RATE_LIMIT_FORM_MAX: "2",
  RATE_LIMIT_LOOKUP_MAX: "3",
  RATE_LIMIT_WRITE_ADDRESS_MAX: "3",
});

type FormReply = { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null } };

beforeAll(async () => {
  await db();
});

const at = (address: string) => ({ clientAddress: address });

async function login(email: string, password: string, address: string) {
  const result = await loginAction({ request: formRequest("/login", { email, password }), params: {}, context: at(address) });
  return result instanceof Response
    ? { status: result.status, data: null as FormReply | null, headers: result.headers }
    : unwrap<FormReply>(result);
}

function jsonCall(path: string, method: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  return new Request(new URL(path, ORIGIN), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function api(
  handler: (args: never) => Promise<Response>,
  request: Request,
  address: string,
  params: Record<string, string> = {},
) {
  let response: Response;
  try {
    response = await (handler as (args: object) => Promise<Response>)({ request, params, context: at(address) });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    response = error;
  }
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe("login", () => {
  it("checks at most 5 passwords of a burst of 21 on one account from one address, the right one included", async () => {
    const user = await createUser();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => login(user.email, `wrong-${i}-password`, "198.51.100.20")),
      login(user.email, user.password, "198.51.100.20"),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("does not let failures from other addresses lock the owner out", async () => {
    const admin = await createUser({ role: "ADMIN" });
    for (let i = 0; i < 5; i++) expect((await login(admin.email, `guess-${i}-password`, "203.0.113.66")).status).toBe(401);
    // The attacker's address is refused, even with the right password.
    expect((await login(admin.email, admin.password, "203.0.113.66")).status).toBe(429);
    // The owner, from their own address, signs in.
    expect((await login(admin.email, admin.password, "192.0.2.10")).status).toBe(302);
  });

  it("slows an account down above its threshold instead of refusing it", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, `guess-${i}-password`, `203.0.113.${100 + i}`)).status).toBe(401);
    const started = performance.now();
    expect((await login(user.email, user.password, "192.0.2.11")).status).toBe(302);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it("limits bearer tokens per account with a JSON 429 and Retry-After", async () => {
    const user = await createUser();
    const request = () => jsonCall("/api/auth/token", "POST", { body: { email: user.email, password: user.password } });
    expect((await api(tokenRoute.action, request(), "192.0.2.12")).status).toBe(200);
    expect((await api(tokenRoute.action, request(), "192.0.2.13")).status).toBe(200);
    const refused = await api(tokenRoute.action, request(), "192.0.2.14");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "Too many tokens were requested for this account. Please try again later." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await (await db()).session.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe("orders", () => {
  it("refuses the third order of an hour on the checkout page, in the form, typed values kept", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const service = await firstPackage();
    const departure = (await openDepartureOf(service.id)).id;
    const post = (n: number) =>
      checkoutAction({
        request: authedPost(
          "/addCart/300",
          {
            ...billing,
            lastName: `Das${"abc"[n]}`,
            service: service.id,
            departure,
            quantity: "3",
            type: "group",
            formKey: `rate-limit-key-${n}-0123456789`,
          },
          cookie,
        ),
        params: { total: "300" },
        context: at("192.0.2.20"),
      });
    expect(((await post(0)) as Response).status).toBe(302);
    expect(((await post(1)) as Response).status).toBe(302);
    const refused = await unwrap<{ error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }>(
      await post(2),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.error?.[""]).toEqual(["You have placed many orders in a short time. Please try again later."]);
    expect(refused.data.initialValue).toMatchObject({ firstName: "Rina", lastName: "Dasc", mobileNumber: "01712345678" });
    expect(await (await db()).order.count({ where: { userId: user.id } })).toBe(2);
  });

  it("counts POST /api/my-orders with the page and answers a JSON 429", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const service = await firstPackage();
    const departure = (await openDepartureOf(service.id)).id;
    const order = () =>
      jsonCall("/api/my-orders", "POST", {
        cookie,
        body: { ...billing, service: service.id, departure, quantity: 2, type: "group" },
      });
    expect((await api(myOrders.action, order(), "192.0.2.21")).status).toBe(201);
    expect((await api(myOrders.action, order(), "192.0.2.21")).status).toBe(201);
    const refused = await api(myOrders.action, order(), "192.0.2.21");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "You have placed many orders in a short time. Please try again later." });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await (await db()).order.count({ where: { userId: user.id } })).toBe(2);
  });

  it("limits an address across accounts", async () => {
    const service = await firstPackage();
    const departure = (await openDepartureOf(service.id)).id;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser();
      const request = jsonCall("/api/my-orders", "POST", {
        cookie: await signIn(user.id),
        body: { ...billing, service: service.id, departure, quantity: 2, type: "group" },
      });
      statuses.push((await api(myOrders.action, request, "192.0.2.22")).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe("reviews", () => {
  it("refuses the third review on the page (message in the form, text kept) and in the API", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const post = () =>
      reviewAction({
        request: authedPost("/dashboard/addReview", { review: "Lovely trip to Sylhet.", rating: "5" }, cookie),
        params: {},
        context: at("192.0.2.30"),
      });
    expect((await unwrap(await post())).status).toBe(200);
    expect(
      (
        await api(
          apiReview.action,
          jsonCall("/api/review", "POST", { cookie, body: { review: "Again!", rating: 4 } }),
          "192.0.2.30",
        )
      ).status,
    ).toBe(201);
    const refused = await unwrap<FormReply & { added: boolean }>(await post());
    expect(refused.status).toBe(429);
    expect(refused.data.added).toBe(false);
    expect(refused.data.result.error?.[""]).toEqual(["You have sent many reviews in a short time. Please try again later."]);
    expect(refused.data.result.initialValue).toMatchObject({ review: "Lovely trip to Sylhet.", rating: "5" });
    const viaApi = await api(
      apiReview.action,
      jsonCall("/api/review", "POST", { cookie, body: { review: "Third", rating: 3 } }),
      "192.0.2.31",
    );
    expect(viaApi.status).toBe(429);
    expect(viaApi.body.error).toBe("You have sent many reviews in a short time. Please try again later.");
    expect(await (await db()).review.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe("reports of reviews", () => {
  it("refuses the third report of an account on the home page (flash message) and in the API", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const prisma = await db();
    const reviews = await Promise.all(
      [1, 2, 3, 4].map((n) => prisma.review.create({ data: { name: "R", email: "r@example.com", review: `Review ${n}` } })),
    );
    const report = async (id: string) => {
      const answer = await reportAction({
        request: authedPost("/reviews/report", { id, redirectTo: "/" }, cookie),
        params: {},
        context: at("192.0.2.35"),
      });
      return { status: answer.status, cookies: answer.headers.getSetCookie().join(" ") };
    };
    const flash = (key: string) => `__flash=${encodeURIComponent(btoa(JSON.stringify(key)))}`;
    expect(await report(reviews[0].id)).toMatchObject({
      status: 302,
      cookies: expect.stringContaining(flash("review-reported")),
    });
    const viaApi = (id: string) =>
      api(apiReviewReport.action, jsonCall(`/api/review/${id}/report`, "POST", { cookie, body: {} }), "192.0.2.36", { id });
    expect((await viaApi(reviews[1].id)).status).toBe(200);
    const refused = await viaApi(reviews[2].id);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You have reported many reviews in a short time. Please try again later.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await report(reviews[3].id)).toMatchObject({
      status: 302,
      cookies: expect.stringContaining(flash("review-report-limited")),
    });
    expect(await prisma.reviewReport.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe("forms per address", () => {
  it("limits newsletter subscriptions, keeping the typed email", async () => {
    const subscribe = (email: string) =>
      newsletterAction({ request: formRequest("/newsletter", { email }), params: {}, context: at("192.0.2.40") });
    expect((await unwrap(await subscribe(uniqueEmail()))).status).toBe(200);
    expect((await unwrap(await subscribe(uniqueEmail()))).status).toBe(200);
    const email = uniqueEmail("third");
    const refused = await unwrap<{ ok: boolean; message: string; email: string }>(await subscribe(email));
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({
      ok: false,
      message: "Too many subscriptions were sent from your network. Please try again later.",
      email,
    });
    expect(await (await db()).newsletterSubscriber.count({ where: { email } })).toBe(0);
  });

  it("limits contact messages, keeping the typed message", async () => {
    const send = () =>
      contactAction({
        request: formRequest("/contact", {
          name: "Karim",
          email: "karim@example.com",
          subject: "Boats",
          message: "Do you go to the Sundarbans?",
        }),
        params: {},
        context: at("192.0.2.41"),
      });
    await send();
    await send();
    const refused = await unwrap<FormReply & { sent: boolean }>(await send());
    expect(refused.status).toBe(429);
    expect(refused.data.result.error?.[""]).toEqual(["You have sent many messages in a short time. Please try again later."]);
    expect(refused.data.result.initialValue).toMatchObject({ message: "Do you go to the Sundarbans?" });
  });

  it("limits GET /api/users/{email} per address", async () => {
    const lookup = (address: string) =>
      api(userByEmail.loader, jsonCall("/api/users/someone%40example.com", "GET"), address, { email: "someone@example.com" });
    for (let i = 0; i < 3; i++) expect((await lookup("192.0.2.50")).body).toEqual({ admin: false });
    const refused = await lookup("192.0.2.50");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "Too many lookups from your network. Please try again later." });
    expect((await lookup("192.0.2.51")).status).toBe(200);
  });
});
