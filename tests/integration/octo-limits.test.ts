// The limits of the OCTO reseller channel. One reseller key can no longer keep a departure sold out (issue 35, item 3): its holds (ON_HOLD
// bookings) keep at most maxHeldSeatsPerDeparture seats on one departure and maxHeldSeats in all,
// set per reseller by an administrator (PATCH /api/resellers/{id}, the dashboard's form without
// JavaScript); a hold lives at most RESELLER_HOLD_MAX_MINUTES from its reservation, whatever its
// reservation, extensions or updates ask for. The caps are counted in the transaction that takes
// the seats: concurrent reservations cannot both pass (run on both databases).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { updateTravellers } from "~/booking/index.server";
import { createReseller, createResellerKey } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import * as resellersApi from "~/routes/api.resellers";
import * as resellerById from "~/routes/api.resellers.$id";
import * as departuresPage from "~/routes/dashboard.departures.$id";
import * as resellersPage from "~/routes/dashboard.resellers";
import * as bookings from "~/routes/octo.bookings";
import * as booking from "~/routes/octo.bookings.$uuid";
import * as confirmRoute from "~/routes/octo.bookings.$uuid.confirm";
import * as extend from "~/routes/octo.bookings.$uuid.extend";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { callRoute, ORIGIN } from "../support/requests";
import { octoCall } from "../support/resellers";

type Handler = (args: never) => Promise<Response>;
interface Answer {
  status: number;
  body: { uuid?: string; status?: string; error?: string; errorMessage?: string; utcExpiresAt?: string; utcCreatedAt?: string };
}

const MINUTE = 60_000;

const call = (handler: Handler, path: string, key: string, method = "GET", body?: unknown, uuid?: string): Promise<Answer> =>
  octoCall<Answer["body"]>(handler, path, { key, method, body, uuid });

let adminCookie: string;
let productId: string;

/** A new reseller (default caps) and its key. */
async function newReseller(name: string) {
  const reseller = await createReseller({ name, email: `${randomUUID()}@agents.example`, commissionPercent: 10, active: true });
  return { id: reseller.id, key: (await createResellerKey(reseller.id))!.key };
}

const reserve = (key: string, date: string, units: number, extra: Record<string, unknown> = {}) =>
  call(bookings.action, "/octo/bookings", key, "POST", {
    productId,
    optionId: "DEFAULT",
    availabilityId: `${date}T08:00:00+06:00`,
    uuid: randomUUID(),
    unitItems: Array.from({ length: units }, () => ({ unitId: "adult" })),
    ...extra,
  });

function patchCaps(id: string, body: unknown) {
  const request = new Request(new URL(`/api/resellers/${id}`, ORIGIN), {
    method: "PATCH",
    headers: { Cookie: adminCookie, Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return callRoute(resellerById.action, request, { id });
}

async function seatsTaken(departureId: string) {
  const prisma = await db();
  return (await prisma.departure.findUniqueOrThrow({ where: { id: departureId } })).seatsTaken;
}

beforeAll(async () => {
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
  productId = (await createPackage(50_00)).id;
});

describe("a reseller's seats on hold are capped", () => {
  it("20 units twice no longer sell out a 41-seat departure: the second is an OCTO error naming the cap", async () => {
    const { key } = await newReseller("Greedy Agent");
    const date = inDays(40);
    const departure = await createDeparture(productId, date, 41);

    const first = await reserve(key, date, 20, { expirationMinutes: 1440 });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("ON_HOLD");
    const second = await reserve(key, date, 20, { expirationMinutes: 1440 });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("BAD_REQUEST");
    expect(second.body.errorMessage).toContain("maxHeldSeatsPerDeparture");
    expect(second.body.errorMessage).toContain("at most 20 seats");
    expect(await seatsTaken(departure.id)).toBe(20);
    // Another reseller (or the website) still finds the other 21 seats.
    const other = await newReseller("Fair Agent");
    expect((await reserve(other.key, date, 20)).status).toBe(200);
    const customer = await createUser();
    await bookDeparture(customer, departure, 1);

    // The admin's departures page shows the resellers' holds beside the website's.
    const page = await callRoute(departuresPage.loader, authedGet(`/dashboard/departures/${productId}`, adminCookie), {
      id: productId,
    });
    const shown = page.data as {
      holds: { seats: number }[];
      resellerHolds: { date: string; reseller: string; seats: number; cap: number }[];
    };
    const onDate = shown.resellerHolds.filter((row) => row.date === date);
    expect(
      onDate.map(({ reseller, seats, cap }) => ({ reseller, seats, cap })).sort((a, b) => a.reseller.localeCompare(b.reseller)),
    ).toEqual([
      { reseller: "Fair Agent", seats: 20, cap: 20 },
      { reseller: "Greedy Agent", seats: 20, cap: 20 },
    ]);
    expect(shown.holds).toEqual([expect.objectContaining({ seats: 1 })]);
  });

  it("the caps in all: maxHeldSeats over every departure, set with PATCH /api/resellers/{id} and shown in its JSON", async () => {
    const { id, key } = await newReseller("Wide Agent");
    const [one, two] = [inDays(41), inDays(42)];
    await createDeparture(productId, one, 50);
    const second = await createDeparture(productId, two, 50);

    const listed = async () =>
      (
        (
          await callRoute(
            resellersApi.loader,
            new Request(new URL("/api/resellers", ORIGIN), { headers: { Cookie: adminCookie } }),
          )
        ).data as { _id: string; maxHeldSeatsPerDeparture: number; maxHeldSeats: number }[]
      ).find((row) => row._id === id);
    expect(await listed()).toMatchObject({ maxHeldSeatsPerDeparture: 20, maxHeldSeats: 100 });
    const bad = await patchCaps(id, { maxHeldSeats: 0, maxHeldSeatsPerDeparture: 20 });
    expect(bad.status).toBe(400);
    expect(bad.data.details).toEqual({ maxHeldSeats: ["maxHeldSeats is a whole number of seats from 1 to 10000."] });
    expect(await listed()).toMatchObject({ maxHeldSeatsPerDeparture: 20, maxHeldSeats: 100 });
    expect((await patchCaps(id, { maxHeldSeats: 25 })).data).toEqual({ modifiedCount: 1 });
    expect(await listed()).toMatchObject({ maxHeldSeatsPerDeparture: 20, maxHeldSeats: 25 });

    expect((await reserve(key, one, 20)).status).toBe(200);
    const over = await reserve(key, two, 10);
    expect(over.status).toBe(400);
    expect(over.body.errorMessage).toContain("maxHeldSeats)");
    expect(over.body.errorMessage).toContain("at most 25 seats");
    expect(await seatsTaken(second.id)).toBe(0);
    expect((await reserve(key, two, 5)).status).toBe(200);
  });

  it("a hold given more units by PATCH stays within the cap: refused with nothing changed; confirmed seats free it", async () => {
    const { key } = await newReseller("Growing Agent");
    const date = inDays(43);
    const departure = await createDeparture(productId, date, 60);
    const uuid = (await reserve(key, date, 15)).body.uuid!;
    expect((await reserve(key, date, 5)).status).toBe(200);
    const units = (count: number) => ({ unitItems: Array.from({ length: count }, () => ({ unitId: "adult" })) });
    const grow = await call(booking.action, `/octo/bookings/${uuid}`, key, "PATCH", units(16), uuid);
    expect(grow.status).toBe(400);
    expect(grow.body.errorMessage).toContain("maxHeldSeatsPerDeparture");
    expect(await seatsTaken(departure.id)).toBe(20);
    // Fewer units always pass; confirming the hold frees the cap: confirmed seats are sold, not held.
    expect((await call(booking.action, `/octo/bookings/${uuid}`, key, "PATCH", units(14), uuid)).status).toBe(200);
    expect((await reserve(key, date, 1)).status).toBe(200);
    const confirm = await call(
      confirmRoute.action,
      `/octo/bookings/${uuid}/confirm`,
      key,
      "POST",
      { contact: { fullName: "Rahim Uddin" } },
      uuid,
    );
    expect(confirm.body.status).toBe("CONFIRMED");
    expect((await reserve(key, date, 14)).status).toBe(200);
    expect(await seatsTaken(departure.id)).toBe(34);
  });

  it("an administrator raises the caps on the reseller's page, without JavaScript", async () => {
    const { id, key } = await newReseller("Certified Agent");
    const date = inDays(45);
    await createDeparture(productId, date, 41);
    const refused = await callRoute(
      resellersPage.action,
      authedPost("/dashboard/resellers", { intent: "caps", id, maxHeldSeatsPerDeparture: "0", maxHeldSeats: "500" }, adminCookie),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("maxHeldSeatsPerDeparture is a whole number of seats from 1 to 10000.");
    const saved = await callRoute(
      resellersPage.action,
      authedPost(
        "/dashboard/resellers",
        { intent: "caps", id, maxHeldSeatsPerDeparture: "40", maxHeldSeats: "500" },
        adminCookie,
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.data.message).toBe("Hold caps saved: 40 seats per departure, 500 in all.");
    const page = await callRoute(
      resellersPage.loader,
      new Request(new URL("/dashboard/resellers", ORIGIN), { headers: { Cookie: adminCookie } }),
    );
    expect((page.data.resellers as { id: string }[]).find((row) => row.id === id)).toMatchObject({
      maxHeldSeatsPerDeparture: 40,
      maxHeldSeats: 500,
    });
    expect((await reserve(key, date, 20)).status).toBe(200);
    expect((await reserve(key, date, 20)).status).toBe(200);
  });

  it("concurrent reservations of one reseller cannot pass its cap together", async () => {
    const { key } = await newReseller("Racing Agent");
    const date = inDays(46);
    const departure = await createDeparture(productId, date, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserve(key, date, 5)));
    const won = results.filter((result) => result.status === 200);
    expect(won).toHaveLength(4);
    for (const lost of results.filter((result) => result.status !== 200)) {
      expect(lost.body.errorMessage).toContain("maxHeldSeatsPerDeparture");
    }
    expect(await seatsTaken(departure.id)).toBe(20);
  }, 120_000);
});

describe("a reseller's hold lives at most RESELLER_HOLD_MAX_MINUTES (120) from its reservation", () => {
  const lifetime = (answer: Answer) => Date.parse(answer.body.utcExpiresAt!) - Date.parse(answer.body.utcCreatedAt!);

  it("a reservation asking for a day gets 120 minutes; extend and PATCH cannot renew it past them", async () => {
    const { key } = await newReseller("Patient Agent");
    const date = inDays(47);
    await createDeparture(productId, date, 20);
    const held = await reserve(key, date, 2, { expirationMinutes: 1440 });
    expect(held.status).toBe(200);
    expect(lifetime(held)).toBeLessThanOrEqual(120 * MINUTE);
    expect(lifetime(held)).toBeGreaterThan(119 * MINUTE);
    const uuid = held.body.uuid!;

    // The hold was made 100 minutes ago and runs 5 more: asking for an hour gets the 20 minutes left of its 120.
    const prisma = await db();
    const createdAt = new Date(Date.now() - 100 * MINUTE);
    await prisma.order.updateMany({
      where: { octoUuid: uuid },
      data: { createdAt, holdExpiresAt: new Date(Date.now() + 5 * MINUTE) },
    });
    const extended = await call(extend.action, `/octo/bookings/${uuid}/extend`, key, "POST", { expirationMinutes: 60 }, uuid);
    expect(extended.status).toBe(200);
    expect(Date.parse(extended.body.utcExpiresAt!)).toBe(Math.floor(createdAt.getTime() / 1000) * 1000 + 120 * MINUTE);
    const patched = await call(booking.action, `/octo/bookings/${uuid}`, key, "PATCH", { expirationMinutes: 1440 }, uuid);
    expect(patched.status).toBe(200);
    expect(patched.body.utcExpiresAt).toBe(extended.body.utcExpiresAt);
    const again = await call(extend.action, `/octo/bookings/${uuid}/extend`, key, "POST", { expirationMinutes: 1440 }, uuid);
    expect(again.body.utcExpiresAt).toBe(extended.body.utcExpiresAt);
  });
});

describe("a traveller whose date of birth is known keeps to the category's ages (issue 35, item 15)", () => {
  it("re-pricing an adult as a child by PATCH or on confirmation is refused naming the unit item; a real child passes", async () => {
    const { key } = await newReseller("Family Agent");
    const prisma = await db();
    const tourPackage = await createPackage(80_00);
    const adult = await prisma.priceCategory.create({
      data: { serviceId: tourPackage.id, position: 0, name: "Adult", type: "ADULT", priceCents: 80_00, minAge: 12 },
    });
    const child = await prisma.priceCategory.create({
      data: { serviceId: tourPackage.id, position: 1, name: "Child", type: "CHILD", priceCents: 50_00, minAge: 2, maxAge: 11 },
    });
    const date = inDays(50);
    const departure = await createDeparture(tourPackage.id, date, 10);
    const uuid = randomUUID();
    const held = await call(bookings.action, "/octo/bookings", key, "POST", {
      productId: tourPackage.id,
      optionId: "DEFAULT",
      availabilityId: `${date}T08:00:00+06:00`,
      uuid,
      unitItems: [{ unitId: adult.id }, { unitId: adult.id }, { unitId: child.id }],
    });
    expect(held.status).toBe(200);
    const answer = held.body as unknown as { id: string; unitItems: { supplierReference: string }[] };
    // The agency records the second traveller's date of birth (36 on the travel date) and the third's (7).
    const admin = await createUser({ role: "ADMIN" });
    await updateTravellers(answer.id, { id: admin.id, isAdmin: true, isGuide: false }, [
      { id: answer.unitItems[1].supplierReference, name: "Karim Uddin", dateOfBirth: `${Number(date.slice(0, 4)) - 36}-01-01` },
      { id: answer.unitItems[2].supplierReference, name: "Nila Uddin", dateOfBirth: `${Number(date.slice(0, 4)) - 7}-01-01` },
    ]);
    const price = async () => (await prisma.order.findUniqueOrThrow({ where: { id: answer.id } })).priceCents;
    expect(await price()).toBe(210_00);

    const asChild = { unitItems: [{ unitId: adult.id }, { unitId: child.id }, { unitId: child.id }] };
    const patched = await call(booking.action, `/octo/bookings/${uuid}`, key, "PATCH", asChild, uuid);
    expect(patched.status).toBe(400);
    expect(patched.body.error).toBe("UNPROCESSABLE_ENTITY");
    expect(patched.body.errorMessage).toContain(`unitItems[1].unitId (${child.id})`);
    expect(patched.body.errorMessage).toContain("must be 2 to 11");
    expect(await price()).toBe(210_00);
    const confirmed = await call(
      confirmRoute.action,
      `/octo/bookings/${uuid}/confirm`,
      key,
      "POST",
      { contact: { fullName: "Karim Uddin" }, ...asChild },
      uuid,
    );
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.errorMessage).toContain("unitItems[1].unitId");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: answer.id } })).bookingStatus).toBe("PENDING");

    // The first (no date of birth known) may become a child; the others keep their dates of birth and names.
    const fair = await call(
      booking.action,
      `/octo/bookings/${uuid}`,
      key,
      "PATCH",
      { unitItems: [{ unitId: child.id }, { unitId: adult.id }, { unitId: child.id }] },
      uuid,
    );
    expect(fair.status).toBe(200);
    expect(await price()).toBe(180_00);
    const travellers = await prisma.traveller.findMany({ where: { orderId: answer.id }, orderBy: { position: "asc" } });
    expect(
      travellers.map((traveller) => [traveller.name, traveller.dateOfBirth && traveller.dateOfBirth.toISOString().slice(0, 10)]),
    ).toEqual([
      [null, null],
      ["Karim Uddin", `${Number(date.slice(0, 4)) - 36}-01-01`],
      ["Nila Uddin", `${Number(date.slice(0, 4)) - 7}-01-01`],
    ]);
    expect(await seatsTaken(departure.id)).toBe(3);
  });
});

describe("GET /octo/bookings is paged by the filters OCTO defines (issue 35, item 15)", () => {
  it("a range covers at most 31 days, and a query matching more than 500 bookings is refused, not cut short", async () => {
    const { id, key } = await newReseller("Busy Agent");
    const list = (query: string) => call(bookings.loader, `/octo/bookings?${query}`, key);
    const start = inDays(60);
    const wide = await list(`localDateStart=${start}&localDateEnd=${inDays(91)}`);
    expect(wide.status).toBe(400);
    expect(wide.body.error).toBe("BAD_REQUEST");
    expect(wide.body.errorMessage).toContain("localDateEnd");
    expect(wide.body.errorMessage).toContain("31 days");
    const month = await list(`localDateStart=${start}&localDateEnd=${inDays(90)}`);
    expect(month.status).toBe(200);
    expect(month.body).toEqual([]);

    // 501 expired holds of the reseller on one date (made directly: 501 reservations would take minutes).
    const date = inDays(61);
    const departure = await createDeparture(productId, date, 10);
    expect((await reserve(key, date, 1)).status).toBe(200);
    const prisma = await db();
    const userId = (await prisma.reseller.findUniqueOrThrow({ where: { id } })).userId!;
    const made = await prisma.order.findFirstOrThrow({ where: { resellerId: id } });
    const { id: _id, reference: _reference, octoUuid: _uuid, createdAt: _createdAt, updatedAt: _updatedAt, ...row } = made;
    await prisma.order.createMany({
      data: Array.from({ length: 500 }, (_, index) => ({
        ...row,
        userId,
        departureId: departure.id,
        bookingStatus: "EXPIRED" as const,
        holdExpiresAt: null,
        reference: `TB-LIST${String(index).padStart(4, "0")}`,
        octoUuid: randomUUID(),
      })),
    });
    const full = await list(`localDate=${date}`);
    expect(full.status).toBe(400);
    expect(full.body.errorMessage).toContain("More than 500 bookings match");
    // The validator's calls (by reference) still answer a list.
    const byReference = await list(`supplierReference=${made.reference}`);
    expect(byReference.status).toBe(200);
    expect((byReference.body as unknown as { supplierReference: string }[]).map((one) => one.supplierReference)).toEqual([
      made.reference,
    ]);
  }, 120_000);
});
