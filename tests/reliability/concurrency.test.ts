// Nothing lost under concurrency: real checkout form posts from 50 concurrent clients to one
// production app process on PostgreSQL, then concurrent promotions and deletes of the same rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_TYPES } from "~/booking/core/booking-choices";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { addPackage, type Client, logIn, register } from "./support/client";
import { percentile, recordFigures } from "./support/figures";

const CUSTOMERS = 10;
const CLIENTS = 50;
const ORDERS_PER_CLIENT = 4;

let database: TestDatabase;
let app: AppProcess;
let admin: Client;
let services: { _id: string; title: string; cost: number }[];

beforeAll(async () => {
  database = await createDatabase("concurrency");
  app = await startApp(database.url);
  admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
  // Packages without departures: any number of persons can order them (tests/reliability/departures.test.ts books seats).
  services = [];
  for (const [title, cost] of [
    ["Paharpur Ruins", 90],
    ["Kuakata Sunrise", 130],
    ["Nilgiri Hills", 210],
  ] as const) {
    services.push(await addPackage(admin, title, cost));
  }
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

const checkoutFields = (n: number) => ({
  firstName: "Rahim",
  lastName: `Uddin${String.fromCharCode(97 + (n % 26))}`,
  streetAddress: `House ${n}, Road 7`,
  City: "",
  townName: "Dhaka",
  district: "Dhaka",
  Postcode: "1207",
  mobileNumber: "01712345678",
  email: `buyer${n}@example.com`,
});

/** Opens the checkout page like a browser (following the total's redirect) and reads its form key. */
async function openCheckout(client: Client, serviceId: string, quantity: number, type: string) {
  const query = new URLSearchParams({ service: serviceId, quantity: String(quantity), type });
  const first = await client.get(`/addCart/0?${query}`);
  expect(first.status).toBe(302);
  const path = first.headers.get("Location")!;
  const page = await client.get(path);
  expect(page.status).toBe(200);
  const formKey = /name="formKey" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(formKey).toBeTruthy();
  return { path, formKey: formKey! };
}

describe("orders from concurrent clients", () => {
  it(`keeps every one of ${CLIENTS * ORDERS_PER_CLIENT} orders from ${CLIENTS} concurrent clients, priced by the server`, async () => {
    const emails = Array.from({ length: CUSTOMERS }, (_, i) => `customer${i}-${Date.now()}@example.com`);
    const customers = await Promise.all(emails.map((email) => register(app.origin, email)));
    const expected: { email: string; formKey: string; serviceId: string; quantity: number; type: string; priceCents: number }[] =
      [];
    const postTimes: number[] = [];
    let posts = 0;
    const started = Date.now();
    // Client i signs in as customer i % CUSTOMERS (several browsers per account), and places its
    // orders one after another; every fourth order is submitted twice at once (a double click).
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const client = customers[i % CUSTOMERS].copyTo(app.origin);
        const email = emails[i % CUSTOMERS];
        for (let k = 0; k < ORDERS_PER_CLIENT; k += 1) {
          const n = i * ORDERS_PER_CLIENT + k;
          const service = services[n % services.length];
          const quantity = 1 + (n % 20);
          const type = PACKAGE_TYPES[n % PACKAGE_TYPES.length];
          const { path, formKey } = await openCheckout(client, service._id, quantity, type);
          const fields = { ...checkoutFields(n), service: service._id, quantity: String(quantity), type, formKey };
          const submits = k === ORDERS_PER_CLIENT - 1 ? 2 : 1;
          const responses = await Promise.all(
            Array.from({ length: submits }, async () => {
              const sent = performance.now();
              const response = await client.postForm(path, fields);
              postTimes.push(performance.now() - sent);
              return response;
            }),
          );
          posts += submits;
          for (const response of responses) {
            expect(response.status).toBe(302);
            expect(response.headers.get("Location")).toBe("/dashboard/myOrder");
          }
          expected.push({
            email,
            formKey,
            serviceId: service._id,
            quantity,
            type,
            priceCents: Math.round(service.cost * 100) * quantity,
          });
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    // Every order is there exactly once, with the server's price.
    const rows = await database.query<{
      email: string;
      key: string;
      serviceId: string;
      quantity: number;
      packageType: string;
      priceCents: number;
      unitPriceCents: number;
    }>(
      `SELECT u.email, o."idempotencyKey" AS key, o."serviceId", o.quantity, o."packageType", o."priceCents", o."unitPriceCents"
       FROM "Order" o JOIN "User" u ON u.id = o."userId"`,
    );
    expect(rows).toHaveLength(CLIENTS * ORDERS_PER_CLIENT);
    const byKey = new Map(rows.map((row) => [row.key.split(":")[1], row]));
    expect(byKey.size).toBe(CLIENTS * ORDERS_PER_CLIENT);
    let wrongPrices = 0;
    for (const order of expected) {
      const row = byKey.get(order.formKey);
      expect(row, order.formKey).toBeDefined();
      expect(row).toMatchObject({ serviceId: order.serviceId, quantity: order.quantity, packageType: order.type });
      if (row!.priceCents !== order.priceCents || row!.unitPriceCents * row!.quantity !== row!.priceCents) wrongPrices += 1;
    }
    expect(wrongPrices).toBe(0);

    // The administrator's list over HTTP agrees, page after page (its Link header names the next).
    const listed: { Price: number }[] = [];
    for (let next: string | null = "/api/my-orders?limit=100"; next;) {
      const answer = await admin.get(next);
      listed.push(...((await answer.json()) as { Price: number }[]));
      next = /<([^>]+)>; rel="next"/.exec(answer.headers.get("Link") ?? "")?.[1] ?? null;
    }
    expect(listed).toHaveLength(CLIENTS * ORDERS_PER_CLIENT);
    const expectedTotal = expected.reduce((sum, order) => sum + order.priceCents, 0);
    expect(Math.round(listed.reduce((sum, order) => sum + order.Price * 100, 0))).toBe(expectedTotal);

    recordFigures("orders", {
      clients: CLIENTS,
      customers: CUSTOMERS,
      ordersPlaced: expected.length,
      formPosts: posts,
      ordersFound: rows.length,
      wrongPrices,
      seconds: Math.round(seconds * 10) / 10,
      postMedianMs: Math.round(percentile(postTimes, 50)),
      postP95Ms: Math.round(percentile(postTimes, 95)),
    });
  });
});

describe("concurrent writes to the same row", () => {
  const CALLS = 20;

  it("promotes a user once when 20 admin calls race, and the form posts agree", async () => {
    const email = `promote-${Date.now()}@example.com`;
    const other = `promote-form-${Date.now()}@example.com`;
    await register(app.origin, email);
    await register(app.origin, other);
    const [apiResponses, formResponses] = await Promise.all([
      Promise.all(Array.from({ length: CALLS }, () => admin.json("PUT", "/api/users/admin", { email }))),
      Promise.all(Array.from({ length: CALLS / 2 }, () => admin.postForm("/dashboard/makeAdmin", { email: other }))),
    ]);
    expect(apiResponses.map((response) => response.status)).toEqual(Array(CALLS).fill(200));
    const modified = (await Promise.all(apiResponses.map((response) => response.json()))).map((body) => body.modifiedCount);
    expect(modified.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(formResponses.map((response) => response.status)).toEqual(Array(CALLS / 2).fill(200));
    const roles = await database.query<{ email: string; role: string }>(`SELECT email, role FROM "User" WHERE email = ANY($1)`, [
      [email, other],
    ]);
    expect(roles.map((row) => row.role)).toEqual(["ADMIN", "ADMIN"]);

    recordFigures("makeAdmin", {
      concurrentApiCalls: CALLS,
      modifiedCountSum: modified.reduce((sum, count) => sum + count, 0),
      concurrentFormPosts: CALLS / 2,
    });
  });

  it("deletes an order once when its owner and an admin race 20 deletes", async () => {
    const owner = await register(app.origin, `deleter-${Date.now()}@example.com`);
    const service = services[0];
    const { path, formKey } = await openCheckout(owner, service._id, 2, "city");
    await owner.postForm(path, { ...checkoutFields(1), service: service._id, quantity: "2", type: "city", formKey });
    const [{ id }] = await database.query<{ id: string }>(`SELECT id FROM "Order" WHERE "idempotencyKey" LIKE $1`, [
      `%:${formKey}`,
    ]);

    const responses = await Promise.all(
      Array.from({ length: CALLS }, (_, i) => (i % 2 ? owner : admin).json("DELETE", `/api/my-orders/${id}`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.every((status) => status === 200 || status === 404),
      String(statuses),
    ).toBe(true);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    const deleted = bodies.reduce((sum, body) => sum + (body.deletedCount ?? 0), 0);
    expect(deleted).toBe(1);
    const rows = await database.query<{ deletedAt: Date | null }>(`SELECT "deletedAt" FROM "Order" WHERE id = $1`, [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].deletedAt).not.toBeNull();

    recordFigures("orderDelete", { concurrentDeletes: CALLS, deletedCountSum: deleted });
  });

  it("deletes a package once when 20 API deletes and 10 Manage Products forms race", async () => {
    const apiTarget = services[1];
    const formTarget = services[2];
    const [apiResponses, formResponses] = await Promise.all([
      Promise.all(Array.from({ length: CALLS }, () => admin.json("DELETE", `/api/services/${apiTarget._id}`))),
      Promise.all(
        Array.from({ length: CALLS / 2 }, () =>
          admin.postForm("/dashboard/manageProducts", { intent: "delete", id: formTarget._id }),
        ),
      ),
    ]);
    const apiBodies = await Promise.all(apiResponses.map((response) => response.json()));
    expect(apiBodies.reduce((sum, body) => sum + (body.deletedCount ?? 0), 0)).toBe(1);
    expect(apiResponses.filter((response) => response.status === 404)).toHaveLength(CALLS - 1);
    const pages = await Promise.all(formResponses.map((response) => response.text()));
    expect(pages.filter((page) => page.includes("Deleted sucessfully"))).toHaveLength(1);
    expect(formResponses.filter((response) => response.status === 404)).toHaveLength(CALLS / 2 - 1);

    const rows = await database.query<{ id: string; deletedAt: Date | null }>(
      `SELECT id, "deletedAt" FROM "Service" WHERE id = ANY($1)`,
      [[apiTarget._id, formTarget._id]],
    );
    expect(rows.every((row) => row.deletedAt !== null)).toBe(true);
    const listed: { _id: string }[] = await (await admin.get("/api/services")).json();
    expect(listed.map((service) => service._id)).not.toContain(apiTarget._id);
    expect(listed.map((service) => service._id)).not.toContain(formTarget._id);
    // Orders of a deleted package keep its title and price.
    const kept = await database.query<{ n: string }>(
      `SELECT count(*) AS n FROM "Order" WHERE "serviceId" = $1 AND "serviceTitle" = $2`,
      [apiTarget._id, apiTarget.title],
    );
    expect(Number(kept[0].n)).toBeGreaterThan(0);

    recordFigures("packageDelete", {
      concurrentApiDeletes: CALLS,
      concurrentFormDeletes: CALLS / 2,
      deletedOncePerPackage: true,
    });
  });
});
