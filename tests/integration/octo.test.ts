// The OCTO supplier API under /octo with real Requests and a real database: the reseller's key
// (missing 401, unknown, revoked or its reseller inactive 403, refused on the site's own API), every
// read endpoint and its errors as the specification writes them, availability counted on the very
// seats the website sells, and the reseller's net price under `octo/pricing`.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReseller, createResellerKey, revokeResellerKey, setResellerActive } from "~/distribution/index.server";
import { octoOpenApiDocument } from "~/http/octo-openapi";
import { db } from "~/platform/db.server";
import * as myOrders from "~/routes/api.my-orders";
import * as octoUnknown from "~/routes/octo.$";
import * as availability from "~/routes/octo.availability";
import * as calendar from "~/routes/octo.availability.calendar";
import * as capabilities from "~/routes/octo.capabilities";
import * as openApi from "~/routes/octo.openapi[.]json";
import * as products from "~/routes/octo.products";
import * as product from "~/routes/octo.products.$id";
import * as supplier from "~/routes/octo.supplier";
import * as orderPage from "~/routes/order.$id";
import { createUser } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { callRoute, getRequest, ORIGIN } from "../support/requests";

type Handler = (args: never) => Promise<Response>;

// Every answer below is checked against /octo/openapi.json: its status documented for the path and
// method, its body valid by the schema (additionalProperties: false, so no field goes undocumented).
const ajv = new Ajv2020({ strict: false, allErrors: true });
for (const keyword of ["openapi", "info", "servers", "security", "paths", "components"]) ajv.addKeyword(keyword);
ajv.addSchema({ ...octoOpenApiDocument, $id: "octo.json" });
const checked = new Set<string>();
type Json = Record<string, unknown>;

function expectDocumented(path: string, method: string, status: number, body: unknown) {
  const paths = octoOpenApiDocument.paths as unknown as Record<string, Record<string, Json>>;
  const template = Object.keys(paths).find((candidate) =>
    new RegExp(`^/octo${candidate.replace(/\{\w+\}/g, "[^/]+")}$`).test(new URL(path, ORIGIN).pathname),
  );
  if (!template) return;
  const operation = paths[template][method.toLowerCase()];
  if (!operation) {
    if (status !== 405) throw new Error(`${method} ${template} is not documented, yet answered ${status}`);
    return;
  }
  const responses = operation?.responses as Record<string, Json> | undefined;
  if (!responses?.[String(status)]) throw new Error(`${method} ${template} -> ${status} is not documented`);
  const pointer = `#/paths/${template.replaceAll("~", "~0").replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.compile({ $ref: `octo.json${pointer}` });
  if (!validate(body)) throw new Error(`${method} ${template} -> ${status}: ${ajv.errorsText(validate.errors)}`);
  checked.add(`${method} ${template}`);
}

async function octo(
  handler: Handler,
  path: string,
  { key, body, caps, params = {} }: { key?: string | null; body?: unknown; caps?: string; params?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (key) headers.set("Authorization", `Bearer ${key}`);
  if (caps) headers.set("Octo-Capabilities", caps);
  let init: RequestInit = { method: "GET", headers };
  if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    init = { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) };
  }
  const response = await (handler as (args: unknown) => Promise<Response>)({
    request: new Request(new URL(path, ORIGIN), init),
    params,
    context: {},
  });
  const data = await response.json();
  expectDocumented(path, init.method!, response.status, data);
  return { status: response.status, headers: response.headers, data };
}

let key: string;
let packageId: string;
let categories: { adult: string; child: string; infant: string };

beforeAll(async () => {
  const prisma = await db();
  const reseller = await createReseller({
    name: "Dhaka Trips",
    email: "ops@dhakatrips.example",
    commissionPercent: 12.5,
    active: true,
  });
  key = (await createResellerKey(reseller.id))!.key;
  const tourPackage = await createPackage(200_00, [
    { minDays: 10, percent: 100 },
    { minDays: 3, percent: 50 },
  ]);
  packageId = tourPackage.id;
  await prisma.service.update({
    where: { id: packageId },
    data: { meetingPoint: "Sadarghat launch terminal, 7:30 am", durationDays: 3, idRequired: true },
  });
  const [adult, child, infant] = await Promise.all(
    [
      { position: 0, name: "Adult", type: "ADULT" as const, priceCents: 200_00, minAge: 12, minPerBooking: 1 },
      { position: 1, name: "Child", type: "CHILD" as const, priceCents: 120_50, minAge: 2, maxAge: 11 },
      { position: 2, name: "Infant", type: "INFANT" as const, priceCents: 0, maxAge: 1, takesSeat: false, maxPerBooking: 2 },
    ].map((data) => prisma.priceCategory.create({ data: { serviceId: packageId, ...data } })),
  );
  categories = { adult: adult.id, child: child.id, infant: infant.id };
});

describe("the reseller's key", () => {
  it("is required: 401 UNAUTHORIZED with the specification's body", async () => {
    const answer = await octo(supplier.loader, "/octo/supplier", { key: null });
    expect(answer.status).toBe(401);
    expect(answer.data).toEqual({
      error: "UNAUTHORIZED",
      errorMessage: "You didn't send the API Key in the Authorization header to an endpoint that requires authentication",
    });
  });

  it("is refused with 403 FORBIDDEN when unknown, revoked, or its reseller is inactive; its last use is recorded", async () => {
    const forbidden = {
      error: "FORBIDDEN",
      errorMessage:
        "You sent an API Key that was invalid or has been revoked by the backend system. Or you're trying to access an endpoint/resource that you do not have access to",
    };
    expect(await octo(supplier.loader, "/octo/supplier", { key: "tbr_" + "x".repeat(43) })).toMatchObject({
      status: 403,
      data: forbidden,
    });
    const reseller = await createReseller({ name: "Short Lived", email: "a@b.example", commissionPercent: 0, active: true });
    const created = (await createResellerKey(reseller.id))!;
    expect((await octo(supplier.loader, "/octo/supplier", { key: created.key })).status).toBe(200);
    const prisma = await db();
    expect((await prisma.resellerKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull();

    await setResellerActive(reseller.id, false);
    expect(await octo(supplier.loader, "/octo/supplier", { key: created.key })).toMatchObject({ status: 403, data: forbidden });
    await setResellerActive(reseller.id, true);
    expect((await octo(supplier.loader, "/octo/supplier", { key: created.key })).status).toBe(200);

    expect(await revokeResellerKey(reseller.id, created.id)).toBe("revoked");
    expect(await octo(supplier.loader, "/octo/supplier", { key: created.key })).toMatchObject({ status: 403, data: forbidden });
  });

  it("is refused on the site's own API", async () => {
    const answer = await callRoute(
      myOrders.loader,
      getRequest("/api/my-orders", { headers: { Authorization: `Bearer ${key}` } }),
    );
    expect(answer.status).toBe(401);
    expect(answer.data.error).toBe("The token is invalid, expired or revoked.");
  });
});

describe("supplier and capabilities", () => {
  it("describes the agency and answers the capabilities asked for in Octo-Capabilities", async () => {
    const answer = await octo(supplier.loader, "/octo/supplier", { key });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      id: "tour-booking",
      name: "Tour Booking",
      endpoint: "http://localhost:3000/octo",
      contact: { website: "http://localhost:3000", email: expect.any(String), telephone: null, address: null },
    });
    expect(answer.headers.get("Octo-Capabilities")).toBe("");
    const list = await octo(capabilities.loader, "/octo/capabilities", { key, caps: "octo/pricing, octo/content" });
    expect(list.data).toEqual([{ id: "octo/pricing", revision: 1, required: false, dependencies: [], docs: null }]);
    expect(list.headers.get("Octo-Capabilities")).toBe("octo/pricing");
  });

  it("answers other /octo paths and methods with the specification's error body", async () => {
    const unknown = await octoUnknown.loader();
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "NOT_FOUND", errorMessage: "Resource not found" });
    const post = await octo(supplier.action, "/octo/supplier", { key, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });
});

describe("products", () => {
  it("reads a package as one product with one DEFAULT option and a unit per price category", async () => {
    const answer = await octo(product.loader, `/octo/products/${packageId}`, { key, params: { id: packageId } });
    expect(answer.status).toBe(200);
    const found = answer.data;
    expect(found).toMatchObject({
      id: packageId,
      locale: "en",
      timeZone: "Asia/Dhaka",
      availabilityType: "START_TIME",
      availabilityRequired: true,
      allowFreesale: false,
    });
    expect(found).not.toHaveProperty("pricingPer");
    expect(found.options).toHaveLength(1);
    const [option] = found.options;
    expect(option).toMatchObject({
      id: "DEFAULT",
      default: true,
      availabilityLocalStartTimes: ["07:30"],
      cancellationCutoff: "10 days",
      cancellationCutoffAmount: 10,
      cancellationCutoffUnit: "day",
      restrictions: { minUnits: 1, maxUnits: 20 },
    });
    expect(option.units.map((unit: { id: string; type: string }) => [unit.id, unit.type])).toEqual([
      [categories.adult, "ADULT"],
      [categories.child, "CHILD"],
      [categories.infant, "INFANT"],
    ]);
    expect(option.units[1].restrictions).toEqual({
      minAge: 2,
      maxAge: 11,
      idRequired: true,
      minQuantity: null,
      maxQuantity: 20,
      paxCount: 1,
      accompaniedBy: [],
    });
    expect(option.units[0].restrictions).toMatchObject({ minAge: 12, maxAge: 120, minQuantity: 1 });
    expect(option.units[2].restrictions).toMatchObject({ maxAge: 1, maxQuantity: 2, accompaniedBy: [categories.adult] });
    expect(option.units[0]).not.toHaveProperty("pricingFrom");
  });

  it("gives retail and the reseller's net under octo/pricing", async () => {
    const answer = await octo(product.loader, `/octo/products/${packageId}`, {
      key,
      params: { id: packageId },
      caps: "octo/pricing",
    });
    expect(answer.headers.get("Octo-Capabilities")).toBe("octo/pricing");
    expect(answer.data).toMatchObject({ defaultCurrency: "USD", availableCurrencies: ["USD"], pricingPer: "UNIT" });
    const [adult, child, infant] = answer.data.options[0].units;
    // 12.5 % commission: 200.00 → 175.00; 120.50 → 120.50 - 15.06 (15.0625 rounded) = 105.44.
    expect(adult.pricingFrom).toEqual([
      { original: 20000, retail: 20000, net: 17500, currency: "USD", currencyPrecision: 2, includedTaxes: [] },
    ]);
    expect(child.pricingFrom[0]).toMatchObject({ retail: 12050, net: 10544 });
    expect(infant.pricingFrom[0]).toMatchObject({ retail: 0, net: 0 });
  });

  it("lists every package; a package without categories has the one Adult unit `adult`", async () => {
    const plain = await createPackage(99_00);
    const answer = await octo(products.loader, "/octo/products", { key });
    expect(answer.status).toBe(200);
    const ids = answer.data.map((item: { id: string }) => item.id);
    expect(ids).toContain(packageId);
    const listed = answer.data.find((item: { id: string }) => item.id === plain.id);
    expect(listed.options[0].units.map((unit: { id: string }) => unit.id)).toEqual(["adult"]);
    expect(listed.options[0].availabilityLocalStartTimes).toEqual(["08:00"]);
    // The default policy: 100 % from 14 days.
    expect(listed.options[0].cancellationCutoffAmount).toBe(14);
  });

  it("refuses an unknown product with 400 INVALID_PRODUCT_ID naming it", async () => {
    const answer = await octo(product.loader, "/octo/products/nope", { key, params: { id: "nope" } });
    expect(answer).toMatchObject({
      status: 400,
      data: { error: "INVALID_PRODUCT_ID", errorMessage: "The productId was missing or invalid", productId: "nope" },
    });
  });
});

describe("availability", () => {
  it("gives one availability per departure, on the seats the website counts", async () => {
    const open = await createDeparture(packageId, inDays(30), 10);
    const closed = await createDeparture(packageId, inDays(31), 6);
    const prisma = await db();
    await prisma.departure.update({ where: { id: closed.id }, data: { status: "CLOSED" } });
    // The website sells 6 seats of the open date, through the same conditional update as its checkout.
    const customer = await createUser();
    await bookDeparture(customer, open, 6);
    const page = await callRoute(orderPage.loader, getRequest(`/order/${packageId}`), { id: packageId });
    const websiteLeft = page.data.departures.find((row: { id: string }) => row.id === open.id).seatsLeft;
    expect(websiteLeft).toBe(4);

    const answer = await octo(availability.action, "/octo/availability", {
      key,
      body: { productId: packageId, optionId: "DEFAULT", localDateStart: inDays(29), localDateEnd: inDays(32) },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual([
      {
        id: `${inDays(30)}T07:30:00+06:00`,
        localDateTimeStart: `${inDays(30)}T07:30:00+06:00`,
        localDateTimeEnd: `${inDays(32)}T23:59:00+06:00`,
        utcCutoffAt: `${inDays(29)}T18:00:00Z`,
        allDay: false,
        available: true,
        status: "LIMITED",
        vacancies: websiteLeft,
        capacity: 10,
        maxUnits: 4,
        openingHours: [],
      },
      expect.objectContaining({ id: `${inDays(31)}T07:30:00+06:00`, status: "CLOSED", available: false, vacancies: 0 }),
    ]);

    const byDate = await octo(availability.action, "/octo/availability", {
      key,
      body: { productId: packageId, optionId: "DEFAULT", localDate: inDays(30) },
    });
    expect(byDate.data.map((item: { id: string }) => item.id)).toEqual([`${inDays(30)}T07:30:00+06:00`]);
    const byId = await octo(availability.action, "/octo/availability", {
      key,
      body: { productId: packageId, optionId: "DEFAULT", availabilityIds: [`${inDays(31)}T07:30:00+06:00`] },
    });
    expect(byId.data.map((item: { status: string }) => item.status)).toEqual(["CLOSED"]);

    // Four more seats sold on the website: the next availability says SOLD_OUT.
    await bookDeparture(customer, open, 4);
    const soldOut = await octo(availability.action, "/octo/availability", {
      key,
      body: { productId: packageId, optionId: "DEFAULT", localDate: inDays(30) },
    });
    expect(soldOut.data[0]).toMatchObject({ status: "SOLD_OUT", available: false, vacancies: 0, capacity: 10 });
  });

  it("prices the units asked for under octo/pricing, and an availability is not available for more seats than left", async () => {
    const departure = await createDeparture(packageId, inDays(40), 3);
    const units = [
      { id: categories.adult, quantity: 2 },
      { id: categories.child, quantity: 1 },
      { id: categories.infant, quantity: 1 },
    ];
    const answer = await octo(availability.action, "/octo/availability", {
      key,
      caps: "octo/pricing",
      body: { productId: packageId, optionId: "DEFAULT", localDate: inDays(40), units },
    });
    expect(answer.status).toBe(200);
    const [item] = answer.data;
    expect(item).toMatchObject({ status: "AVAILABLE", available: true, vacancies: 3 });
    expect(item.pricing).toEqual({
      original: 2 * 20000 + 12050,
      retail: 2 * 20000 + 12050,
      net: 2 * 17500 + 10544,
      currency: "USD",
      currencyPrecision: 2,
      includedTaxes: [],
    });
    expect(item.unitPricing.map((price: { unitId: string }) => price.unitId)).toEqual([
      categories.adult,
      categories.child,
      categories.infant,
    ]);
    // The infant sits on a lap: 3 seats fit; a fourth seat-taking traveller does not.
    const tooMany = await octo(availability.action, "/octo/availability", {
      key,
      body: { productId: packageId, optionId: "DEFAULT", localDate: inDays(40), units: [{ id: categories.adult, quantity: 4 }] },
    });
    expect(tooMany.data[0]).toMatchObject({ available: false, vacancies: 3 });
    expect(departure.seats).toBe(3);
  });

  it("answers the calendar one day at a time", async () => {
    await createDeparture(packageId, inDays(50), 8);
    const answer = await octo(calendar.action, "/octo/availability/calendar", {
      key,
      caps: "octo/pricing",
      body: { productId: packageId, optionId: "DEFAULT", localDateStart: inDays(49), localDateEnd: inDays(51) },
    });
    expect(answer.status).toBe(200);
    expect(answer.data.map((day: { localDate: string; status: string }) => [day.localDate, day.status])).toEqual([
      [inDays(49), "CLOSED"],
      [inDays(50), "AVAILABLE"],
      [inDays(51), "CLOSED"],
    ]);
    expect(answer.data[1]).toMatchObject({ available: true, vacancies: 8, capacity: 8, openingHours: [] });
    expect(answer.data[1].unitPricingFrom[0]).toMatchObject({ unitId: categories.adult, retail: 20000, net: 17500 });
    // A day without a departure has no price: nothing can be booked on it.
    expect(answer.data[0].unitPricingFrom).toEqual([]);
    expect(answer.data[2].unitPricingFrom).toEqual([]);
  });

  it("refuses bad bodies with the specification's errors", async () => {
    const ask = (handler: Handler, path: string, body: unknown) => octo(handler, path, { key, body });
    const base = { productId: packageId, optionId: "DEFAULT" };
    expect(
      (await ask(availability.action, "/octo/availability", { ...base, productId: "nope", localDate: inDays(3) })).data,
    ).toEqual({
      error: "INVALID_PRODUCT_ID",
      errorMessage: "The productId was missing or invalid",
      productId: "nope",
    });
    expect(
      (await ask(availability.action, "/octo/availability", { optionId: "DEFAULT", localDate: inDays(3) })).data,
    ).toMatchObject({
      error: "INVALID_PRODUCT_ID",
      productId: "",
    });
    const option = await ask(availability.action, "/octo/availability", { ...base, optionId: "VIP", localDate: inDays(3) });
    expect(option).toMatchObject({
      status: 400,
      data: { error: "INVALID_OPTION_ID", errorMessage: "The optionId was missing or invalid", optionId: "VIP" },
    });
    const unit = await ask(availability.action, "/octo/availability", {
      ...base,
      localDate: inDays(3),
      units: [{ id: "senior", quantity: 1 }],
    });
    expect(unit).toMatchObject({
      status: 400,
      data: { error: "INVALID_UNIT_ID", errorMessage: "The unitId was missing or invalid", unitId: "senior" },
    });
    const wrongId = `${inDays(41)}T07:30:00+06:00`;
    for (const id of [wrongId, "tomorrow"]) {
      expect(await ask(availability.action, "/octo/availability", { ...base, availabilityIds: [id] })).toMatchObject({
        status: 400,
        data: { error: "INVALID_AVAILABILITY_ID", errorMessage: "The availabilityId was missing or invalid", availabilityId: id },
      });
    }
    // Two selectors at once (the validator's own BAD_REQUEST case), none, a half range, not JSON.
    for (const body of [
      { ...base, localDateStart: inDays(3), localDateEnd: inDays(9), availabilityIds: [wrongId] },
      base,
      { ...base, localDateStart: inDays(3) },
      { ...base, localDate: "2027-02-30" },
      "{not json",
    ]) {
      const answer = await ask(availability.action, "/octo/availability", body);
      expect(answer.status).toBe(400);
      expect(answer.data.error).toBe("BAD_REQUEST");
      expect(typeof answer.data.errorMessage).toBe("string");
    }
    expect((await ask(calendar.action, "/octo/availability/calendar", { ...base, localDateEnd: inDays(30) })).data.error).toBe(
      "BAD_REQUEST",
    );
    const tooLong = await ask(calendar.action, "/octo/availability/calendar", {
      ...base,
      localDateStart: inDays(1),
      localDateEnd: inDays(400),
    });
    expect(tooLong).toMatchObject({ status: 400, data: { error: "UNPROCESSABLE_ENTITY" } });
  });
});

describe("/octo/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    const answer = await openApi.loader();
    expect(answer.status).toBe(200);
    const document = await answer.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

afterAll(() => {
  // The calls above answered every operation that needs a key, each checked against the document.
  expect([...checked].sort()).toEqual([
    "GET /capabilities",
    "GET /products",
    "GET /products/{id}",
    "GET /supplier",
    "POST /availability",
    "POST /availability/calendar",
  ]);
});
