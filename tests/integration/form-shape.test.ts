// One small form post must not freeze the server: `x[500000000]=1` made conform build an array of
// that length (10 s of a blocked event loop, then a 500) on every action that parses a form. Each
// action now answers 400 at once, naming the field, before any nested value is built (parseForm
// in app/platform/forms.ts); tests/reliability/input.test.ts checks the same on a real server.
import { beforeAll, describe, expect, it } from "vitest";
import { createPackage } from "~/catalogue/package-store.server";
import * as checkout from "~/routes/addCart.$total";
import * as contact from "~/routes/contact";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as orderPage from "~/routes/dashboard.orders.$id";
import * as profile from "~/routes/dashboard.profile";
import * as refundPolicy from "~/routes/dashboard.refund-policy.$packageId";
import * as forgot from "~/routes/forgot-password";
import * as login from "~/routes/login";
import * as register from "~/routes/register";
import * as reset from "~/routes/reset-password.($token)";
import { createUser, signIn } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { callRoute, ORIGIN, type RouteArgs } from "../support/requests";

const HOSTILE = "x[500000000]";
const MESSAGE = `The field "${HOSTILE}" is not a field of this form: list positions go up to 100.`;
const cookies = { customer: "", admin: "" };
const ids = { order: "", package: "" };

beforeAll(async () => {
  const customer = await createUser();
  const admin = await createUser({ role: "ADMIN" });
  cookies.customer = await signIn(customer.id);
  cookies.admin = await signIn(admin.id);
  ids.order = (await placeTestOrder(customer.id)).id;
  ids.package = (
    await createPackage({ title: "Shape Trip", cost: 100, image: "/images/tours/srimangal.svg", description: "x" })
  ).id;
});

type Action = (args: RouteArgs) => unknown;

/** Each listed action, with who posts it and the fields that get it as far as parsing the form. */
const ACTIONS: {
  name: string;
  action: Action;
  path: () => string;
  params?: () => Record<string, string>;
  as?: keyof typeof cookies;
  fields?: Record<string, string>;
}[] = [
  { name: "contact", action: contact.action, path: () => "/contact" },
  { name: "login", action: login.action, path: () => "/login" },
  { name: "register", action: register.action, path: () => "/register" },
  { name: "forgot password", action: forgot.action, path: () => "/forgot-password" },
  { name: "reset password", action: reset.action, path: () => "/reset-password/abc", params: () => ({ token: "abc" }) },
  { name: "checkout", action: checkout.action, path: () => "/addCart/1", params: () => ({ total: "1" }), as: "customer" },
  { name: "profile", action: profile.action, path: () => "/dashboard/profile", as: "customer", fields: { intent: "profile" } },
  {
    name: "cancel",
    action: orderPage.action,
    path: () => `/dashboard/orders/${ids.order}`,
    params: () => ({ id: ids.order }),
    as: "customer",
  },
  {
    name: "refund policy",
    action: refundPolicy.action,
    path: () => `/dashboard/refund-policy/${ids.package}`,
    params: () => ({ packageId: ids.package }),
    as: "admin",
  },
  { name: "add product", action: addProduct.action, path: () => "/dashboard/addProduct", as: "admin" },
];

function post(path: string, body: URLSearchParams | FormData, cookie?: string) {
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, headers });
}

describe("a form whose field names hold a huge list position", () => {
  it.each(ACTIONS)("is refused by $name with 400 at once, naming the field", async ({ action, path, params, as, fields }) => {
    const body = new URLSearchParams({ ...fields, [HOSTILE]: "1" });
    const started = performance.now();
    const answer = await callRoute(action, post(path(), body, as && cookies[as]), params?.());
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(answer.data).toBe(MESSAGE);
  });

  it("is refused the same as a multipart form with a photo field", async () => {
    const body = new FormData();
    body.append("title", "Shape");
    body.append(HOSTILE, "1");
    body.append("imageFile", new File([], ""), "");
    const started = performance.now();
    const answer = await callRoute(addProduct.action, post("/dashboard/addProduct", body, cookies.admin));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(answer.data).toBe(MESSAGE);
  });

  it("and a sparse list or a broken conform control are 4xx, never a 500", async () => {
    for (const extra of [
      "x[1]=1",
      "__intent__=garbage",
      "__state__=garbage",
      `__intent__=${JSON.stringify({ type: "update", payload: { name: "a..b" } })}`,
    ]) {
      const answer = await callRoute(contact.action, post("/contact", new URLSearchParams(`name=A&${extra}`)));
      expect(answer.status, extra).toBeGreaterThanOrEqual(400);
      expect(answer.status, extra).toBeLessThan(500);
    }
  });
});
