// A package's price categories and "ID required" over the API (POST and PUT /api/services, the
// package JSON of GET /api/services, /api/services/{id}) and through the product forms without
// JavaScript (Add A Product, Edit Product): saved as a set, errors naming the category and field,
// refused for a customer, and old clients that send only `cost` working as before. Every answer is
// checked against the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as services from "~/routes/api.services";
import * as serviceById from "~/routes/api.services.$id";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as editProduct from "~/routes/dashboard.editProduct.$id";
import { createUser, signIn } from "../support/auth";
import { expectDocumented, requestBodyErrors } from "../support/openapi";
import { callRoute, ORIGIN } from "../support/requests";

type Module = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };

interface Category {
  _id: string;
  name: string;
  type: string;
  price: number;
  minAge: number | null;
  maxAge: number | null;
  takesSeat: boolean;
  min: number;
  max: number;
}

const cookies = { admin: "", customer: "" };

beforeAll(async () => {
  cookies.admin = await signIn((await createUser({ role: "ADMIN" })).id);
  cookies.customer = await signIn((await createUser()).id);
});

async function send(method: string, path: string, cookie: string, body?: unknown) {
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN });
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

const PACKAGE = {
  title: "Family Ferry Trip",
  cost: 500,
  image: "/images/tours/saint-martin.svg",
  description: "A ferry to the island.",
};

const FAMILY = [
  { name: "Adult", price: 500 },
  { name: "Child (5–11)", type: "CHILD", price: 350, minAge: 5, maxAge: 11 },
  { name: "Infant", type: "INFANT", price: 0, minAge: 0, maxAge: 4, takesSeat: false, max: 2 },
];

async function getPackage(id: string) {
  const answer = await send("GET", `/api/services/${id}`, "");
  expect(answer.status).toBe(200);
  return answer.body as typeof PACKAGE & { priceCategories: Category[]; idRequired: boolean };
}

async function stateOf(id: string) {
  const prisma = await db();
  return prisma.service.findUnique({ where: { id }, include: { priceCategories: { orderBy: { position: "asc" } } } });
}

describe("POST and PUT /api/services with price categories", () => {
  it("an admin creates a package with its categories and idRequired; every read shows them", async () => {
    const created = await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories: FAMILY, idRequired: true });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    const found = await getPackage(id);
    expect(found.idRequired).toBe(true);
    expect(found.cost).toBe(500);
    expect(found.priceCategories).toEqual([
      {
        _id: expect.any(String),
        name: "Adult",
        type: "ADULT",
        price: 500,
        minAge: null,
        maxAge: null,
        takesSeat: true,
        min: 0,
        max: 20,
      },
      {
        _id: expect.any(String),
        name: "Child (5–11)",
        type: "CHILD",
        price: 350,
        minAge: 5,
        maxAge: 11,
        takesSeat: true,
        min: 0,
        max: 20,
      },
      {
        _id: expect.any(String),
        name: "Infant",
        type: "INFANT",
        price: 0,
        minAge: 0,
        maxAge: 4,
        takesSeat: false,
        min: 0,
        max: 2,
      },
    ]);
    // The list and the search show the same.
    const listed = await send("GET", "/api/services?q=Family%20Ferry", "");
    expect(listed.status).toBe(200);
    const item = listed.body.find((service: { _id: string }) => service._id === id);
    expect(item.priceCategories).toEqual(found.priceCategories);
    expect(item.idRequired).toBe(true);
  });

  it("the first category's price is the package's cost, whatever cost says", async () => {
    const created = await send("POST", "/api/services", cookies.admin, {
      ...PACKAGE,
      cost: 1,
      priceCategories: [{ name: "Adult", price: 640 }, FAMILY[1]],
    });
    expect((await getPackage(created.body.insertedId)).cost).toBe(640);
  });

  it("PUT replaces the set: ids sent are kept (GET's categories sent back change nothing), others go", async () => {
    const id = (await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories: FAMILY })).body.insertedId;
    const before = await getPackage(id);
    const roundTrip = await send("PUT", `/api/services/${id}`, cookies.admin, {
      ...PACKAGE,
      priceCategories: before.priceCategories,
      idRequired: before.idRequired,
    });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toEqual({ modifiedCount: 1 });
    expect(await getPackage(id)).toEqual(before);

    const [adult, , infant] = before.priceCategories;
    const edited = await send("PUT", `/api/services/${id}`, cookies.admin, {
      ...PACKAGE,
      priceCategories: [
        { ...infant, takesSeat: true, price: 50 },
        { ...adult, price: 550 },
      ],
      idRequired: true,
    });
    expect(edited.status).toBe(200);
    const after = await getPackage(id);
    expect(after.priceCategories.map((category) => [category._id, category.name, category.price, category.takesSeat])).toEqual([
      [infant._id, "Infant", 50, true],
      [adult._id, "Adult", 550, true],
    ]);
    expect(after.cost).toBe(50);
    expect(after.idRequired).toBe(true);
  });

  it("is 400 naming the category and the field, and changes nothing", async () => {
    const id = (await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories: FAMILY })).body.insertedId;
    const before = await stateOf(id);
    const refused = await send("PUT", `/api/services/${id}`, cookies.admin, {
      ...PACKAGE,
      title: "Changed",
      priceCategories: [FAMILY[0], { ...FAMILY[1], minAge: 12, maxAge: 5 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("The maximum age cannot be below the minimum age (12).");
    expect(refused.body.details).toEqual({
      "priceCategories[1].maxAge": ["The maximum age cannot be below the minimum age (12)."],
    });
    expect(await stateOf(id)).toEqual(before);

    for (const [priceCategories, field] of [
      [[{ name: "Adult", price: -1 }], "priceCategories[0].price"],
      [
        [
          { name: "Adult", price: 10 },
          { name: "", price: 5 },
        ],
        "priceCategories[1].name",
      ],
      [[{ name: "Adult", price: 10, takesSeat: "maybe" }], "priceCategories[0].takesSeat"],
      [[{ name: "Infant", price: 0, takesSeat: false }], "priceCategories"],
      [[], "priceCategories"],
    ] as const) {
      const answer = await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.details), field).toContain(field);
    }
    const badFlag = await send("POST", "/api/services", cookies.admin, { ...PACKAGE, idRequired: "yes" });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.details).toEqual({ idRequired: ["idRequired must be true or false."] });
    expect(await stateOf(id)).toEqual(before);
  });

  it("is 403 for a customer, 401 for no one, and changes nothing", async () => {
    const id = (await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories: FAMILY })).body.insertedId;
    const before = await stateOf(id);
    const body = { ...PACKAGE, priceCategories: [{ name: "Adult", price: 1 }], idRequired: true };
    expect((await send("PUT", `/api/services/${id}`, cookies.customer, body)).status).toBe(403);
    expect((await send("POST", "/api/services", cookies.customer, body)).status).toBe(403);
    expect((await send("PUT", `/api/services/${id}`, "", body)).status).toBe(401);
    expect(await stateOf(id)).toEqual(before);
  });

  it("old clients sending only cost work as before: one Adult at the cost, categories kept on PUT", async () => {
    const id = (await send("POST", "/api/services", cookies.admin, PACKAGE)).body.insertedId;
    const plain = await getPackage(id);
    expect(plain.cost).toBe(500);
    expect(plain.idRequired).toBe(false);
    expect(plain.priceCategories).toEqual([
      { _id: "adult", name: "Adult", type: "ADULT", price: 500, minAge: null, maxAge: null, takesSeat: true, min: 1, max: 20 },
    ]);
    expect((await send("PUT", `/api/services/${id}`, cookies.admin, { ...PACKAGE, cost: 450 })).status).toBe(200);
    expect((await getPackage(id)).priceCategories).toEqual([expect.objectContaining({ _id: "adult", price: 450 })]);
    expect((await stateOf(id))?.priceCategories).toEqual([]);

    // A package with categories edited by an old client: the categories stay, the first one's price is the new cost.
    const family = (await send("POST", "/api/services", cookies.admin, { ...PACKAGE, priceCategories: FAMILY, idRequired: true }))
      .body.insertedId;
    const before = await getPackage(family);
    expect((await send("PUT", `/api/services/${family}`, cookies.admin, { ...PACKAGE, cost: 520 })).status).toBe(200);
    const after = await getPackage(family);
    expect(after.cost).toBe(520);
    expect(after.idRequired).toBe(true);
    expect(after.priceCategories).toEqual([{ ...before.priceCategories[0], price: 520 }, ...before.priceCategories.slice(1)]);
  });
});

function formPost(path: string, fields: Record<string, string>, cookie: string) {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

const FORM = { title: "Form Family Trip", cost: "300", image: "/images/tours/bandarban.svg", description: "Hills." };

/** Form rows as the page names them: the first row has no price (it is the Cost). */
const FORM_ROWS = {
  "priceCategories[0].name": "Adult",
  "priceCategories[0].type": "ADULT",
  "priceCategories[1].name": "Child",
  "priceCategories[1].type": "CHILD",
  "priceCategories[1].price": "200",
  "priceCategories[1].minAge": "5",
  "priceCategories[1].maxAge": "11",
  "priceCategories[2].name": "Infant",
  "priceCategories[2].type": "INFANT",
  "priceCategories[2].price": "0",
  "priceCategories[2].maxAge": "4",
  "priceCategories[2].takesSeat": "no",
  "priceCategories[2].max": "2",
  "priceCategories[3].name": "",
  "priceCategories[3].price": "",
};

async function packageTitled(title: string) {
  const prisma = await db();
  return prisma.service.findFirst({
    where: { title },
    include: { priceCategories: { orderBy: { position: "asc" } } },
  });
}

describe("the product forms without JavaScript", () => {
  it("Add A Product saves the rows filled in (blank rows ignored), the first at the Cost, and ID required", async () => {
    const answer = await callRoute(
      addProduct.action,
      formPost("/dashboard/addProduct", { ...FORM, ...FORM_ROWS, idRequired: "on" }, cookies.admin),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.added).toBe(true);
    const saved = await packageTitled(FORM.title);
    expect(saved?.idRequired).toBe(true);
    expect(saved?.costCents).toBe(300_00);
    expect(
      saved?.priceCategories.map((row) => [
        row.name,
        row.type,
        row.priceCents,
        row.minAge,
        row.maxAge,
        row.takesSeat,
        row.maxPerBooking,
      ]),
    ).toEqual([
      ["Adult", "ADULT", 300_00, null, null, true, 20],
      ["Child", "CHILD", 200_00, 5, 11, true, 20],
      ["Infant", "INFANT", 0, null, 4, false, 2],
    ]);
  });

  it("a bad row is an error on that row's field, and nothing is saved", async () => {
    const title = "Form Refused Trip";
    const answer = await callRoute(
      addProduct.action,
      formPost(
        "/dashboard/addProduct",
        { ...FORM, title, ...FORM_ROWS, "priceCategories[1].minAge": "12", "priceCategories[2].price": "-5" },
        cookies.admin,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      "priceCategories[1].maxAge": ["The maximum age cannot be below the minimum age (12)."],
      "priceCategories[2].price": ["The price is a whole number of dollars from 0 to 1000000."],
    });
    expect(await packageTitled(title)).toBeNull();
  });

  it("a first row left empty while others are filled asks for its name", async () => {
    const answer = await callRoute(
      addProduct.action,
      formPost(
        "/dashboard/addProduct",
        { ...FORM, title: "No First", ...FORM_ROWS, "priceCategories[0].name": "" },
        cookies.admin,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({ "priceCategories[0].name": ["Please name the category."] });
  });

  it("every row left empty: no categories of its own (one Adult at the cost), as the spec's form", async () => {
    const title = "Form Plain Trip";
    const answer = await callRoute(
      addProduct.action,
      formPost(
        "/dashboard/addProduct",
        { ...FORM, title, "priceCategories[0].name": "", "priceCategories[1].price": "" },
        cookies.admin,
      ),
    );
    expect(answer.status).toBe(200);
    const saved = await packageTitled(title);
    expect(saved?.priceCategories).toEqual([]);
    expect(saved?.idRequired).toBe(false);
  });

  it("Edit Product shows the categories and a blank row, and saving removes a cleared row and unticks ID required", async () => {
    const id = (
      await send("POST", "/api/services", cookies.admin, {
        ...PACKAGE,
        title: "Form Edit Trip",
        priceCategories: FAMILY,
        idRequired: true,
      })
    ).body.insertedId as string;
    const loaded = await callRoute(
      editProduct.loader,
      new Request(new URL(`/dashboard/editProduct/${id}`, ORIGIN), { headers: { Cookie: cookies.admin } }),
      { id },
    );
    const rows = loaded.data.values.priceCategories;
    expect(rows.map((row: { name?: string }) => row.name)).toEqual(["Adult", "Child (5–11)", "Infant", undefined]);
    expect(loaded.data.values.idRequired).toBe(true);
    const [adult, child] = (await getPackage(id)).priceCategories;
    const answer = await callRoute(
      editProduct.action,
      formPost(
        `/dashboard/editProduct/${id}`,
        {
          ...FORM,
          title: "Form Edit Trip",
          cost: "480",
          "priceCategories[0]._id": adult._id,
          "priceCategories[0].name": "Adult",
          "priceCategories[1]._id": child._id,
          "priceCategories[1].name": "Child (5–11)",
          "priceCategories[1].price": "300",
          "priceCategories[1].minAge": "5",
          "priceCategories[1].maxAge": "11",
          // the infant's row cleared: removed
          "priceCategories[2]._id": "",
          "priceCategories[2].name": "",
          "priceCategories[2].price": "",
        },
        cookies.admin,
      ),
      { id },
    );
    expect(answer.status).toBe(200);
    expect(answer.data.saved).toBe(true);
    const after = await getPackage(id);
    expect(after.idRequired).toBe(false);
    expect(after.cost).toBe(480);
    expect(after.priceCategories.map((category) => [category._id, category.name, category.price])).toEqual([
      [adult._id, "Adult", 480],
      [child._id, "Child (5–11)", 300],
    ]);
  });

  it("is refused to a customer, and nothing is saved", async () => {
    const title = "Customer Form Trip";
    const answer = await callRoute(
      addProduct.action,
      formPost("/dashboard/addProduct", { ...FORM, title, ...FORM_ROWS }, cookies.customer),
    );
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.data?.added).not.toBe(true);
    expect(await packageTitled(title)).toBeNull();
  });
});
