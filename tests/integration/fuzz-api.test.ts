// Property-based hostile input for every /api endpoint, called in-process as Remix calls resource
// routes (GET/HEAD to the loader, other methods to the action): broken JSON objects (wrong types,
// missing and extra fields, huge and hostile strings), bodies that are not JSON or not objects,
// oversized bodies, wrong content types and bad ids, as anonymous, customer and admin.
// Never a 5xx and always JSON; writes answer 4xx and change nothing stored.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as fallback from "~/routes/api.$";
import * as authToken from "~/routes/api.auth.token";
import * as myOrders from "~/routes/api.my-orders";
import * as orderById from "~/routes/api.my-orders.$id";
import * as review from "~/routes/api.review";
import * as services from "~/routes/api.services";
import * as serviceById from "~/routes/api.services.$id";
import * as users from "~/routes/api.users";
import * as userByEmail from "~/routes/api.users.$email";
import * as makeAdmin from "~/routes/api.users.admin";
import { createUser, signIn } from "../support/auth";
import {
  badId,
  brokenForm,
  callRouteOr500,
  fingerprint,
  hostileText,
  notAnEmail,
  personNameRule,
  tally,
  tooLong,
  type FieldRule,
} from "../support/hostile";
import { ORIGIN } from "../support/requests";

type Role = "anonymous" | "customer" | "admin";
type Handler = Parameters<typeof callRouteOr500>[0];
type Json = unknown;

const RUNS = 40;
const cookies: Record<Role, string | null> = { anonymous: null, customer: null, admin: null };
const fixture = { serviceId: "", customerEmail: "" };

beforeAll(async () => {
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  fixture.customerEmail = customer.email;
  cookies.customer = await signIn(customer.id);
  cookies.admin = await signIn(admin.id);
  fixture.serviceId = (await (await db()).service.findFirstOrThrow({ where: { deletedAt: null } })).id;
});

afterAll(() => {
  console.log(`fuzz-api: ${tally.inputs} generated inputs, ${tally.fiveHundreds} answered with a 5xx`);
});

interface Call {
  module: { loader?: Handler; action?: Handler };
  method: string;
  path: string;
  params?: Record<string, string>;
  role: Role;
  contentType?: string | null;
  body?: string;
}

/** Sends the call; checks: no 5xx, JSON back, and a write is a 4xx that changed nothing. */
async function expectHandled(call: Call) {
  const headers = new Headers({ Origin: ORIGIN });
  const cookie = cookies[call.role];
  if (cookie) headers.set("Cookie", cookie);
  if (call.contentType) headers.set("Content-Type", call.contentType);
  const read = call.method === "GET" || call.method === "HEAD";
  const request = new Request(new URL(call.path, ORIGIN), { method: call.method, headers, body: read ? undefined : call.body });
  const handler = (read ? call.module.loader : call.module.action)!;
  const before = read ? "" : await fingerprint();
  const answer = await callRouteOr500(handler, request, call.params ?? {});
  tally.inputs += 1;
  if (answer.status >= 500) tally.fiveHundreds += 1;
  const shown = `${call.method} ${call.path} as ${call.role}: ${JSON.stringify(answer.data)?.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  if (call.method !== "HEAD") expect(typeof answer.data, shown).not.toBe("string");
  if (!read) {
    expect(answer.status, shown).toBeGreaterThanOrEqual(400);
    expect(await fingerprint(), shown).toBe(before);
  }
  return answer;
}

const role = fc.constantFrom<Role>("anonymous", "customer", "admin");
const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const text = (min: number, max: number): FieldRule<Json> => ({
  valid: hostileText.filter((value) => value.trim().length >= min && value.trim().length <= max),
  invalid: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom("", "   "),
    tooLong(max),
    wrongType.filter((value) => typeof value !== "string"),
  ),
});
const email: FieldRule<Json> = {
  valid: fc.emailAddress(),
  invalid: fc.oneof(fc.constant(undefined), notAnEmail, wrongType),
};

/** Bodies that are not a JSON object at all, or too large. */
const notAnObject = fc.oneof(
  fc.constantFrom("", "{", "[]", "null", "1", '"text"', '{"a":}', "{'single':1}", "\u0000", "[1,2,3]", "true"),
  fc.string({ maxLength: 30 }).filter((value) => !value.trim().startsWith("{")),
  fc.constant(`{"x":"${"a".repeat(70_000)}"}`),
  fc.constant(JSON.stringify({ review: "r".repeat(100_000), rating: 3 })),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  null,
);

/** A JSON body with a broken field, or no JSON object at all, under some content type. */
function hostileBody(rules: Record<string, FieldRule<Json>>) {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        body: brokenForm(rules).map((value) => JSON.stringify(value)),
        contentType: fc.constant<string | null>("application/json"),
      }),
    },
    { weight: 1, arbitrary: fc.record({ body: notAnObject, contentType }) },
    { weight: 1, arbitrary: fc.record({ body: brokenForm(rules).map((value) => JSON.stringify(value)), contentType }) },
  );
}

async function checkWrite(
  module: Call["module"],
  method: string,
  path: string,
  rules: Record<string, FieldRule<Json>>,
  params?: Record<string, string>,
) {
  await fc.assert(
    fc.asyncProperty(hostileBody(rules), role, async ({ body, contentType }, who) => {
      await expectHandled({ module, method, path, params, role: who, body, contentType });
    }),
    { numRuns: RUNS },
  );
}

describe("writes with hostile bodies are refused and change nothing", () => {
  it("POST /api/services", async () => {
    await checkWrite(services, "POST", "/api/services", {
      title: text(1, 120),
      cost: {
        valid: fc.constantFrom(1, 250, "99"),
        invalid: fc.oneof(fc.constant(undefined), fc.constantFrom(0, -5, 1.5, "abc", 1_000_001, {}, [1, 2], null)),
      },
      image: {
        valid: fc.constant("/images/tours/x.svg"),
        invalid: fc.oneof(fc.constant(undefined), fc.constantFrom("javascript:alert(1)", "//evil.example/x", "a b", 5, null)),
      },
      description: text(1, 5000),
    });
  });

  it("POST /api/review", async () => {
    await checkWrite(review, "POST", "/api/review", {
      review: text(1, 2000),
      rating: { valid: fc.constantFrom(0, 5, "3"), invalid: fc.constantFrom(6, -1, 2.5, "abc", {}, [1, 2], "7", 100_000) },
    });
  });

  it("POST /api/my-orders", async () => {
    await checkWrite(myOrders, "POST", "/api/my-orders", {
      firstName: personNameRule,
      lastName: personNameRule,
      streetAddress: text(1, 100),
      townName: text(1, 50),
      district: { valid: fc.constant("Dhaka"), invalid: fc.oneof(fc.constant(undefined), hostileText, wrongType) },
      mobileNumber: { valid: fc.constant("01712345678"), invalid: fc.oneof(fc.constant(undefined), hostileText, fc.integer()) },
      email,
      service: { valid: fc.constant(fixture.serviceId), invalid: fc.oneof(fc.constant(undefined), badId, wrongType) },
      quantity: { valid: fc.constantFrom(1, 20, "2"), invalid: fc.constantFrom(0, 21, -3, 1.5, "abc", {}, [1, 2], null) },
      type: { valid: fc.constant("city"), invalid: fc.oneof(fc.constant(undefined), hostileText, wrongType) },
      Price: { valid: fc.constant(undefined as unknown as Json), invalid: fc.constantFrom(0.01, -100, 1e9, "free", {}) },
    });
  });

  it("POST and PUT /api/users (own record only)", async () => {
    const rules = {
      email: {
        valid: fc.constant(fixture.customerEmail),
        invalid: fc.oneof(fc.constant(undefined), notAnEmail, wrongType, fc.constant("someone.else@example.com")),
      },
      displayName: {
        valid: fc.constant("Same Name"),
        invalid: fc.oneof(
          fc.constantFrom("", "  "),
          tooLong(80),
          wrongType.filter((value) => value !== null && typeof value !== "string"),
        ),
      },
    };
    await checkWrite(users, "POST", "/api/users", rules);
    await checkWrite(users, "PUT", "/api/users", rules);
  });

  it("PUT /api/users/admin (bad or unknown emails)", async () => {
    await checkWrite(makeAdmin, "PUT", "/api/users/admin", {
      email: { valid: fc.stringMatching(/^[a-z0-9]{1,20}$/).map((name) => `${name}@nobody.example`), invalid: email.invalid },
    });
  });

  it("POST and DELETE /api/auth/token", async () => {
    await checkWrite(authToken, "POST", "/api/auth/token", {
      email: { valid: fc.emailAddress(), invalid: email.invalid },
      // no account has these passwords: a well-formed request still fails
      password: {
        valid: hostileText,
        invalid: fc.oneof(
          fc.constant(undefined),
          wrongType.filter((value) => typeof value !== "string"),
        ),
      },
    });
    await fc.assert(
      fc.asyncProperty(hostileText, async (token) => {
        const headers = { Authorization: `Bearer ${token.replace(/[^\x21-\x7e]/g, "x")}` };
        const request = new Request(new URL("/api/auth/token", ORIGIN), { method: "DELETE", headers });
        const before = await fingerprint();
        const answer = await callRouteOr500(authToken.action, request);
        tally.inputs += 1;
        expect(answer.status).toBe(401);
        expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 30 },
    );
  });

  it("DELETE and PUT on bad ids: /api/services/{id}, /api/my-orders/{id}", async () => {
    await fc.assert(
      fc.asyncProperty(badId, role, fc.constantFrom("DELETE", "PUT", "PATCH", "POST"), async (id, who, method) => {
        for (const [module, base] of [
          [serviceById, "/api/services/"],
          [orderById, "/api/my-orders/"],
        ] as const) {
          await expectHandled({
            module,
            method,
            path: base + pathSegment(id),
            params: { id: wellFormed(id) },
            role: who,
            contentType: "application/json",
            body: "{}",
          });
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("reads with hostile ids and queries answer JSON, never a 5xx", () => {
  it("every GET endpoint", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, role, async (value, who) => {
        const segment = pathSegment(value);
        const param = wellFormed(value);
        const calls: Call[] = [
          { module: userByEmail, method: "GET", path: `/api/users/${segment}`, params: { email: param }, role: who },
          { module: serviceById, method: "GET", path: `/api/services/${segment}`, params: { id: param }, role: who },
          { module: orderById, method: "GET", path: `/api/my-orders/${segment}`, params: { id: param }, role: who },
          { module: myOrders, method: "GET", path: `/api/my-orders?email=${segment}`, role: who },
          { module: services, method: "GET", path: `/api/services?${segment}=${segment}`, role: who },
          { module: review, method: "GET", path: `/api/review?limit=${segment}`, role: who },
          { module: users, method: "GET", path: `/api/users?x=${segment}`, role: who },
          { module: fallback, method: "GET", path: `/api/${segment}`, params: { "*": param }, role: who },
        ];
        for (const call of calls) await expectHandled(call);
      }),
      { numRuns: 40 },
    );
  });

  it("unknown paths and wrong methods on /api are JSON 404/405", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, fc.constantFrom("POST", "PUT", "PATCH", "DELETE"), async (value, method) => {
        const answer = await expectHandled({
          module: fallback,
          method,
          path: `/api/x/${pathSegment(value)}`,
          params: { "*": `x/${wellFormed(value)}` },
          role: "customer",
          contentType: "application/json",
          body: "{}",
        });
        expect(answer.status).toBe(404);
        const wrong = await expectHandled({
          module: userByEmail,
          method,
          path: "/api/users/a@b.c",
          params: { email: "a@b.c" },
          role: "admin",
          contentType: "application/json",
          body: "{}",
        });
        expect(wrong.status).toBe(405);
      }),
      { numRuns: 20 },
    );
  });
});

/** What a URL can carry: lone surrogates become U+FFFD, as a browser's URL parser makes them. */
function wellFormed(value: string) {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
function pathSegment(value: string) {
  return encodeURIComponent(wellFormed(value));
}
