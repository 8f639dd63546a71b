// Resellers poll the OCTO reads far more often than they book (issue 28, item 6): GET /octo/products
// reads every package in the same few statements whatever their number (it made three per package),
// and a calendar call makes three: the key, the rate limit and the departures (its package comes from
// the catalogue's cached list).
// The statements are counted at the driver (node-postgres and PGlite), as bench/count-queries.mjs does.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import { forgetReads } from "~/platform/read-cache.server";
import * as calendar from "~/routes/octo.availability.calendar";
import * as products from "~/routes/octo.products";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import { ORIGIN } from "../support/requests";

let statements = 0;
for (const proto of [pg.Client.prototype, PGlite.prototype] as unknown as Record<string, (...args: unknown[]) => unknown>[]) {
  for (const name of ["query", "exec"]) {
    const original = proto[name];
    if (typeof original !== "function") continue;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      // Not the announcements to other instances (NOTIFY after a write, app/platform/read-cache.server.ts).
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (!text?.includes("pg_notify(")) statements += 1;
      return original.apply(this, args);
    };
  }
}

let key: string;

async function counted(handler: (args: never) => Promise<Response>, path: string, body?: unknown) {
  const headers = new Headers({ Authorization: `Bearer ${key}`, "Octo-Capabilities": "octo/pricing" });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(new URL(path, ORIGIN), {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Counted cold: reads kept from an earlier call (app/platform/read-cache.server.ts) would hide statements.
  forgetReads();
  const before = statements;
  const response = await (handler as (args: unknown) => Promise<Response>)({ request, params: {}, context: {} });
  const data = (await response.json()) as unknown[];
  expect(response.status).toBe(200);
  return { data, statements: statements - before };
}

async function packageWithCategories() {
  const prisma = await db();
  const tourPackage = await createPackage(80_00, [{ minDays: 7, percent: 100 }]);
  await prisma.priceCategory.createMany({
    data: [
      { serviceId: tourPackage.id, position: 0, name: "Adult", type: "ADULT", priceCents: 80_00 },
      { serviceId: tourPackage.id, position: 1, name: "Child", type: "CHILD", priceCents: 50_00, maxAge: 11 },
    ],
  });
  return tourPackage;
}

beforeAll(async () => {
  const reseller = await createReseller({ name: "Poller", email: "ops@poller.example", commissionPercent: 10, active: true });
  key = (await createResellerKey(reseller.id))!.key;
  await packageWithCategories();
});

describe("GET /octo/products", () => {
  it("reads 1 or 11 packages in the same number of statements", async () => {
    await counted(products.loader, "/octo/products"); // the key's first use is written once
    const few = await counted(products.loader, "/octo/products");
    for (let i = 0; i < 10; i++) await packageWithCategories();
    const many = await counted(products.loader, "/octo/products");
    expect(many.data.length).toBe(few.data.length + 10);
    expect(many.statements).toBe(few.statements);
    // the key, the rate limit, the packages with their categories, their refund policies
    expect(many.statements).toBeGreaterThanOrEqual(3);
    expect(many.statements).toBeLessThanOrEqual(5);
  });
});

describe("POST /octo/availability/calendar", () => {
  it("answers a year of a package in a few statements, whatever its departures", async () => {
    const tourPackage = await packageWithCategories();
    for (const days of [5, 12, 40, 90, 200]) await createDeparture(tourPackage.id, inDays(days), 20);
    const body = { productId: tourPackage.id, optionId: "DEFAULT", localDateStart: inDays(0), localDateEnd: inDays(364) };
    await counted(calendar.action, "/octo/availability/calendar", body);
    const year = await counted(calendar.action, "/octo/availability/calendar", body);
    expect(year.data).toHaveLength(365);
    expect(year.data.filter((day) => (day as { status: string }).status !== "CLOSED")).toHaveLength(5);
    // the key, the rate limit, the departures (the package from the catalogue's cached list)
    expect(year.statements).toBe(3);
  });
});
