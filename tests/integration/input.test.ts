// U+0000 in each field of each form and each /api body, one field at a time in an otherwise valid
// submission: a 400 whose message names the field, and nothing stored changes. Then the same
// submission without it is accepted, so the U+0000 alone was refused. Also: deeply nested JSON,
// and package image paths that would leave the site.
process.env.GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "fake-client-secret";

import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loginSchema, makeAdminSchema, registerSchema } from "~/accounts/auth-forms";
import { contactSchema } from "~/backoffice/contact";
import { checkoutSchema } from "~/booking/placing/checkout";
import { packageSchema } from "~/catalogue/packages";
import { reviewSchema } from "~/catalogue/reviews";
import { db } from "~/platform/db.server";
import { nulMessage } from "~/platform/text";
import * as checkout from "~/routes/addCart.$total";
import * as authToken from "~/routes/api.auth.token";
import * as paymentIntent from "~/routes/api.create-payment-intent";
import * as myOrdersApi from "~/routes/api.my-orders";
import * as orderById from "~/routes/api.my-orders.$id";
import * as reviewApi from "~/routes/api.review";
import * as servicesApi from "~/routes/api.services";
import * as usersApi from "~/routes/api.users";
import * as makeAdminApi from "~/routes/api.users.admin";
import * as google from "~/routes/auth.google";
import * as contact from "~/routes/contact";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as addReview from "~/routes/dashboard.addReview";
import * as editProduct from "~/routes/dashboard.editProduct.$id";
import * as makeAdmin from "~/routes/dashboard.makeAdmin";
import * as manageAllOrders from "~/routes/dashboard.manageAllOrders";
import * as manageProducts from "~/routes/dashboard.manageProducts";
import * as myOrder from "~/routes/dashboard.myOrder";
import * as payment from "~/routes/dashboard.payment.$orderId";
import * as login from "~/routes/login";
import * as newsletter from "~/routes/newsletter";
import * as register from "~/routes/register";
import { createUser, signIn, uniqueEmail } from "../support/auth";
import { callRouteOr500 as callRoute, fingerprint } from "../support/hostile";
import { insertBooking, openDepartureOf } from "../support/orders";
import { formRequest, ORIGIN, type RouteAnswer } from "../support/requests";

type Handler = Parameters<typeof callRoute>[0];
type Role = "anonymous" | "customer" | "admin";

const cookies: Record<Role, string | null> = { anonymous: null, customer: null, admin: null };
const fixture = {
  serviceId: "",
  editedId: "",
  departureId: "",
  // the package's first price category ("adult" when it has none of its own)
  categoryId: "",
  orderId: "",
  customerEmail: "",
  loginEmail: "",
  loginPassword: "login password 1",
};

beforeAll(async () => {
  const prisma = await db();
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  fixture.customerEmail = customer.email;
  fixture.loginEmail = (await createUser({ password: fixture.loginPassword })).email;
  cookies.customer = await signIn(customer.id);
  cookies.admin = await signIn(admin.id);
  const service = await prisma.service.findFirstOrThrow({ where: { deletedAt: null } });
  fixture.serviceId = service.id;
  const firstCategory = await prisma.priceCategory.findFirst({ where: { serviceId: service.id, position: 0 } });
  fixture.categoryId = firstCategory?.id ?? "adult";
  const edited = await prisma.service.create({
    data: { title: "To edit", costCents: 100_00, image: "/images/tours/sajek-valley.svg", description: "To edit." },
  });
  fixture.editedId = edited.id;
  fixture.departureId = (await openDepartureOf(service.id)).id;
  const order = await insertBooking(customer, service);
  fixture.orderId = order.id;
});

/** Whether the answer carries the message (JSON data, or a text body). */
function mentions(answer: RouteAnswer, message: string): boolean {
  return typeof answer.data === "string"
    ? answer.data.includes(message)
    : JSON.stringify(answer.data).includes(JSON.stringify(message));
}

/** The field names of a form schema (behind any refine). */
function schemaFields(schema: z.ZodTypeAny): string[] {
  let inner = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return Object.keys((inner as z.AnyZodObject).shape);
}

interface FormCase {
  name: string;
  path: string;
  handler: Handler;
  role: Role;
  params?: Record<string, string>;
  /** a submission the form accepts (made fresh for each use: some values must be unique) */
  valid: () => Record<string, string>;
  /** the form's schema: each of its fields must be in `valid`, so a new field is tested too */
  schema?: z.ZodTypeAny;
  /** false for forms a person never types in (hidden ids): any 400 will do */
  namesField?: boolean;
  /** false where the accepted submission needs a third party that is not configured here */
  checkAccepted?: boolean;
}

/** Every trip fact of the package form; the day rows (itinerary[0].title, …) are tested in tests/integration/trip-pages.test.ts. */
const tripFacts = {
  destination: "Sajek Valley",
  durationDays: "3",
  itinerary: "",
  included: "Jeep\nCottage",
  excluded: "Bus tickets",
  meetingPoint: "Khagrachari",
  maxGroupSize: "12",
  gallery: "/images/gallery/g3.svg",
  // The category rows (priceCategories[0].name, …) are tested in tests/integration/price-categories.test.ts.
  priceCategories: "",
  idRequired: "on",
  // the payment plan (tests/integration/payment-plans.test.ts)
  depositKind: "percent",
  depositValue: "20",
  balanceDueDays: "30",
};

const formCases: FormCase[] = [
  {
    name: "login",
    path: "/login",
    handler: login.action as Handler,
    role: "anonymous",
    schema: loginSchema,
    valid: () => ({ email: fixture.loginEmail, password: fixture.loginPassword, redirectTo: "/dashboard" }),
  },
  {
    name: "register",
    path: "/register",
    handler: register.action as Handler,
    role: "anonymous",
    schema: registerSchema,
    valid: () => ({
      displayName: "Rina Das",
      email: uniqueEmail("nul"),
      password: "long enough",
      confirmPassword: "long enough",
      redirectTo: "/dashboard",
    }),
  },
  {
    name: "contact",
    path: "/contact",
    handler: contact.action as Handler,
    role: "anonymous",
    schema: contactSchema,
    valid: () => ({ name: "Rina", email: "rina@example.com", subject: "Hello", message: "A question about Sajek." }),
  },
  {
    name: "newsletter",
    path: "/newsletter",
    handler: newsletter.action as Handler,
    role: "anonymous",
    valid: () => ({ email: uniqueEmail("news") }),
  },
  {
    name: "checkout",
    path: "/addCart/100",
    handler: checkout.action as Handler,
    role: "customer",
    schema: checkoutSchema,
    valid: () => ({
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "Road 1",
      City: "Apt 4",
      townName: "Dhaka",
      district: "Dhaka",
      Postcode: "1205",
      mobileNumber: "01712345678",
      email: "rina@example.com",
      service: fixture.serviceId,
      departure: fixture.departureId,
      quantity: "1",
      type: "city",
      "travellers[0].category": fixture.categoryId,
      "travellers[0].name": "Rina Das",
      promoCode: "",
      formKey: randomBytes(16).toString("hex"),
    }),
  },
  {
    name: "add review",
    path: "/dashboard/addReview",
    handler: addReview.action as Handler,
    role: "customer",
    schema: reviewSchema,
    // The customer has ordered the package (fixture.orderId).
    valid: () => ({ review: "Lovely trip.", rating: "4", service: fixture.serviceId }),
  },
  {
    name: "add product",
    path: "/dashboard/addProduct",
    handler: addProduct.action as Handler,
    role: "admin",
    // the form asks the payment plan as depositKind, depositValue and balanceDueDays (in tripFacts)
    schema: packageSchema.omit({ paymentPlan: true }),
    valid: () => ({
      title: "Sajek Valley",
      cost: "150",
      image: "/images/tours/sajek.svg",
      description: "Clouds at sunrise.",
      ...tripFacts,
    }),
  },
  {
    name: "edit product",
    path: "/dashboard/editProduct/x",
    handler: editProduct.action as Handler,
    role: "admin",
    // the form asks the payment plan as depositKind, depositValue and balanceDueDays (in tripFacts)
    schema: packageSchema.omit({ paymentPlan: true }),
    // A getter: the package is made in beforeAll, after the cases are listed.
    get params() {
      return { id: fixture.editedId };
    },
    valid: () => ({ title: "Sajek Valley", cost: "150", image: "/images/tours/sajek.svg", description: "Edited.", ...tripFacts }),
  },
  {
    name: "make admin",
    path: "/dashboard/makeAdmin",
    handler: makeAdmin.action as Handler,
    role: "admin",
    schema: makeAdminSchema,
    valid: () => ({ email: fixture.customerEmail }),
  },
  {
    name: "payment confirmation",
    path: "/dashboard/payment/x",
    handler: payment.action as Handler,
    role: "customer",
    params: { orderId: "x" },
    valid: () => ({ paymentIntentId: "pi_123" }),
    checkAccepted: false,
  },
  {
    name: "Continue with Google",
    path: "/auth/google",
    handler: google.action as Handler,
    role: "anonymous",
    valid: () => ({ redirectTo: "/dashboard" }),
  },
  // Hidden fields only: answered with the delete forms' own "Unknown request" message.
  {
    name: "delete my order",
    path: "/dashboard/myOrder",
    handler: myOrder.action as Handler,
    role: "customer",
    valid: () => ({ intent: "delete", id: fixture.orderId }),
    namesField: false,
    checkAccepted: false,
  },
  {
    name: "delete any order",
    path: "/dashboard/manageAllOrders",
    handler: manageAllOrders.action as Handler,
    role: "admin",
    valid: () => ({ intent: "delete", id: fixture.orderId }),
    namesField: false,
    checkAccepted: false,
  },
  {
    name: "delete package",
    path: "/dashboard/manageProducts",
    handler: manageProducts.action as Handler,
    role: "admin",
    valid: () => ({ intent: "delete", id: fixture.serviceId }),
    namesField: false,
    checkAccepted: false,
  },
];

function post(path: string, fields: Record<string, string>, role: Role) {
  const cookie = cookies[role];
  return formRequest(path, fields, cookie ? { headers: { Cookie: cookie } } : {});
}

describe("U+0000 in any form field", () => {
  it.each(formCases)("$name: each field is refused with a 400 naming it; nothing changes", async (form) => {
    const fields = Object.keys(form.valid());
    // A list's fields count for the list: travellers[0].name is the schema's travellers.
    const roots = fields.map((field) => field.split(/[.[]/)[0]);
    if (form.schema) expect(roots).toEqual(expect.arrayContaining(schemaFields(form.schema)));
    for (const field of fields) {
      for (const where of ["end", "alone"] as const) {
        const submission = form.valid();
        submission[field] = where === "end" ? `${submission[field]}\u0000` : "\u0000";
        const before = await fingerprint();
        const answer = await callRoute(form.handler, post(form.path, submission, form.role), form.params);
        const shown = `${form.name}, ${field} (${where}): ${JSON.stringify(answer.data)?.slice(0, 300)}`;
        expect(answer.status, shown).toBe(400);
        if (form.namesField !== false) expect(mentions(answer, nulMessage(field)), shown).toBe(true);
        expect(await fingerprint(), shown).toBe(before);
      }
    }
    if (form.checkAccepted !== false) {
      const accepted = await callRoute(form.handler, post(form.path, form.valid(), form.role), form.params);
      expect(accepted.status, `${form.name} accepted: ${JSON.stringify(accepted.data)?.slice(0, 300)}`).toBeLessThan(400);
    }
  });
});

interface ApiCase {
  name: string;
  module: { action?: unknown };
  method: string;
  path: string;
  params?: Record<string, string>;
  role: Role;
  valid: () => Record<string, unknown>;
  checkAccepted?: boolean;
}

const apiCases: ApiCase[] = [
  {
    name: "POST /api/auth/token",
    module: authToken,
    method: "POST",
    path: "/api/auth/token",
    role: "anonymous",
    valid: () => ({ email: fixture.loginEmail, password: fixture.loginPassword }),
  },
  {
    name: "POST /api/services",
    module: servicesApi,
    method: "POST",
    path: "/api/services",
    role: "admin",
    valid: () => ({ title: "Sajek Valley", cost: 150, image: "/images/tours/sajek.svg", description: "Clouds at sunrise." }),
  },
  {
    name: "POST /api/my-orders",
    module: myOrdersApi,
    method: "POST",
    path: "/api/my-orders",
    role: "customer",
    valid: () => ({
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "Road 1",
      City: "Apt 4",
      townName: "Dhaka",
      district: "Dhaka",
      Postcode: "1205",
      mobileNumber: "01712345678",
      email: "rina@example.com",
      service: fixture.serviceId,
      departure: fixture.departureId,
      quantity: 1,
      type: "city",
    }),
  },
  {
    name: "PUT /api/my-orders/{id}",
    module: orderById,
    method: "PUT",
    path: "/api/my-orders/ID",
    role: "customer",
    valid: () => ({ transaction: "pi_123" }),
    checkAccepted: false,
  },
  {
    name: "POST /api/create-payment-intent",
    module: paymentIntent,
    method: "POST",
    path: "/api/create-payment-intent",
    role: "customer",
    valid: () => ({ orderId: fixture.orderId }),
    checkAccepted: false,
  },
  {
    name: "POST /api/review",
    module: reviewApi,
    method: "POST",
    path: "/api/review",
    role: "customer",
    valid: () => ({ review: "Lovely trip.", rating: 4 }),
  },
  {
    name: "POST /api/users",
    module: usersApi,
    method: "POST",
    path: "/api/users",
    role: "customer",
    valid: () => ({ email: fixture.customerEmail, displayName: "Rina Das" }),
  },
  {
    name: "PUT /api/users/admin",
    module: makeAdminApi,
    method: "PUT",
    path: "/api/users/admin",
    role: "admin",
    valid: () => ({ email: fixture.customerEmail }),
  },
];

async function sendJson(
  call: { module: { action?: unknown }; method: string; path: string; params?: Record<string, string>; role: Role },
  body: string,
) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/json" });
  const cookie = cookies[call.role];
  if (cookie) headers.set("Cookie", cookie);
  const path = call.path.replace("ID", fixture.orderId);
  const params = call.path.includes("ID") ? { id: fixture.orderId } : (call.params ?? {});
  return callRoute(
    call.module.action as Handler,
    new Request(new URL(path, ORIGIN), { method: call.method, headers, body }),
    params,
  );
}

describe("U+0000 in any /api body", () => {
  it.each(apiCases)("$name: each field is refused with a 400 naming it; nothing changes", async (call) => {
    for (const field of Object.keys(call.valid())) {
      const body = call.valid();
      body[field] = `${String(body[field])}\u0000`;
      const before = await fingerprint();
      const answer = await sendJson(call, JSON.stringify(body));
      const shown = `${call.name}, ${field}: ${JSON.stringify(answer.data)?.slice(0, 300)}`;
      expect(answer.status, shown).toBe(400);
      expect(answer.data, shown).toMatchObject({ error: nulMessage(field), details: { [field]: [nulMessage(field)] } });
      expect(await fingerprint(), shown).toBe(before);
    }
    // Nested anywhere, in a field the call does not even read.
    const nested = await sendJson(call, JSON.stringify({ ...call.valid(), extra: { list: [["ok", "x\u0000"]] } }));
    expect(nested).toMatchObject({ status: 400, data: { error: nulMessage("extra.list.0.1") } });
    if (call.checkAccepted !== false) {
      const accepted = await sendJson(call, JSON.stringify(call.valid()));
      expect(accepted.status, `${call.name} accepted: ${JSON.stringify(accepted.data)?.slice(0, 300)}`).toBeLessThan(400);
    }
  });
});

describe("deeply nested JSON", () => {
  it.each(apiCases)("$name: 30,000 nested arrays (under 64 KB) are a 400, not a stack overflow", async (call) => {
    const depth = 30_000;
    for (const body of [
      `{"title":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      `{"a":${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}}`,
      `{"a":${'{"a":'.repeat(6000)}1${"}".repeat(6000)}}`,
    ]) {
      expect(body.length).toBeLessThan(64 * 1024);
      const before = await fingerprint();
      const answer = await sendJson(call, body);
      expect(answer.status, JSON.stringify(answer.data)?.slice(0, 300)).toBe(400);
      expect(answer.data).toMatchObject({ error: "The request body is nested more than 16 levels deep." });
      expect(await fingerprint()).toBe(before);
    }
  });
});

describe("package images stay on the site or name an http(s) URL", () => {
  const leaving = [
    "/\\evil.example/x.png",
    "//evil.example/x.png",
    "/\t/evil.example/x.png",
    "/\\/evil.example/x.png",
    "/images\\..\\..\\evil",
    "https:\\\\evil.example/x.png",
    "javascript:alert(1)",
  ];

  it.each(leaving)("Add A Product and POST /api/services refuse %j", async (image) => {
    const before = await fingerprint();
    const form = await callRoute(
      addProduct.action as Handler,
      post("/dashboard/addProduct", { title: "Evil", cost: "10", image, description: "x" }, "admin"),
    );
    expect(form.status).toBe(400);
    expect(mentions(form, "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg.")).toBe(true);
    const api = await sendJson(
      { module: servicesApi, method: "POST", path: "/api/services", role: "admin" },
      JSON.stringify({ title: "Evil", cost: 10, image, description: "x" }),
    );
    expect(api).toMatchObject({
      status: 400,
      data: { details: { image: ["The image must be an http(s) URL or a path on this site, like /images/tours/x.svg."] } },
    });
    expect(await fingerprint()).toBe(before);
  });
});
