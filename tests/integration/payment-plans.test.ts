// A package's payment plan (a deposit, then the balance before the departure) over the API (POST
// and PUT /api/services, the package JSON) and through the product forms without JavaScript, and
// what an order placed on it keeps (its deposit and balance due date, in the order JSON). Every
// answer is checked against the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import { orderJson } from "~/booking";
import { findBookingRecord } from "~/booking/index.server";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { db } from "~/platform/db.server";
import * as services from "~/routes/api.services";
import * as serviceById from "~/routes/api.services.$id";
import * as addProduct from "~/routes/dashboard.addProduct";
import { createUser, signIn } from "../support/auth";
import { createDeparture, inDays } from "../support/bookings";
import { expectDocumented, requestBodyErrors } from "../support/openapi";
import { checkoutFor } from "../support/orders";
import { callRoute, ORIGIN } from "../support/requests";

type Module = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };

const cookies = { admin: "" };

beforeAll(async () => {
  cookies.admin = await signIn((await createUser({ role: "ADMIN" })).id);
});

async function send(method: string, path: string, body?: unknown) {
  const headers = new Headers({ Cookie: cookies.admin, Origin: ORIGIN });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(new URL(path, ORIGIN), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const byId = path.match(/^\/api\/services\/([^/?]+)$/);
  const [template, module, params]: [string, Module, Record<string, string>] = byId
    ? ["/api/services/{id}", serviceById, { id: byId[1] }]
    : ["/api/services", services, {}];
  const handler = method === "GET" ? module.loader : module.action;
  const response = await (handler as (args: object) => Promise<Response>)({ request, params, context: {} });
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  expectDocumented(template, method, answer);
  if (body !== undefined && answer.status < 300) expect(requestBodyErrors(template, method, body)).toBeNull();
  return answer;
}

const PACKAGE = { title: "Deposit Trip", cost: 400, image: "/images/tours/saint-martin.svg", description: "Pay a part now." };

describe("a package's payment plan over the API", () => {
  it("is full payment by default, set by POST, kept by a PUT that leaves it out, changed by one that sends it", async () => {
    const plain = (await send("POST", "/api/services", PACKAGE)).body.insertedId;
    expect((await send("GET", `/api/services/${plain}`)).body.paymentPlan).toEqual({ deposit: null, balanceDueDays: 30 });

    const created = await send("POST", "/api/services", {
      ...PACKAGE,
      paymentPlan: { deposit: { percent: 25 }, balanceDueDays: 14 },
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId;
    expect((await send("GET", `/api/services/${id}`)).body.paymentPlan).toEqual({ deposit: { percent: 25 }, balanceDueDays: 14 });
    expect((await send("PUT", `/api/services/${id}`, PACKAGE)).status).toBe(200);
    expect((await send("GET", `/api/services/${id}`)).body.paymentPlan).toEqual({ deposit: { percent: 25 }, balanceDueDays: 14 });
    await send("PUT", `/api/services/${id}`, { ...PACKAGE, paymentPlan: { deposit: { perTraveller: 50 }, balanceDueDays: 7 } });
    expect((await send("GET", `/api/services/${id}`)).body.paymentPlan).toEqual({
      deposit: { perTraveller: 50 },
      balanceDueDays: 7,
    });
    const listed = await send("GET", `/api/services?q=${encodeURIComponent(PACKAGE.title)}`);
    expect(listed.body.find((item: { _id: string }) => item._id === id).paymentPlan).toEqual({
      deposit: { perTraveller: 50 },
      balanceDueDays: 7,
    });
  });

  it("is 400 naming the field and why, and changes nothing", async () => {
    const id = (
      await send("POST", "/api/services", { ...PACKAGE, paymentPlan: { deposit: { percent: 20 }, balanceDueDays: 10 } })
    ).body.insertedId;
    for (const [paymentPlan, message] of [
      [{ deposit: { percent: 100 }, balanceDueDays: 10 }, "paymentPlan.deposit.percent must be a whole number from 1 to 99."],
      [
        { deposit: { percent: 10, perTraveller: 5 }, balanceDueDays: 10 },
        "paymentPlan.deposit needs exactly one of percent or perTraveller",
      ],
      [{ deposit: { perTraveller: 0.5 }, balanceDueDays: 10 }, "paymentPlan.deposit.perTraveller must be whole dollars"],
      [{ deposit: null, balanceDueDays: -1 }, "paymentPlan.balanceDueDays must be a whole number of days from 0 to 365."],
      [{ deposit: null }, "paymentPlan.balanceDueDays must be a whole number of days from 0 to 365."],
    ] as const) {
      const refused = await send("PUT", `/api/services/${id}`, { ...PACKAGE, title: "Changed", paymentPlan });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain(message);
    }
    const prisma = await db();
    expect(await prisma.service.findUniqueOrThrow({ where: { id } })).toMatchObject({
      title: PACKAGE.title,
      depositPercent: 20,
      balanceDueDays: 10,
    });
  });
});

function formPost(fields: Record<string, string>) {
  return new Request(new URL("/dashboard/addProduct", ORIGIN), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookies.admin, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

describe("the product form's payment plan without JavaScript", () => {
  const form = { cost: "300", image: "/images/tours/bandarban.svg", description: "Hills." };

  it("saves a deposit per traveller and the balance's days", async () => {
    const title = "Form Deposit Trip";
    const answer = await callRoute(
      addProduct.action,
      formPost({ ...form, title, depositKind: "perTraveller", depositValue: "40", balanceDueDays: "21" }),
    );
    expect(answer.status).toBe(200);
    const prisma = await db();
    expect(await prisma.service.findFirstOrThrow({ where: { title } })).toMatchObject({
      depositPercent: null,
      depositPerTravellerCents: 4000,
      balanceDueDays: 21,
    });
  });

  it("names the field of a wrong figure, and saves nothing", async () => {
    const title = "Form Deposit Refused";
    const answer = await callRoute(
      addProduct.action,
      formPost({ ...form, title, depositKind: "percent", depositValue: "150", balanceDueDays: "400" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      depositValue: ["Enter the deposit as a whole percent from 1 to 99."],
      balanceDueDays: ["Enter a whole number of days from 0 to 365."],
    });
    const prisma = await db();
    expect(await prisma.service.findFirst({ where: { title } })).toBeNull();
  });
});

describe("an order placed on a plan", () => {
  it("keeps the deposit and the balance's due date, and its JSON says paid, balance and balanceDue", async () => {
    const prisma = await db();
    const id = (
      await send("POST", "/api/services", { ...PACKAGE, paymentPlan: { deposit: { percent: 30 }, balanceDueDays: 20 } })
    ).body.insertedId;
    const departure = await createDeparture(id, inDays(60));
    const user = await createUser();
    const placed = await placeBooking(user.id, checkoutFor(id, { departure: departure.id, quantity: "3" }));
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(order).toMatchObject({ priceCents: 120_000, depositCents: 36_000, paidCents: 0 });
    expect(order.balanceDueDate?.toISOString().slice(0, 10)).toBe(inDays(40));
    const json = orderJson((await findBookingRecord(placed.id, user.id))!);
    expect(json).toMatchObject({ payments: [], paid: 0, balance: 1200, balanceDue: inDays(40), payment: null });

    // Too close to the departure for a deposit: the whole price at once.
    const soon = await createDeparture(id, inDays(10));
    const late = await placeBooking(user.id, checkoutFor(id, { departure: soon.id, quantity: "1" }));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: late.id } })).toMatchObject({
      depositCents: null,
      balanceDueDate: null,
    });
  });
});
