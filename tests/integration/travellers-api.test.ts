// POST /api/my-orders with travellers: priced per category by the server, each error naming the
// traveller and the field, 409 when the seats are gone; older clients sending only a quantity keep
// working (names to follow); every order JSON lists its travellers, ID numbers masked.
import { beforeAll, describe, expect, it } from "vitest";

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const myOrders = await import("~/routes/api.my-orders");
const myOrder = await import("~/routes/api.my-orders.$id");
const { createUser, signIn } = await import("../support/auth");
const { inDays, createPackage, createDeparture } = await import("../support/bookings");
const { familyPackage, familyTravellers } = await import("../support/families");
const { billing } = await import("../support/orders");
const { callRoute, ORIGIN } = await import("../support/requests");

const TRAVEL_DATE = inDays(60);

function post(cookie: string, body: unknown) {
  const request = new Request(new URL("/api/my-orders", ORIGIN), {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return callRoute(myOrders.action, request);
}

function get(cookie: string, path: string, params: Record<string, string> = {}) {
  const request = new Request(new URL(path, ORIGIN), { headers: { Cookie: cookie } });
  return callRoute(
    path === "/api/my-orders" || path.startsWith("/api/my-orders?") ? myOrders.loader : myOrder.loader,
    request,
    params,
  );
}

async function customer() {
  const user = await createUser();
  return { user, cookie: await signIn(user.id) };
}

describe("POST /api/my-orders with travellers", () => {
  it("books a family, priced by the server, and returns its travellers with ID numbers masked", async () => {
    const { user, cookie } = await customer();
    const family = await familyPackage({ seats: 6, date: TRAVEL_DATE, idRequired: true, title: "Api Family Trip" });
    const ids = ["1990123456", "AB1234567", "20201234567890123", "20211234567890999"];
    const travellers = familyTravellers(family, TRAVEL_DATE).map((traveller, index) => ({ ...traveller, idNumber: ids[index] }));
    const answer = await post(cookie, {
      ...billing,
      service: family.tourPackage.id,
      departure: family.departure.id,
      type: "group",
      Price: 260,
      travellers,
    });
    expect(answer.status).toBe(201);
    const id = answer.data.insertedId as string;

    const one = await get(cookie, `/api/my-orders/${id}`, { id });
    expect(one.status).toBe(200);
    expect(one.data).toMatchObject({ _id: id, Price: 260, quantity: 3, date: TRAVEL_DATE });
    expect(one.data.travellers).toEqual([
      {
        _id: expect.any(String),
        category: family.adult.id,
        categoryName: "Adult",
        name: "Rina Das",
        dateOfBirth: "1990-03-02",
        idNumber: "••••••3456",
        checkedIn: null,
      },
      {
        _id: expect.any(String),
        category: family.adult.id,
        categoryName: "Adult",
        name: "Karim Das",
        dateOfBirth: "1988-07-19",
        idNumber: "•••••4567",
        checkedIn: null,
      },
      {
        _id: expect.any(String),
        category: family.child.id,
        categoryName: "Child",
        name: "Mitu Das",
        dateOfBirth: travellers[2].dateOfBirth,
        idNumber: "•••••••••••••0123",
        checkedIn: null,
      },
      {
        _id: expect.any(String),
        category: family.infant.id,
        categoryName: "Infant",
        name: "Tuni Das",
        dateOfBirth: travellers[3].dateOfBirth,
        idNumber: "•••••••••••••0999",
        checkedIn: null,
      },
    ]);
    // The list says the same, and no whole ID number is anywhere in it.
    const list = await get(cookie, `/api/my-orders?email=${encodeURIComponent(user.email)}`);
    expect(list.status).toBe(200);
    expect(list.data[0].travellers).toEqual(one.data.travellers);
    for (const whole of ids) expect(JSON.stringify(list.data)).not.toContain(whole);
  });

  it("without travellers, quantity persons of the first category with names to follow (older clients)", async () => {
    const { cookie } = await customer();
    const tourPackage = await createPackage(45_000);
    const departure = await createDeparture(tourPackage.id, TRAVEL_DATE, 10);
    const answer = await post(cookie, {
      ...billing,
      service: tourPackage.id,
      departure: departure.id,
      quantity: 2,
      type: "group",
      Price: 900,
    });
    expect(answer.status).toBe(201);
    const id = answer.data.insertedId as string;
    const one = await get(cookie, `/api/my-orders/${id}`, { id });
    expect(one.data).toMatchObject({ Price: 900, quantity: 2 });
    expect(one.data.travellers).toEqual([
      {
        _id: expect.any(String),
        category: "adult",
        categoryName: "Adult",
        name: null,
        dateOfBirth: null,
        idNumber: null,
        checkedIn: null,
      },
      {
        _id: expect.any(String),
        category: "adult",
        categoryName: "Adult",
        name: null,
        dateOfBirth: null,
        idNumber: null,
        checkedIn: null,
      },
    ]);
  });

  it("answers 400 naming the traveller and the field, and books nothing", async () => {
    const { user, cookie } = await customer();
    const family = await familyPackage({ seats: 6, date: TRAVEL_DATE, title: "Api Family Errors" });
    const travellers = familyTravellers(family, TRAVEL_DATE);
    const base = { ...billing, service: family.tourPackage.id, departure: family.departure.id, type: "group" };

    const tooOld = await post(cookie, {
      ...base,
      travellers: travellers.map((t, i) => (i === 2 ? { ...t, dateOfBirth: "1999-01-01" } : t)),
    });
    expect(tooOld.status).toBe(400);
    expect(Object.keys(tooOld.data.details)).toEqual(["travellers[2].dateOfBirth"]);
    expect(tooOld.data.error).toMatch(/^Traveller 3: a Child must be 2 to 11 on /);

    const badDate = await post(cookie, {
      ...base,
      travellers: travellers.map((t, i) => (i === 3 ? { ...t, dateOfBirth: "10/08/2025" } : t)),
    });
    expect(badDate.data.details).toEqual({
      "travellers[3].dateOfBirth": ["Traveller 4: please enter the date of birth as YYYY-MM-DD."],
    });

    const wrongType = await post(cookie, { ...base, travellers: [{ ...travellers[0], name: 42 }] });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.data.details)).toEqual(["travellers[0].name"]);

    const unknown = await post(cookie, { ...base, travellers: [{ ...travellers[0], category: "nope" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.data.details).toEqual({ "travellers[0].category": ["Traveller 1: this price category does not exist."] });

    const lapsOnly = await post(cookie, { ...base, travellers: [travellers[3]] });
    expect(lapsOnly.status).toBe(400);
    expect(lapsOnly.data.details).toEqual({
      travellers: ["An Infant cannot travel alone: please add a traveller who takes a seat."],
    });

    const wrongPrice = await post(cookie, { ...base, travellers, Price: 400 });
    expect(wrongPrice.status).toBe(400);
    expect(wrongPrice.data.error).toBe("The price does not match: these travellers cost 260.");

    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
  });

  it("answers 409 when the seats are gone, counting only travellers who take one", async () => {
    const { cookie } = await customer();
    const family = await familyPackage({ seats: 3, date: TRAVEL_DATE, title: "Api Family Seats" });
    const travellers = familyTravellers(family, TRAVEL_DATE);
    const base = { ...billing, service: family.tourPackage.id, departure: family.departure.id, type: "group" };
    // 2 adults, a child and an infant: 3 seats, the whole date.
    expect((await post(cookie, { ...base, travellers })).status).toBe(201);
    const gone = await post(cookie, { ...base, travellers: [travellers[0]] });
    expect(gone.status).toBe(409);
    expect(gone.data.error).toBe("This date is sold out.");
  });
});
