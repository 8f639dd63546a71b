// Property-based hostile input for every form action (and the loaders that read ids or query
// strings), called in-process with real Requests as Remix calls them: each generated form has at
// least one broken field (wrong, missing, repeated, huge, SQL/HTML/unicode) plus unknown extra
// fields, sent as anonymous, customer and admin. Never a 5xx; always a 4xx (or the sign-in
// redirect for anonymous visitors); nothing stored changes. Page posts that are not forms at all
// are refused before Remix (server/request-guards.mjs, tests/e2e/security.spec.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as checkout from "~/routes/addCart.$total";
import * as googleStart from "~/routes/auth.google";
import * as contact from "~/routes/contact";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as addReview from "~/routes/dashboard.addReview";
import * as makeAdmin from "~/routes/dashboard.makeAdmin";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as manageProducts from "~/routes/dashboard.manageProducts";
import * as myOrder from "~/routes/dashboard.myOrder";
import * as reviewsModeration from "~/routes/dashboard.reviews";
import * as users from "~/routes/dashboard.users";
import * as login from "~/routes/login";
import * as logout from "~/routes/logout";
import * as newsletter from "~/routes/newsletter";
import * as orderPage from "~/routes/order.$id";
import * as register from "~/routes/register";
import { createUser, signIn } from "../support/auth";
import {
  badId,
  brokenForm,
  callRouteOr500,
  fingerprint,
  hostileText,
  notAnEmail,
  personNameRule,
  repeated,
  tally,
  tooLong,
  type FieldRule,
} from "../support/hostile";
import { insertBooking } from "../support/orders";
import { formRequest, getRequest, type RouteAnswer } from "../support/requests";

type Role = "anonymous" | "customer" | "admin";
type Handler = Parameters<typeof callRouteOr500>[0];

const RUNS = 70;
const cookies: Record<Role, string | null> = { anonymous: null, customer: null, admin: null };
const fixture = { serviceId: "", orderId: "" };

beforeAll(async () => {
  const prisma = await db();
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  cookies.customer = await signIn(customer.id);
  cookies.admin = await signIn(admin.id);
  const service = await prisma.service.findFirstOrThrow({ where: { deletedAt: null } });
  fixture.serviceId = service.id;
  fixture.orderId = (await insertBooking(customer, service)).id;
});

afterAll(() => {
  console.log(`fuzz-actions: ${tally.inputs} generated inputs, ${tally.fiveHundreds} answered with a 5xx`);
});

/** The checks every hostile input must pass; returns the answer for extra checks. */
async function expectRefused(
  handler: Handler,
  request: Request,
  role: Role,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  const before = await fingerprint();
  const answer = await callRouteOr500(handler, request, params);
  tally.inputs += 1;
  if (answer.status >= 500) tally.fiveHundreds += 1;
  expect(answer.status, JSON.stringify(answer.data)?.slice(0, 500)).toBeLessThan(500);
  if (answer.status >= 300 && answer.status < 400) {
    // Only a signed-out visitor is sent away, to sign in.
    expect(role).toBe("anonymous");
    expect(answer.location).toMatch(/^\/login\?redirectTo=/);
  } else {
    expect(answer.status).toBeGreaterThanOrEqual(400);
  }
  expect(await fingerprint()).toBe(before);
  return answer;
}

function post(path: string, form: Record<string, string | string[]>, role: Role) {
  const cookie = cookies[role];
  return formRequest(path, form, cookie ? { headers: { Cookie: cookie } } : {});
}

/** What a URL can carry: lone surrogates become U+FFFD, as a browser's URL parser makes them. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
const pathSegment = (value: string) => encodeURIComponent(wellFormed(value));

const role = (...roles: Role[]) => fc.constantFrom(...roles);

const text = (min: number, max: number): FieldRule => ({
  valid: hostileText.filter((value) => value.trim().length >= min && value.trim().length <= max),
  invalid: fc.oneof(fc.constant(undefined), fc.constantFrom("", "   ", "\t"), tooLong(max), repeated(tooLong(max))),
});
const email: FieldRule = {
  valid: fc.emailAddress().filter((value) => value.length <= 254),
  invalid: fc.oneof(fc.constant(undefined), notAnEmail, repeated(notAnEmail)),
};

async function checkForm(
  path: string,
  handler: Handler,
  rules: Record<string, FieldRule>,
  roles: fc.Arbitrary<Role>,
  runs = RUNS,
) {
  await fc.assert(
    fc.asyncProperty(brokenForm(rules), roles, async (form, who) => {
      await expectRefused(handler, post(path, form, who), who);
    }),
    { numRuns: runs },
  );
}

describe("hostile forms are refused and write nothing", () => {
  it("login (401/400/429 for anything; no session)", async () => {
    const rules = {
      email: { valid: fc.emailAddress(), invalid: email.invalid },
      password: { valid: hostileText, invalid: fc.oneof(fc.constant(undefined), tooLong(200), repeated(hostileText)) },
      redirectTo: { valid: hostileText, invalid: repeated(hostileText) },
    };
    // With a well-formed email and password the login still fails: no such account.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(brokenForm(rules), fc.record({ email: fc.emailAddress(), password: hostileText })),
        role("anonymous", "customer"),
        async (form, who) => {
          await expectRefused(login.action, post("/login", form, who), who);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("register", async () => {
    await checkForm(
      "/register",
      register.action,
      {
        displayName: text(1, 80),
        email,
        password: {
          valid: fc.string({ minLength: 8, maxLength: 40 }),
          invalid: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 7 }), tooLong(72), repeated(hostileText)),
        },
        // never equal to any password: the confirmation is what breaks
        confirmPassword: {
          valid: fc.constant("\u0001mismatch"),
          invalid: fc.oneof(fc.constant(undefined), repeated(hostileText)),
        },
      },
      role("anonymous"),
    );
  });

  it("contact", async () => {
    await checkForm(
      "/contact",
      contact.action,
      {
        name: text(1, 100),
        email,
        subject: { valid: hostileText.filter((value) => value.trim().length <= 150), invalid: tooLong(150) },
        message: text(1, 5000),
      },
      role("anonymous", "customer"),
    );
  });

  it("newsletter", async () => {
    await checkForm("/newsletter", newsletter.action, { email }, role("anonymous", "customer"));
  });

  it("checkout (addCart)", async () => {
    const billing: Record<string, FieldRule> = {
      firstName: personNameRule,
      lastName: personNameRule,
      streetAddress: text(1, 100),
      City: { valid: fc.constantFrom("", "Apt 4"), invalid: tooLong(100) },
      townName: text(1, 50),
      district: {
        valid: fc.constantFrom("Dhaka", "Pabna"),
        invalid: fc.oneof(
          fc.constant(undefined),
          hostileText.filter((v) => !["Dhaka", "Pabna"].includes(v)),
          fc.constant("dhaka"),
        ),
      },
      Postcode: { valid: fc.constantFrom("1205", "4000"), invalid: hostileText.filter((v) => !/^\s*\d{4,10}\s*$/.test(v)) },
      mobileNumber: {
        valid: fc.constantFrom("01712345678", "+8801812345678"),
        invalid: fc.oneof(fc.constant(undefined), hostileText, fc.constantFrom("01212345678", "0171234567", "017123456789")),
      },
      email,
      service: { valid: fc.constant(fixture.serviceId), invalid: fc.oneof(fc.constant(undefined), badId) },
      quantity: {
        valid: fc.constantFrom("1", "20"),
        invalid: fc.oneof(
          fc.constant(undefined),
          fc.constantFrom("0", "21", "-1", "1.5", "abc", "1e3", "NaN", "Infinity", "9".repeat(400)),
        ),
      },
      type: {
        valid: fc.constantFrom("city", "group"),
        invalid: fc.oneof(fc.constant(undefined), hostileText, fc.constant("CITY")),
      },
      formKey: {
        valid: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
        invalid: fc.oneof(
          fc.constant(undefined),
          hostileText.filter((v) => !/^[A-Za-z0-9_-]{16,64}$/.test(v)),
        ),
      },
    };
    await checkForm("/addCart/100", checkout.action, billing, role("anonymous", "customer", "admin"), RUNS * 2);
  });

  it("dashboard: Add Review", async () => {
    await checkForm(
      "/dashboard/addReview",
      addReview.action,
      {
        review: text(1, 2000),
        rating: {
          valid: fc.constantFrom("0", "5", ""),
          invalid: fc.oneof(fc.constantFrom("6", "-1", "2.5", "abc", "1e309", "Infinity", "0x9"), repeated(fc.constant("9"))),
        },
      },
      role("anonymous", "customer", "admin"),
    );
  });

  it("dashboard: Add A Product", async () => {
    await checkForm(
      "/dashboard/addProduct",
      addProduct.action,
      {
        title: text(1, 120),
        cost: {
          valid: fc.constantFrom("1", "2500"),
          invalid: fc.oneof(
            fc.constant(undefined),
            fc.constantFrom("0", "-5", "1.5", "abc", "1000001", "1e309", "NaN", "Infinity", ""),
          ),
        },
        image: {
          valid: fc.constantFrom("/images/tours/x.svg", "https://example.com/a.jpg"),
          invalid: fc.oneof(
            fc.constant(undefined),
            fc.constantFrom("javascript:alert(1)", "//evil.example/x.png", "data:text/html,<script>", "a b", "ftp://x", ""),
            tooLong(2000).map((v) => `/${v}`),
          ),
        },
        description: text(1, 5000),
      },
      role("anonymous", "customer", "admin"),
    );
  });

  it("dashboard: Make Admin (bad or unknown emails)", async () => {
    const unknown = fc.stringMatching(/^[a-z0-9]{1,20}$/).map((name) => `${name}@nobody.example`);
    await checkForm(
      "/dashboard/makeAdmin",
      makeAdmin.action,
      { email: { valid: unknown, invalid: email.invalid } },
      role("anonymous", "customer", "admin"),
    );
    // a well-formed email of nobody: 404, nobody promoted
    await fc.assert(
      fc.asyncProperty(unknown, async (value) => {
        const answer = await expectRefused(makeAdmin.action, post("/dashboard/makeAdmin", { email: value }, "admin"), "admin");
        expect(answer.status).toBe(404);
      }),
      { numRuns: 20 },
    );
  });

  const deleteRules = (): Record<string, FieldRule> => ({
    intent: {
      valid: fc.constant("delete"),
      invalid: fc.oneof(
        fc.constant(undefined),
        hostileText.filter((v) => v !== "delete"),
        fc.constant("DELETE"),
      ),
    },
    id: { valid: badId, invalid: fc.oneof(fc.constant(undefined), fc.constant(""), repeated(badId)) },
  });

  it("dashboard deletes: My Orders, Manage All Orders, Manage Products (bad ids and intents)", async () => {
    // Every id is wrong here, so `valid` ids are bad ids too: the delete must find nothing.
    await checkForm("/dashboard/myOrder", myOrder.action, deleteRules(), role("anonymous", "customer", "admin"), 50);
    await checkForm(
      "/dashboard/manageAllOrders",
      manageAllOrders.action,
      deleteRules(),
      role("anonymous", "customer", "admin"),
      50,
    );
    await checkForm(
      "/dashboard/manageProducts",
      manageProducts.action,
      deleteRules(),
      role("anonymous", "customer", "admin"),
      50,
    );
    // someone else's real order and a real package, posted by the wrong roles
    for (const who of ["anonymous", "customer"] as Role[]) {
      await expectRefused(
        manageAllOrders.action,
        post("/dashboard/manageAllOrders", { intent: "delete", id: fixture.orderId }, who),
        who,
      );
      await expectRefused(
        manageProducts.action,
        post("/dashboard/manageProducts", { intent: "delete", id: fixture.serviceId }, who),
        who,
      );
    }
  });

  it("dashboard back office: Users and Reviews (bad ids and intents)", async () => {
    const intents = (...known: string[]) => ({
      valid: fc.constantFrom(...known),
      invalid: fc.oneof(
        fc.constant(undefined),
        hostileText.filter((value) => !known.includes(value)),
        repeated(fc.constantFrom(...known)),
      ),
    });
    const id = { valid: badId, invalid: fc.oneof(fc.constant(undefined), fc.constant(""), repeated(badId)) };
    await checkForm(
      "/dashboard/users",
      users.action,
      { intent: intents("make-admin", "revoke-admin", "disable", "enable"), id },
      role("anonymous", "customer", "admin"),
      50,
    );
    await checkForm(
      "/dashboard/reviews",
      reviewsModeration.action,
      { intent: intents("hide", "show", "delete", "ask-delete"), id },
      role("anonymous", "customer", "admin"),
      50,
    );
  });

  it("logout and Google sign-in with junk bodies", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 10 }), hostileText, { maxKeys: 4 }), async (form) => {
        // Google is not configured here: /auth/google only sends the visitor back to /login.
        const google = await callRouteOr500(googleStart.action, post("/auth/google", form, "anonymous"));
        tally.inputs += 1;
        expect(google.status).toBe(302);
        expect(google.location).toBe("/login");
        const out = await callRouteOr500(logout.action, post("/logout", form, "anonymous"));
        tally.inputs += 1;
        expect(out.status).toBe(302);
      }),
      { numRuns: 20 },
    );
  });
});

describe("well-formed forms with hostile text", () => {
  it("are stored or refused with a 4xx that writes nothing, never a 5xx (U+0000 included, which PostgreSQL cannot store)", async () => {
    const cases: { path: string; handler: Handler; who: Role; form: (text: string) => Record<string, string> }[] = [
      {
        path: "/dashboard/addReview",
        handler: addReview.action,
        who: "customer",
        form: (text) => ({ review: text, rating: "4" }),
      },
      {
        path: "/contact",
        handler: contact.action,
        who: "anonymous",
        form: (text) => ({ name: text, email: "visitor@example.com", subject: text, message: text }),
      },
      {
        path: "/dashboard/addProduct",
        handler: addProduct.action,
        who: "admin",
        form: (text) => ({ title: text, cost: "10", image: "/images/tours/x.svg", description: text }),
      },
      {
        path: "/register",
        handler: register.action,
        who: "anonymous",
        form: (text) => ({
          displayName: text,
          email: `${Math.random().toString(36).slice(2)}@example.com`,
          password: "long enough",
          confirmPassword: "long enough",
        }),
      },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), hostileText, async (target, text) => {
        const before = await fingerprint();
        const answer = await callRouteOr500(target.handler, post(target.path, target.form(text), target.who));
        tally.inputs += 1;
        if (answer.status >= 500) tally.fiveHundreds += 1;
        expect(answer.status, JSON.stringify(answer.data)?.slice(0, 300)).toBeLessThan(500);
        if (answer.status >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 120 },
    );
  });
});

describe("hostile ids and query strings in loaders", () => {
  it("the order page answers 404 for any bad id and ignores junk choices", async () => {
    await fc.assert(
      fc.asyncProperty(
        badId,
        fc.dictionary(fc.constantFrom("quantity", "type", "x"), hostileText, { maxKeys: 3 }),
        async (id, query) => {
          const bad = await callRouteOr500(orderPage.loader, getRequest(`/order/${pathSegment(id)}`), { id: wellFormed(id) });
          tally.inputs += 1;
          expect(bad.status).toBe(404);
          const search = new URLSearchParams(query);
          const good = await callRouteOr500(orderPage.loader, getRequest(`/order/${fixture.serviceId}?${search}`), {
            id: fixture.serviceId,
          });
          tally.inputs += 1;
          expect(good.status).toBe(200);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("the checkout page answers 400 for a bad package, quantity or type", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          service: fc.oneof(badId, fc.constant(fixture.serviceId)),
          quantity: fc.oneof(hostileText, fc.constantFrom("0", "21")),
          type: hostileText,
        }),
        hostileText,
        async (query, total) => {
          const request = getRequest(`/addCart/${pathSegment(total)}?${new URLSearchParams(query)}`, {
            headers: { Cookie: cookies.customer! },
          });
          const answer = await callRouteOr500(checkout.loader, request, { total: wellFormed(total) });
          tally.inputs += 1;
          expect(answer.status).toBe(400);
        },
      ),
      { numRuns: 40 },
    );
  });
});
