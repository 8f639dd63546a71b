// Conformance with the OCTO specification itself: every answer of this supplier parses with the
// specification's own zod schemas (tests/support/octo-spec.gen.ts, from @octocloud/types), and
// parsing drops nothing (a field the specification does not have would be dropped). Products,
// availability and the calendar are checked with and without `octo/pricing`, and the error bodies
// with the specification's error schemas.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/v3";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import * as availability from "~/routes/octo.availability";
import * as calendar from "~/routes/octo.availability.calendar";
import * as bookings from "~/routes/octo.bookings";
import * as booking from "~/routes/octo.bookings.$uuid";
import * as cancel from "~/routes/octo.bookings.$uuid.cancel";
import * as confirm from "~/routes/octo.bookings.$uuid.confirm";
import * as extend from "~/routes/octo.bookings.$uuid.extend";
import * as capabilities from "~/routes/octo.capabilities";
import * as products from "~/routes/octo.products";
import * as product from "~/routes/octo.products.$id";
import * as supplier from "~/routes/octo.supplier";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import * as spec from "../support/octo-spec.gen";
import { ORIGIN } from "../support/requests";

type Handler = (args: never) => Promise<Response>;

async function call(
  handler: Handler,
  path: string,
  { body, pricing = false, key, method }: { body?: unknown; pricing?: boolean; key?: string | null; method?: string },
) {
  const headers = new Headers();
  if (key) headers.set("Authorization", `Bearer ${key}`);
  if (pricing) headers.set("Octo-Capabilities", "octo/pricing");
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(new URL(path, ORIGIN), {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await (handler as (args: unknown) => Promise<Response>)({
    request,
    params: { id: path.split("/").at(-1), uuid: path.split("/")[3] },
    context: {},
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Parses with the specification's schema and finds nothing dropped: every field is the specification's. */
function conforms(schema: z.ZodTypeAny, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? null : parsed.error.issues, "the specification's schema").toBeNull();
  expect(parsed.success && parsed.data).toEqual(value);
}

let key: string;
let productId: string;
let plainId: string;
let adultUnit: string;

beforeAll(async () => {
  const reseller = await createReseller({
    name: "Spec Check",
    email: "spec@check.example",
    commissionPercent: 9.99,
    active: true,
  });
  key = (await createResellerKey(reseller.id))!.key;
  const prisma = await db();
  const tourPackage = await createPackage(150_00);
  productId = tourPackage.id;
  await prisma.service.update({ where: { id: productId }, data: { meetingPoint: "Kamalapur station, 06:15", durationDays: 2 } });
  const adult = await prisma.priceCategory.create({
    data: { serviceId: productId, position: 0, name: "Adult", type: "ADULT", priceCents: 150_00, minAge: 12 },
  });
  await prisma.priceCategory.create({
    data: { serviceId: productId, position: 1, name: "Infant", type: "INFANT", priceCents: 0, maxAge: 1, takesSeat: false },
  });
  adultUnit = adult.id;
  await createDeparture(productId, inDays(20), 12);
  plainId = (await createPackage(80_00)).id;
});

describe("the answers parse with the OCTO specification's schemas", () => {
  it("supplier and capabilities", async () => {
    conforms(spec.zSupplier, (await call(supplier.loader, "/octo/supplier", { key })).body);
    const list = await call(capabilities.loader, "/octo/capabilities", { key });
    for (const item of list.body as unknown[]) conforms(spec.zCapability, item);
  });

  for (const pricing of [false, true]) {
    it(`products${pricing ? " with octo/pricing" : ""}`, async () => {
      const all = await call(products.loader, "/octo/products", { key, pricing });
      expect((all.body as unknown[]).length).toBeGreaterThan(1);
      for (const item of all.body as unknown[]) conforms(spec.zProduct, item);
      conforms(spec.zProduct, (await call(product.loader, `/octo/products/${productId}`, { key, pricing })).body);
      conforms(spec.zProduct, (await call(product.loader, `/octo/products/${plainId}`, { key, pricing })).body);
    });

    it(`availability and the calendar${pricing ? " with octo/pricing" : ""}`, async () => {
      const units = [{ id: adultUnit, quantity: 2 }];
      const base = { productId, optionId: "DEFAULT" };
      const checked = await call(availability.action, "/octo/availability", {
        key,
        pricing,
        body: { ...base, localDateStart: inDays(1), localDateEnd: inDays(40), units },
      });
      expect(checked.status).toBe(200);
      expect((checked.body as unknown[]).length).toBe(1);
      for (const item of checked.body as unknown[]) conforms(spec.zAvailability, item);
      const days = await call(calendar.action, "/octo/availability/calendar", {
        key,
        pricing,
        body: { ...base, localDateStart: inDays(15), localDateEnd: inDays(25), units },
      });
      expect((days.body as unknown[]).length).toBe(11);
      for (const item of days.body as unknown[]) conforms(spec.zAvailabilityCalendar, item);
    });
  }

  for (const pricing of [false, true]) {
    it(`bookings: reserve, read, extend, update, confirm, list, cancel${pricing ? " with octo/pricing" : ""}`, async () => {
      const uuid = randomUUID();
      const reserved = await call(bookings.action, "/octo/bookings", {
        key,
        pricing,
        body: {
          uuid,
          productId,
          optionId: "DEFAULT",
          availabilityId: `${inDays(20)}T06:15:00+06:00`,
          resellerReference: `SPEC-${uuid}`,
          notes: "Spec check",
          unitItems: [{ unitId: adultUnit, uuid: randomUUID() }, { unitId: adultUnit }],
        },
      });
      expect(reserved.status).toBe(200);
      const path = `/octo/bookings/${uuid}`;
      const answers = [
        reserved,
        await call(booking.loader, path, { key, pricing }),
        await call(extend.action, `${path}/extend`, { key, pricing, body: { expirationMinutes: 60 } }),
        await call(booking.action, path, { key, pricing, method: "PATCH", body: { notes: "Aisle seats" } }),
        await call(confirm.action, `${path}/confirm`, {
          key,
          pricing,
          body: { contact: { fullName: "Rina Das", emailAddress: "rina@example.com" }, unitItems: [{ unitId: adultUnit }] },
        }),
        await call(cancel.action, `${path}/cancel`, { key, pricing, body: { reason: "Spec check over" } }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        conforms(spec.zBooking, answer.body);
      }
      expect(answers.map((answer) => (answer.body as { status: string }).status)).toEqual([
        "ON_HOLD",
        "ON_HOLD",
        "ON_HOLD",
        "ON_HOLD",
        "CONFIRMED",
        "CANCELLED",
      ]);
      const list = await call(bookings.loader, `/octo/bookings?resellerReference=SPEC-${uuid}`, { key, pricing });
      expect((list.body as unknown[]).length).toBe(1);
      for (const item of list.body as unknown[]) conforms(spec.zBooking, item);
    });
  }

  it("errors", async () => {
    const base = { productId, optionId: "DEFAULT" };
    const ask = (body: unknown) => call(availability.action, "/octo/availability", { key, body });
    conforms(spec.zErrorUnauthorized, (await call(supplier.loader, "/octo/supplier", { key: null })).body);
    conforms(spec.zErrorForbidden, (await call(supplier.loader, "/octo/supplier", { key: "tbr_nope" })).body);
    conforms(spec.zErrorInvalidProductId, (await call(product.loader, "/octo/products/nope", { key })).body);
    conforms(spec.zErrorInvalidOptionId, (await ask({ ...base, optionId: "X", localDate: inDays(20) })).body);
    conforms(spec.zErrorInvalidUnitId, (await ask({ ...base, localDate: inDays(20), units: [{ id: "x", quantity: 1 }] })).body);
    conforms(spec.zErrorInvalidAvailabilityId, (await ask({ ...base, availabilityIds: ["x"] })).body);
    conforms(spec.zErrorBadRequest, (await ask(base)).body);
    conforms(spec.zErrorUnprocessableEntity, (await ask({ ...base, localDateStart: inDays(1), localDateEnd: inDays(500) })).body);
    conforms(spec.zErrorInvalidBookingUuid, (await call(booking.loader, `/octo/bookings/${randomUUID()}`, { key })).body);
    conforms(spec.zErrorInvalidBookingUuid, (await call(booking.loader, "/octo/bookings/nope", { key })).body);
  });
});
