// A booking's travellers completed or corrected after ordering, over the API and on the booking
// page, as each kind of caller: the owner until the cutoff before departure, an admin at any time,
// anyone else as if the booking did not exist; ID numbers never in the orders CSV, masked in JSON.
import { beforeAll, describe, expect, it } from "vitest";

const { db } = await import("~/platform/db.server");
// The first query creates, migrates and seeds this file's database: slow on a busy machine.
beforeAll(() => db(), 180_000);
const travellersApi = await import("~/routes/api.my-orders.$id.travellers");
const ordersCsv = await import("~/routes/dashboard.export.orders[.]csv");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays } = await import("../support/bookings");
const { ORIGIN, callRoute } = await import("../support/requests");
const { setTravellers } = await import("../support/travellers");

/** A booking of two (an adult and a child) `days` before its departure, names to follow. */
async function booking(days = 10, { idRequired = false } = {}) {
  const owner = await createUser();
  const tourPackage = await createPackage();
  const prisma = await db();
  await prisma.service.update({ where: { id: tourPackage.id }, data: { idRequired } });
  const departure = await createDeparture(tourPackage.id, inDays(days));
  const order = await bookDeparture(owner, departure, 2);
  const travellers = await setTravellers(order.id, [{}, { category: "Child" }]);
  return { owner, order, travellers, date: inDays(days) };
}

const childBorn = (date: string, age: number) => `${Number(date.slice(0, 4)) - age}${date.slice(4)}`;

async function put(orderId: string, body: unknown, cookie: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: ORIGIN };
  if (cookie) headers.Cookie = cookie;
  const response = await travellersApi.action({
    request: new Request(new URL(`/api/my-orders/${orderId}/travellers`, ORIGIN), {
      method: "PUT",
      headers,
      body: JSON.stringify(body),
    }),
    params: { id: orderId },
    context: {},
  });
  return { status: response.status, body: await response.json() };
}

const names = async (orderId: string) =>
  (await (await db()).traveller.findMany({ where: { orderId }, orderBy: { position: "asc" }, select: { name: true } })).map(
    (traveller) => traveller.name,
  );

describe("PUT /api/my-orders/{id}/travellers", () => {
  it("lets the owner complete the travellers before the cutoff and answers the order, its ID numbers never whole", async () => {
    const { owner, order, travellers, date } = await booking(10, { idRequired: true });
    const cookie = await signIn(owner.id);
    const answer = await put(
      order.id,
      {
        travellers: [
          { _id: travellers[0].id, name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "1234 5678 90" },
          { _id: travellers[1].id, name: "Tuhin Das", dateOfBirth: childBorn(date, 6), idNumber: "AB1234567" },
        ],
      },
      cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ _id: order.id, quantity: 2, date });
    // The answer's travellers: their ID numbers masked (last 4), as in every JSON.
    expect(answer.body.travellers).toMatchObject([
      { _id: travellers[0].id, categoryName: "Adult", name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "••••••7890" },
      { _id: travellers[1].id, categoryName: "Child", name: "Tuhin Das", dateOfBirth: childBorn(date, 6), idNumber: "•••••4567" },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain("1234567890");
    expect(JSON.stringify(answer.body)).not.toContain("AB1234567");
    expect(await names(order.id)).toEqual(["Rina Das", "Tuhin Das"]);
    const stored = await (await db()).traveller.findMany({ where: { orderId: order.id }, orderBy: { position: "asc" } });
    expect(stored.map((traveller) => traveller.idNumber)).toEqual(["1234567890", "AB1234567"]);
  });

  it("answers 400 naming travellers[i].field, and saves nothing", async () => {
    const { owner, order, travellers, date } = await booking(10);
    const cookie = await signIn(owner.id);
    const answer = await put(
      order.id,
      {
        travellers: [
          { _id: travellers[0].id, name: "Rina Das" },
          { _id: travellers[1].id, name: "T", dateOfBirth: childBorn(date, 15) },
        ],
      },
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.details)).toEqual(["travellers[1].name", "travellers[1].dateOfBirth"]);
    expect(answer.body.details["travellers[1].dateOfBirth"][0]).toContain("this date of birth makes them 15");
    expect(await names(order.id)).toEqual([null, null]);

    const unknown = await put(order.id, { travellers: [{ _id: "cunknownunknownunknown000", name: "Rina Das" }] }, cookie);
    expect(unknown).toMatchObject({ status: 400, body: { details: { "travellers[0]._id": [expect.any(String)] } } });
    // The counts and categories are not the API's to change.
    const category = await put(
      order.id,
      { travellers: [{ _id: travellers[0].id, name: "Rina Das", category: "child" }] },
      cookie,
    );
    expect(category).toMatchObject({ status: 400, body: { details: { "travellers[0]": [expect.any(String)] } } });
    expect(await names(order.id)).toEqual([null, null]);
  });

  it("refuses the owner after the cutoff (403), lets an admin change them then; another customer gets 404, no one signed in 401", async () => {
    // Tomorrow's trip: the cutoff (48 hours before its day) has passed.
    const { owner, order, travellers } = await booking(1);
    const body = { travellers: [{ _id: travellers[0].id, name: "Rina Das" }] };
    const late = await put(order.id, body, await signIn(owner.id));
    expect(late.status).toBe(403);
    expect(late.body.error).toMatch(/can no longer be changed online/);
    const stranger = await put(order.id, body, await signIn((await createUser()).id));
    expect(stranger).toMatchObject({ status: 404, body: { error: "No such order." } });
    // A guide sees manifests, not other people's bookings.
    const guide = await put(order.id, body, await signIn((await createUser({ role: "GUIDE" })).id));
    expect(guide.status).toBe(404);
    expect((await put(order.id, body, null)).status).toBe(401);
    expect(await names(order.id)).toEqual([null, null]);
    const admin = await put(order.id, body, await signIn((await createUser({ role: "ADMIN" })).id));
    expect(admin.status).toBe(200);
    expect(await names(order.id)).toEqual(["Rina Das", null]);
  });
});

describe("ID numbers in exports", () => {
  it("never appear in the orders CSV", async () => {
    const { order, travellers } = await booking(10);
    const prisma = await db();
    await prisma.traveller.update({ where: { id: travellers[0].id }, data: { name: "Rina Das", idNumber: "9876543210" } });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const csv = await callRoute(ordersCsv.loader, authedGet("/dashboard/export/orders.csv", admin));
    expect(csv.status).toBe(200);
    expect(String(csv.data)).toContain(order.reference);
    expect(String(csv.data)).not.toContain("9876543210");
    expect(String(csv.data)).not.toContain("6543210");
  });
});

describe("the travellers on the booking page", () => {
  const orderPage = () => import("~/routes/dashboard.orders.$id");
  const view = async (id: string, cookie: string) =>
    callRoute((await orderPage()).loader, authedGet(`/dashboard/orders/${id}`, cookie), { id });
  const post = async (id: string, fields: Record<string, string>, cookie: string) =>
    callRoute((await orderPage()).action, authedPost(`/dashboard/orders/${id}`, fields, cookie), { id });
  const form = (travellers: { id: string }[], values: Record<string, string>[]) => ({
    intent: "travellers",
    ...Object.fromEntries(
      travellers.flatMap((traveller, index) => [
        [`travellers[${index}]._id`, traveller.id],
        ...Object.entries(values[index] ?? {}).map(([field, value]) => [`travellers[${index}].${field}`, value]),
      ]),
    ),
  });

  it("shows the owner each traveller, ID numbers whole, and saves the form; an error stays on its field with what was typed", async () => {
    const { owner, order, travellers, date } = await booking(10, { idRequired: true });
    const cookie = await signIn(owner.id);
    const page = await view(order.id, cookie);
    expect(page.data.travellers).toMatchObject({
      canEdit: true,
      idRequired: true,
      travellers: [{ category: "Adult" }, { category: "Child" }],
    });

    const typed = [
      { name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "1234567890" },
      { name: "Tuhin Das", dateOfBirth: childBorn(date, 30), idNumber: "AB1234567" },
    ];
    const refused = await post(order.id, form(travellers, typed), cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ travellers: "invalid", values: typed });
    expect(Object.keys(refused.data.errors)).toEqual(["travellers[1].dateOfBirth"]);
    expect(await names(order.id)).toEqual([null, null]);

    typed[1].dateOfBirth = childBorn(date, 9);
    const saved = await post(order.id, form(travellers, typed), cookie);
    expect(saved).toMatchObject({ status: 200, data: { travellers: "saved" } });
    expect((await view(order.id, cookie)).data.travellers.travellers).toMatchObject([
      { name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "1234567890" },
      { name: "Tuhin Das", dateOfBirth: childBorn(date, 9), idNumber: "AB1234567" },
    ]);
  });

  it("after the cutoff tells the customer until when, refuses their form, and lets an admin save", async () => {
    const { owner, order, travellers } = await booking(1);
    const cookie = await signIn(owner.id);
    const page = await view(order.id, cookie);
    expect(page.data.travellers).toMatchObject({ canEdit: false, cutoff: expect.any(String) });
    const refused = await post(order.id, form(travellers, [{ name: "Rina Das" }, { name: "Tuhin Das" }]), cookie);
    expect(refused).toMatchObject({ status: 403, data: { travellers: "refused" } });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    expect((await view(order.id, admin)).data.travellers.canEdit).toBe(true);
    // An Adult needs no date of birth; a Child does.
    const missing = await post(order.id, form(travellers, [{ name: "Rina Das" }, { name: "Tuhin Das" }]), admin);
    expect(missing.data.errors).toEqual({
      "travellers[1].dateOfBirth": expect.stringMatching(/^Traveller 2: please enter their date of birth/),
    });
    const stranger = await signIn((await createUser()).id);
    expect(await post(order.id, form(travellers, [{ name: "Rina Das" }]), stranger)).toMatchObject({ status: 404 });
  });
});
