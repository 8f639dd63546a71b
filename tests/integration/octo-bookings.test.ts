// The OCTO booking operations over the routes' loaders and actions: reserve (ON_HOLD, idempotent on
// the reseller's uuid, the website's seats), confirm, extend, update (a new date moves the seats),
// cancel (the package's policy; a hold is CANCELLED, decision 0015), read and list; each error as the specification writes it; a hold the
// sweep expires; a reseller unable to read another's booking. Every booking answer parses with the
// specification's own zod schemas.
import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/v3";
import { changeDepartureStatus, sweepBookings } from "~/booking/index.server";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { octoOpenApiDocument } from "~/http/octo-openapi";
import { db } from "~/platform/db.server";
import * as bookings from "~/routes/octo.bookings";
import * as booking from "~/routes/octo.bookings.$uuid";
import * as cancel from "~/routes/octo.bookings.$uuid.cancel";
import * as confirm from "~/routes/octo.bookings.$uuid.confirm";
import * as extend from "~/routes/octo.bookings.$uuid.extend";
import { createUser } from "../support/auth";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import * as spec from "../support/octo-spec.gen";
import { octoCall } from "../support/resellers";

type Handler = (args: never) => Promise<Response>;

// Every answer is also checked against /octo/openapi.json: its status documented for the operation,
// its body valid by the schema (additionalProperties: false: no field goes undocumented).
const ajv = new Ajv2020({ strict: false, allErrors: true });
for (const keyword of ["openapi", "info", "servers", "security", "paths", "components"]) ajv.addKeyword(keyword);
ajv.addSchema({ ...octoOpenApiDocument, $id: "octo.json" });
const documented = new Set<string>();

function expectDocumented(template: string, method: string, status: number, body: unknown) {
  const paths = octoOpenApiDocument.paths as unknown as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const operation = paths[template]?.[method.toLowerCase()];
  expect(operation?.responses[String(status)], `${method} ${template} -> ${status} documented`).toBeDefined();
  const pointer = `#/paths/${template.replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
  const validate = ajv.compile({ $ref: `octo.json${pointer}` });
  expect(validate(body) ? null : ajv.errorsText(validate.errors), `${method} ${template} -> ${status}`).toBeNull();
  documented.add(`${method} ${template}`);
}

const templates = new Map<unknown, string>();

async function call(
  handler: Handler,
  path: string,
  {
    method = "GET",
    body,
    pricing = false,
    key,
    uuid,
  }: { method?: string; body?: unknown; pricing?: boolean; key: string; uuid?: string },
) {
  const answer = await octoCall<Record<string, unknown> & { error?: string }>(handler, path, {
    key,
    method,
    body,
    uuid,
    pricing,
  });
  expectDocumented(templates.get(handler)!, method, answer.status, answer.body);
  return answer;
}

function conforms(schema: z.ZodTypeAny, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success ? null : parsed.error.issues, "the specification's schema").toBeNull();
  expect(parsed.success && parsed.data).toEqual(value);
}

interface Booking {
  id: string;
  uuid: string;
  status: string;
  utcExpiresAt: string | null;
  supplierReference: string;
  resellerReference: string | null;
  cancellation: { refund: string; reason: string | null } | null;
  availabilityId: string;
  unitItems: {
    unitId: string;
    resellerReference: string | null;
    contact: { fullName: string | null };
    ticket: unknown;
    pricing?: { retail: number; net: number };
  }[];
  contact: { firstName: string | null; lastName: string | null; emailAddress: string | null; notes: string | null };
  voucher: { redemptionMethod: string; deliveryOptions: { deliveryFormat: string; deliveryValue: string }[] } | null;
  pricing?: { retail: number; net: number };
}

let key: string;
let otherKey: string;
let resellerId: string;
let productId: string;
let adultUnit: string;
let childUnit: string;
const date = inDays(30);
let availabilityId: string;
let departureId: string;

async function seatsTaken(id = departureId) {
  const prisma = await db();
  return (await prisma.departure.findUniqueOrThrow({ where: { id } })).seatsTaken;
}

const reserve = (body: Record<string, unknown>, options: { pricing?: boolean; key?: string } = {}) =>
  call(bookings.action, "/octo/bookings", { method: "POST", key: options.key ?? key, pricing: options.pricing, body });

const reserveBody = (extra: Record<string, unknown> = {}) => ({
  productId,
  optionId: "DEFAULT",
  availabilityId,
  uuid: randomUUID(),
  unitItems: [{ unitId: adultUnit }, { unitId: adultUnit }, { unitId: childUnit }],
  ...extra,
});

beforeAll(async () => {
  templates.set(bookings.loader, "/bookings");
  templates.set(bookings.action, "/bookings");
  templates.set(booking.loader, "/bookings/{uuid}");
  templates.set(booking.action, "/bookings/{uuid}");
  templates.set(confirm.action, "/bookings/{uuid}/confirm");
  templates.set(extend.action, "/bookings/{uuid}/extend");
  templates.set(cancel.action, "/bookings/{uuid}/cancel");
  const reseller = await createReseller({
    name: "Trip Partner",
    email: "ops@partner.example",
    commissionPercent: 10,
    active: true,
  });
  resellerId = reseller.id;
  key = (await createResellerKey(reseller.id))!.key;
  const other = await createReseller({ name: "Other Agent", email: "ops@other.example", commissionPercent: 5, active: true });
  otherKey = (await createResellerKey(other.id))!.key;
  const prisma = await db();
  const tourPackage = await createPackage(100_00, [
    { minDays: 14, percent: 100 },
    { minDays: 3, percent: 50 },
  ]);
  productId = tourPackage.id;
  await prisma.service.update({ where: { id: productId }, data: { meetingPoint: "Sadarghat, 07:30", durationDays: 2 } });
  adultUnit = (
    await prisma.priceCategory.create({
      data: { serviceId: productId, position: 0, name: "Adult", type: "ADULT", priceCents: 100_00, minAge: 12 },
    })
  ).id;
  childUnit = (
    await prisma.priceCategory.create({
      data: { serviceId: productId, position: 1, name: "Child", type: "CHILD", priceCents: 60_00, minAge: 2, maxAge: 11 },
    })
  ).id;
  departureId = (await createDeparture(productId, date, 8)).id;
  availabilityId = `${date}T07:30:00+06:00`;
});

describe("reserve", () => {
  it("holds the seats ON_HOLD until utcExpiresAt, and the same uuid answers the same booking", async () => {
    const body = reserveBody({
      resellerReference: "PARTNER-1",
      notes: "Window seats please",
      unitItems: [
        { unitId: adultUnit, resellerReference: "TKT-1" },
        { unitId: adultUnit, resellerReference: "TKT-2" },
        { unitId: childUnit },
      ],
    });
    const first = await reserve(body, { pricing: true });
    expect(first.status).toBe(200);
    conforms(spec.zBooking, first.body);
    const held = first.body as unknown as Booking;
    expect(held).toMatchObject({
      uuid: body.uuid,
      status: "ON_HOLD",
      resellerReference: "PARTNER-1",
      notes: "Window seats please",
    });
    expect(held.supplierReference).toMatch(/^TB-/);
    const expires = Date.parse(held.utcExpiresAt!);
    expect(expires).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect(expires).toBeLessThan(Date.now() + 31 * 60_000);
    expect(held.unitItems.map((item) => item.unitId)).toEqual([adultUnit, adultUnit, childUnit]);
    // Each unit item's reference is the reseller's own, as it sent it.
    expect(held.unitItems.map((item) => item.resellerReference)).toEqual(["TKT-1", "TKT-2", null]);
    // One voucher for the booking (no ticket per unit item); nothing to show until it is confirmed.
    expect(held.voucher).toEqual({ redemptionMethod: "MANIFEST", utcRedeemedAt: null, deliveryOptions: [] });
    expect(held.unitItems.map((item) => item.ticket)).toEqual([null, null, null]);
    // octo/pricing: retail $260 (2 × $100 + $60), net less the 10 % commission.
    expect(held.pricing).toMatchObject({ retail: 260_00, net: 234_00 });
    expect(held.unitItems[2].pricing).toMatchObject({ retail: 60_00, net: 54_00 });
    expect(await seatsTaken()).toBe(3);

    const again = await reserve(body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(held.id);
    conforms(spec.zBooking, again.body);
    expect(await seatsTaken()).toBe(3);
    // The order is the reseller's: its account, its channel; nothing emailed to that account.
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: held.id }, include: { user: true, travellers: true } });
    expect(order).toMatchObject({
      channel: "RESELLER",
      resellerId,
      octoUuid: body.uuid,
      resellerReference: "PARTNER-1",
      quantity: 3,
    });
    expect(order.user.email).toBe(`reseller-${resellerId}@resellers.invalid`);
    expect(order.travellers.map((traveller) => traveller.resellerReference).sort()).toEqual(["TKT-1", "TKT-2", null].sort());
    expect(await prisma.password.count({ where: { userId: order.userId } })).toBe(0);
    expect(await prisma.outboxEmail.count({ where: { to: order.user.email } })).toBe(0);
    expect((await prisma.reseller.findUniqueOrThrow({ where: { id: resellerId } })).userId).toBe(order.userId);
  });

  it("the same uuid sent five times at once makes one hold", async () => {
    const before = await seatsTaken();
    const body = reserveBody();
    const answers = await Promise.all(Array.from({ length: 5 }, () => reserve(body)));
    expect(answers.map((answer) => (answer.status === 200 ? 200 : answer.body))).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await seatsTaken()).toBe(before + 3);
    const prisma = await db();
    expect(await prisma.order.count({ where: { octoUuid: body.uuid } })).toBe(1);
    await call(cancel.action, "", { method: "POST", key, uuid: body.uuid, body: {} });
    expect(await seatsTaken()).toBe(before);
  });

  it("refuses with the specification's errors, changing nothing", async () => {
    const before = await seatsTaken();
    const cases: [Record<string, unknown>, string, z.ZodTypeAny, Record<string, string>?][] = [
      [reserveBody({ productId: "nope" }), "INVALID_PRODUCT_ID", spec.zErrorInvalidProductId, { productId: "nope" }],
      [reserveBody({ optionId: "X" }), "INVALID_OPTION_ID", spec.zErrorInvalidOptionId, { optionId: "X" }],
      [reserveBody({ availabilityId: "2031-01-01" }), "INVALID_AVAILABILITY_ID", spec.zErrorInvalidAvailabilityId],
      [
        reserveBody({ availabilityId: `${inDays(31)}T07:30:00+06:00` }),
        "INVALID_AVAILABILITY_ID",
        spec.zErrorInvalidAvailabilityId,
      ],
      [reserveBody({ availabilityId: `${date}T09:00:00+06:00` }), "INVALID_AVAILABILITY_ID", spec.zErrorInvalidAvailabilityId],
      [reserveBody({ unitItems: [{ unitId: "ghost" }] }), "INVALID_UNIT_ID", spec.zErrorInvalidUnitId, { unitId: "ghost" }],
      // no unit items: UNPROCESSABLE_ENTITY, as the official validator expects
      [reserveBody({ unitItems: [] }), "UNPROCESSABLE_ENTITY", spec.zErrorUnprocessableEntity],
      [reserveBody({ unitItems: undefined }), "UNPROCESSABLE_ENTITY", spec.zErrorUnprocessableEntity],
      [reserveBody({ unitItems: "adult" }), "BAD_REQUEST", spec.zErrorBadRequest],
      [reserveBody({ uuid: "not-a-uuid" }), "BAD_REQUEST", spec.zErrorBadRequest],
      [reserveBody({ expirationMinutes: 0 }), "BAD_REQUEST", spec.zErrorBadRequest],
      // more travellers than the departure has seats
      [
        reserveBody({ unitItems: Array.from({ length: 9 }, () => ({ unitId: adultUnit })) }),
        "UNPROCESSABLE_ENTITY",
        spec.zErrorUnprocessableEntity,
      ],
    ];
    for (const [body, error, schema, extra] of cases) {
      const answer = await reserve(body);
      expect(answer.status, error).toBe(400);
      expect(answer.body).toMatchObject({ error, ...extra });
      conforms(schema, answer.body);
    }
    expect(await seatsTaken()).toBe(before);
  });
});

describe("a booking's life", () => {
  it("confirm: the contact and unit items' contacts become the booking's; extend, update and list", async () => {
    const held = (await reserve(reserveBody({ unitItems: [{ unitId: adultUnit }, { unitId: childUnit }] })))
      .body as unknown as Booking;
    const extended = await call(extend.action, `/octo/bookings/${held.uuid}/extend`, {
      method: "POST",
      key,
      uuid: held.uuid,
      body: { expirationMinutes: 120 },
    });
    expect(extended.status).toBe(200);
    conforms(spec.zBooking, extended.body);
    expect(Date.parse((extended.body as unknown as Booking).utcExpiresAt!)).toBeGreaterThan(Date.now() + 115 * 60_000);

    const confirmed = await call(confirm.action, `/octo/bookings/${held.uuid}/confirm`, {
      method: "POST",
      key,
      uuid: held.uuid,
      pricing: true,
      body: {
        resellerReference: "PARTNER-77",
        contact: {
          fullName: "Ayesha Rahman",
          emailAddress: "ayesha@example.com",
          phoneNumber: "+8801712345678",
          country: "BD",
          notes: "Travels with a wheelchair",
        },
        unitItems: [
          { unitId: adultUnit, contact: { firstName: "Ayesha", lastName: "Rahman" }, resellerReference: "TKT-A" },
          { unitId: childUnit, contact: { fullName: "Nabil Rahman" } },
        ],
      },
    });
    expect(confirmed.status).toBe(200);
    conforms(spec.zBooking, confirmed.body);
    const booked = confirmed.body as unknown as Booking;
    expect(booked).toMatchObject({ status: "CONFIRMED", utcExpiresAt: null, resellerReference: "PARTNER-77" });
    expect(booked.contact).toMatchObject({
      firstName: "Ayesha",
      lastName: "Rahman",
      emailAddress: "ayesha@example.com",
      notes: "Travels with a wheelchair",
    });
    expect(booked.unitItems.map((item) => item.contact.fullName)).toEqual(["Ayesha Rahman", "Nabil Rahman"]);
    expect(booked.unitItems.map((item) => item.resellerReference)).toEqual(["TKT-A", null]);
    // Confirmed: the voucher is the booking's reference as a QR code, what the guide's check-in scans.
    expect(booked.voucher?.deliveryOptions).toEqual([{ deliveryFormat: "QRCODE", deliveryValue: booked.supplierReference }]);
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: held.id },
      include: { travellers: { orderBy: { position: "asc" } } },
    });
    expect(order).toMatchObject({
      bookingStatus: "CONFIRMED",
      paymentStatus: "UNPAID",
      firstName: "Ayesha",
      lastName: "Rahman",
      resellerContactNotes: "Travels with a wheelchair",
      holdExpiresAt: null,
    });
    expect(order.travellers.map((traveller) => traveller.name)).toEqual(["Ayesha Rahman", "Nabil Rahman"]);
    expect(await prisma.outboxEmail.count({ where: { to: { contains: "resellers.invalid" } } })).toBe(0);

    const patched = await call(booking.action, `/octo/bookings/${held.uuid}`, {
      method: "PATCH",
      key,
      uuid: held.uuid,
      body: { notes: "Vegetarian meals", resellerReference: "PARTNER-78" },
    });
    expect(patched.status).toBe(200);
    conforms(spec.zBooking, patched.body);
    expect(patched.body).toMatchObject({ notes: "Vegetarian meals", resellerReference: "PARTNER-78" });

    const read = await call(booking.loader, `/octo/bookings/${held.uuid}`, { key, uuid: held.uuid, pricing: true });
    conforms(spec.zBooking, read.body);
    expect(read.body).toMatchObject({ status: "CONFIRMED", supplierReference: booked.supplierReference });

    const list = async (query: string, as = key) => {
      const answer = await call(bookings.loader, `/octo/bookings?${query}`, { key: as });
      expect(answer.status).toBe(200);
      for (const item of answer.body as unknown as unknown[]) conforms(spec.zBooking, item);
      return (answer.body as unknown as Booking[]).map((item) => item.id);
    };
    expect(await list("resellerReference=PARTNER-78")).toEqual([held.id]);
    expect(await list(`supplierReference=${booked.supplierReference}`)).toEqual([held.id]);
    expect(await list(`localDate=${date}`)).toContain(held.id);
    expect(await list(`localDateStart=${inDays(29)}&localDateEnd=${inDays(31)}`)).toContain(held.id);
    expect(await list(`localDate=${inDays(31)}`)).toEqual([]);
    expect(await list(`supplierReference=${booked.supplierReference}`, otherKey)).toEqual([]);
    const bad = await call(bookings.loader, "/octo/bookings", { key });
    expect(bad.body.error).toBe("BAD_REQUEST");
  });

  it("cancel: a confirmed booking under the package's policy (FULL 14 days before), a hold is CANCELLED; seats back", async () => {
    const before = await seatsTaken();
    const held = (await reserve(reserveBody())).body as unknown as Booking;
    expect(await seatsTaken()).toBe(before + 3);
    const ended = await call(cancel.action, `/octo/bookings/${held.uuid}/cancel`, {
      method: "POST",
      key,
      uuid: held.uuid,
      body: { reason: "Reason for cancellation" },
    });
    expect(ended.status).toBe(200);
    conforms(spec.zBooking, ended.body);
    // Decision 0015: a hold the reseller cancels is CANCELLED (EXPIRED is a hold left to run out),
    // credited in full (nothing was owed); the reason stays.
    expect(ended.body).toMatchObject({
      status: "CANCELLED",
      cancellation: { refund: "FULL", reason: "Reason for cancellation" },
      cancellable: false,
      utcExpiresAt: null,
    });
    expect(await seatsTaken()).toBe(before);
    const prisma = await db();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: held.id } })).bookingStatus).toBe("CANCELLED");

    const other = (await reserve(reserveBody())).body as unknown as Booking;
    await call(confirm.action, "", { method: "POST", key, uuid: other.uuid, body: { contact: { fullName: "Rina Das" } } });
    const cancelled = await call(cancel.action, "", {
      method: "POST",
      key,
      uuid: other.uuid,
      body: { reason: "Customer changed plans" },
    });
    expect(cancelled.status).toBe(200);
    conforms(spec.zBooking, cancelled.body);
    expect(cancelled.body).toMatchObject({
      status: "CANCELLED",
      cancellable: false,
      cancellation: { refund: "FULL", reason: "Customer changed plans" },
    });
    expect(await seatsTaken()).toBe(before);
    expect(await prisma.refund.count({ where: { orderId: other.id } })).toBe(0);
    // Cancelling again answers the booking as it is.
    const again = await call(cancel.action, "", { method: "POST", key, uuid: other.uuid, body: {} });
    expect(again.body).toMatchObject({ status: "CANCELLED", cancellation: { refund: "FULL" } });
  });

  it("PARTIAL and NONE follow the policy's tiers nearer the date", async () => {
    const prisma = await db();
    const near = await createDeparture(productId, inDays(5), 4);
    const far = (
      await reserve(reserveBody({ availabilityId: `${inDays(5)}T07:30:00+06:00`, unitItems: [{ unitId: adultUnit }] }))
    ).body as unknown as Booking;
    await call(confirm.action, "", { method: "POST", key, uuid: far.uuid, body: { contact: { firstName: "A", lastName: "B" } } });
    const partial = await call(cancel.action, "", { method: "POST", key, uuid: far.uuid, body: {} });
    expect(partial.body).toMatchObject({ status: "CANCELLED", cancellation: { refund: "PARTIAL" } });
    expect(await seatsTaken(near.id)).toBe(0);
    const nearer = await createDeparture(productId, inDays(2), 4);
    const late = (
      await reserve(reserveBody({ availabilityId: `${inDays(2)}T07:30:00+06:00`, unitItems: [{ unitId: adultUnit }] }))
    ).body as unknown as Booking;
    await call(confirm.action, "", {
      method: "POST",
      key,
      uuid: late.uuid,
      body: { contact: { firstName: "A", lastName: "B" } },
    });
    const none = await call(cancel.action, "", { method: "POST", key, uuid: late.uuid, body: {} });
    expect(none.body).toMatchObject({ status: "CANCELLED", cancellation: { refund: "NONE" } });
    expect(await seatsTaken(nearer.id)).toBe(0);
    expect(await prisma.order.count({ where: { id: { in: [far.id, late.id] }, bookingStatus: "CANCELLED" } })).toBe(2);
  });

  it("a hold the sweep expires gives its seats back, reads EXPIRED and cannot be confirmed", async () => {
    const before = await seatsTaken();
    const held = (await reserve(reserveBody({ expirationMinutes: 1 }))).body as unknown as Booking;
    expect(await seatsTaken()).toBe(before + 3);
    const later = new Date(Date.now() + 2 * 60_000);
    expect((await sweepBookings(later)).expired).toBeGreaterThanOrEqual(1);
    expect(await seatsTaken()).toBe(before);
    const read = await call(booking.loader, "", { key, uuid: held.uuid });
    conforms(spec.zBooking, read.body);
    expect(read.body).toMatchObject({ status: "EXPIRED", utcExpiresAt: null });
    const late = await call(confirm.action, "", {
      method: "POST",
      key,
      uuid: held.uuid,
      body: { contact: { fullName: "Too Late" } },
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe("UNPROCESSABLE_ENTITY");
    // Reserving with the same uuid again answers the expired booking: never a second hold.
    const again = await reserve(reserveBody({ uuid: held.uuid }));
    expect(again.body).toMatchObject({ id: held.id, status: "EXPIRED" });
    expect(await seatsTaken()).toBe(before);
  });

  it("sold out: UNPROCESSABLE_ENTITY with the seats left, nothing held", async () => {
    const prisma = await db();
    const small = await createDeparture(productId, inDays(40), 2);
    const body = reserveBody({ availabilityId: `${inDays(40)}T07:30:00+06:00` });
    const refused = await reserve(body);
    expect(refused.status).toBe(400);
    conforms(spec.zErrorUnprocessableEntity, refused.body);
    expect(refused.body).toMatchObject({ error: "UNPROCESSABLE_ENTITY" });
    expect(String(refused.body.errorMessage)).toMatch(/not enough availability/i);
    expect(await seatsTaken(small.id)).toBe(0);
    expect(await prisma.order.count({ where: { octoUuid: body.uuid as string } })).toBe(0);
  });
});

describe("PATCH a booking's date", () => {
  it("moves its seats to another departure of the product in one transaction; a full, unknown or other product's date changes nothing", async () => {
    const from = await createDeparture(productId, inDays(50), 5);
    const to = await createDeparture(productId, inDays(52), 3);
    const full = await createDeparture(productId, inDays(54), 1);
    const at = (day: number) => `${inDays(day)}T07:30:00+06:00`;
    const held = (
      await reserve(reserveBody({ availabilityId: at(50), unitItems: [{ unitId: adultUnit }, { unitId: adultUnit }] }))
    ).body as unknown as Booking;
    await call(confirm.action, "", { method: "POST", key, uuid: held.uuid, body: { contact: { fullName: "Rina Das" } } });
    const patch = (body: Record<string, unknown>) => call(booking.action, "", { method: "PATCH", key, uuid: held.uuid, body });

    const refusals: [Record<string, unknown>, string][] = [
      [{ availabilityId: at(54) }, "UNPROCESSABLE_ENTITY"],
      [{ availabilityId: at(56) }, "INVALID_AVAILABILITY_ID"],
      [{ availabilityId: `${inDays(52)}T10:00:00+06:00` }, "INVALID_AVAILABILITY_ID"],
      [{ availabilityId: "tomorrow" }, "INVALID_AVAILABILITY_ID"],
      [{ productId: "another", availabilityId: at(52) }, "UNPROCESSABLE_ENTITY"],
    ];
    for (const [body, error] of refusals) {
      const refused = await patch(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error, JSON.stringify(body)).toBe(error);
    }
    expect([await seatsTaken(from.id), await seatsTaken(to.id), await seatsTaken(full.id)]).toEqual([2, 0, 0]);

    const moved = await patch({
      availabilityId: at(52),
      unitItems: [{ unitId: adultUnit, resellerReference: "SEAT-9" }, { unitId: adultUnit }],
    });
    expect(moved.status).toBe(200);
    conforms(spec.zBooking, moved.body);
    const after = moved.body as unknown as Booking;
    expect(after).toMatchObject({ status: "CONFIRMED", availabilityId: at(52), availability: { id: at(52) } });
    expect(after.unitItems.map((item) => item.resellerReference)).toEqual(["SEAT-9", null]);
    expect([await seatsTaken(from.id), await seatsTaken(to.id)]).toEqual([0, 2]);
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: held.id } });
    expect(order).toMatchObject({ departureId: to.id, travelDate: new Date(`${inDays(52)}T00:00:00Z`) });
    // Sending its own date again changes nothing.
    expect((await patch({ availabilityId: at(52) })).status).toBe(200);
    expect(await seatsTaken(to.id)).toBe(2);
  });
});

describe("unit items given again on confirmation", () => {
  it("become the booking's travellers, its seats and price; an unknown unit or too few seats changes nothing", async () => {
    const prisma = await db();
    const small = await createDeparture(productId, inDays(45), 3);
    const on = `${inDays(45)}T07:30:00+06:00`;
    const held = (await reserve(reserveBody({ availabilityId: on, unitItems: [{ unitId: adultUnit }, { unitId: adultUnit }] })))
      .body as unknown as Booking;
    expect(await seatsTaken(small.id)).toBe(2);
    const contact = { firstName: "John", lastName: "Doe", emailAddress: "johndoe@mail.com", fullName: "John Doe" };
    const ghost = await call(confirm.action, "", {
      method: "POST",
      key,
      uuid: held.uuid,
      body: { contact, unitItems: [{ unitId: "ghost" }, { unitId: "ghost" }] },
    });
    expect(ghost.body).toMatchObject({ error: "INVALID_UNIT_ID", unitId: "ghost" });
    const tooMany = await call(confirm.action, "", {
      method: "POST",
      key,
      uuid: held.uuid,
      body: { contact, unitItems: Array.from({ length: 4 }, () => ({ unitId: adultUnit })) },
    });
    expect(tooMany.body).toMatchObject({ error: "UNPROCESSABLE_ENTITY" });
    expect(await seatsTaken(small.id)).toBe(2);
    expect((await call(booking.loader, "", { key, uuid: held.uuid })).body).toMatchObject({ status: "ON_HOLD" });

    const three = [{ unitId: adultUnit }, { unitId: adultUnit }, { unitId: childUnit, contact: { fullName: "Nabil Doe" } }];
    const confirmed = await call(confirm.action, "", {
      method: "POST",
      key,
      uuid: held.uuid,
      pricing: true,
      body: { contact, unitItems: three, resellerReference: "REF-3" },
    });
    expect(confirmed.status).toBe(200);
    conforms(spec.zBooking, confirmed.body);
    const booked = confirmed.body as unknown as Booking;
    expect(booked).toMatchObject({ status: "CONFIRMED", resellerReference: "REF-3", pricing: { retail: 260_00 } });
    expect(booked.unitItems.map((item) => item.unitId)).toEqual([adultUnit, adultUnit, childUnit]);
    expect(new Set(booked.unitItems.map((item) => (item as unknown as { uuid: string }).uuid)).size).toBe(3);
    expect(await seatsTaken(small.id)).toBe(3);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: held.id }, include: { travellers: true } });
    expect(order).toMatchObject({ quantity: 3, priceCents: 260_00 });
    expect(order.travellers).toHaveLength(3);
  });
});

describe("the agency cancels a departure", () => {
  it("its reseller bookings become CANCELLED with the reason and a FULL refund, and no email goes to the reseller's account", async () => {
    const prisma = await db();
    const doomed = await createDeparture(productId, inDays(6), 5);
    const on = `${inDays(6)}T07:30:00+06:00`;
    const held = (await reserve(reserveBody({ availabilityId: on, unitItems: [{ unitId: adultUnit }] })))
      .body as unknown as Booking;
    await call(confirm.action, "", { method: "POST", key, uuid: held.uuid, body: { contact: { fullName: "Rina Das" } } });
    const onHold = (await reserve(reserveBody({ availabilityId: on, unitItems: [{ unitId: adultUnit }] })))
      .body as unknown as Booking;
    const admin = await createUser({ role: "ADMIN" });
    await changeDepartureStatus(doomed.id, "cancelled", admin.id);
    const read = await call(booking.loader, "", { key, uuid: held.uuid });
    conforms(spec.zBooking, read.body);
    // 6 days before: the policy alone would give PARTIAL; the agency's cancellation credits everything.
    expect(read.body).toMatchObject({
      status: "CANCELLED",
      cancellation: { refund: "FULL", reason: "The departure was cancelled" },
    });
    expect((await call(booking.loader, "", { key, uuid: onHold.uuid })).body).toMatchObject({ status: "CANCELLED" });
    expect(await seatsTaken(doomed.id)).toBe(0);
    expect(await prisma.outboxEmail.count({ where: { to: { endsWith: ".invalid" } } })).toBe(0);
  });
});

describe("one reseller's bookings are its own", () => {
  it("another reseller's uuid is INVALID_BOOKING_UUID everywhere", async () => {
    const held = (await reserve(reserveBody())).body as unknown as Booking;
    const probes = [
      call(booking.loader, "", { key: otherKey, uuid: held.uuid }),
      call(booking.action, "", { method: "PATCH", key: otherKey, uuid: held.uuid, body: { notes: "x" } }),
      call(confirm.action, "", { method: "POST", key: otherKey, uuid: held.uuid, body: { contact: { fullName: "X Y" } } }),
      call(extend.action, "", { method: "POST", key: otherKey, uuid: held.uuid, body: {} }),
      call(cancel.action, "", { method: "POST", key: otherKey, uuid: held.uuid, body: {} }),
    ];
    for (const answer of await Promise.all(probes)) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: "INVALID_BOOKING_UUID", uuid: held.uuid });
      conforms(spec.zErrorInvalidBookingUuid, answer.body);
    }
    const read = await call(booking.loader, "", { key, uuid: held.uuid });
    expect(read.body).toMatchObject({ status: "ON_HOLD", notes: null });
    const unknown = await call(booking.loader, "", { key, uuid: "nope" });
    expect(unknown.body).toMatchObject({ error: "INVALID_BOOKING_UUID", uuid: "nope" });
  });
});

afterAll(() => {
  // Every booking operation answered, each checked against the document.
  expect([...documented].sort()).toEqual([
    "GET /bookings",
    "GET /bookings/{uuid}",
    "PATCH /bookings/{uuid}",
    "POST /bookings",
    "POST /bookings/{uuid}/cancel",
    "POST /bookings/{uuid}/confirm",
    "POST /bookings/{uuid}/extend",
  ]);
});
