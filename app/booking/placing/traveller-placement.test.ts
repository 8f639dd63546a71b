// Placing a booking with its travellers: priced per category on the server, one row per person
// with a copy of its category, seats for those who take one, all in the seats' transaction.
import { describe, expect, it } from "vitest";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { familyPackage, familyTravellers } from "../../../tests/support/families";
import { checkoutFor } from "../../../tests/support/orders";

const NOW = new Date("2030-11-01T06:00:00Z");

async function seatsTaken(departureId: string) {
  const prisma = await db();
  return (await prisma.departure.findUniqueOrThrow({ where: { id: departureId } })).seatsTaken;
}

describe("placing a booking with travellers", () => {
  it("prices the family per category, takes the seats of those who take one and keeps each traveller", async () => {
    const user = await createUser();
    const family = await familyPackage({ seats: 5, idRequired: true });
    const travellers = familyTravellers(family).map((traveller, index) => ({
      ...traveller,
      idNumber: ["199 012-3456", "A1234567", "20231234567890123", "২০২৯১২৩৪৫৬৭৮৯০১২৩"][index],
    }));
    const input = { ...checkoutFor(family.tourPackage.id, { departure: family.departure.id, quantity: "2" }), travellers };
    const { id } = await placeBooking(user.id, input, { now: NOW });
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({
      where: { id },
      include: { travellers: { orderBy: { position: "asc" } } },
    });
    // 2 × $100 + 1 × $60 + an infant at $0; the infant sits on a lap.
    expect(order).toMatchObject({ priceCents: 260_00, quantity: 3, unitPriceCents: 100_00 });
    expect(await seatsTaken(family.departure.id)).toBe(3);
    expect(
      order.travellers.map(
        ({ position, categoryId, categoryName, categoryType, priceCents, takesSeat, minAge, maxAge, name }) => ({
          position,
          categoryId,
          categoryName,
          categoryType,
          priceCents,
          takesSeat,
          minAge,
          maxAge,
          name,
        }),
      ),
    ).toEqual([
      {
        position: 0,
        categoryId: family.adult.id,
        categoryName: "Adult",
        categoryType: "ADULT",
        priceCents: 100_00,
        takesSeat: true,
        minAge: 12,
        maxAge: null,
        name: "Rina Das",
      },
      {
        position: 1,
        categoryId: family.adult.id,
        categoryName: "Adult",
        categoryType: "ADULT",
        priceCents: 100_00,
        takesSeat: true,
        minAge: 12,
        maxAge: null,
        name: "Karim Das",
      },
      {
        position: 2,
        categoryId: family.child.id,
        categoryName: "Child",
        categoryType: "CHILD",
        priceCents: 60_00,
        takesSeat: true,
        minAge: 2,
        maxAge: 11,
        name: "Mitu Das",
      },
      {
        position: 3,
        categoryId: family.infant.id,
        categoryName: "Infant",
        categoryType: "INFANT",
        priceCents: 0,
        takesSeat: false,
        minAge: 0,
        maxAge: 1,
        name: "Tuni Das",
      },
    ]);
    expect(order.travellers.map((traveller) => traveller.dateOfBirth?.toISOString().slice(0, 10))).toEqual([
      "1990-03-02",
      "1988-07-19",
      "2023-05-01",
      "2029-08-10",
    ]);
    // Normalised: spaces gone, letters upper-cased, Bangla digits read as 0–9.
    expect(order.travellers.map((traveller) => traveller.idNumber)).toEqual([
      "1990123456",
      "A1234567",
      "20231234567890123",
      "20291234567890123",
    ]);
    // The emails count persons, the infant too.
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { to: user.email } });
    expect(email.text).toContain("Travellers: 2 adults, 1 child, 1 infant");
  });

  it("refuses a child too old at the travel date on that traveller's field, and saves nothing", async () => {
    const user = await createUser();
    const family = await familyPackage({ seats: 5 });
    const travellers = familyTravellers(family);
    // 12 on 14 Dec 2030: too old to be a Child (2 to 11).
    travellers[2] = { ...travellers[2], dateOfBirth: "2018-12-01" };
    const input = { ...checkoutFor(family.tourPackage.id, { departure: family.departure.id }), travellers };
    const refusal = await placeBooking(user.id, input, { now: NOW }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: "travellers",
      fields: [
        {
          path: "travellers[2].dateOfBirth",
          message: expect.stringMatching(
            /^Traveller 3: a Child must be 2 to 11 on 14 Dec 2030; this date of birth makes them 12\.$/,
          ),
        },
      ],
    });
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.traveller.count({ where: { order: { userId: user.id } } })).toBe(0);
    expect(await seatsTaken(family.departure.id)).toBe(0);
  });

  it("takes the booking with names and ID numbers to follow, as the API without travellers (issue 35 item 8)", async () => {
    const user = await createUser();
    const family = await familyPackage({ idRequired: true });
    const [adult, second, child, infant] = familyTravellers(family);
    const input = {
      ...checkoutFor(family.tourPackage.id, { departure: family.departure.id }),
      // The checkout's blocks as a customer who knows only the children's ages leaves them.
      travellers: [adult, { ...second, name: "" }, { ...child, name: " " }, { ...infant, name: "Tuni Das", idNumber: "" }],
    };
    const { id } = await placeBooking(user.id, input, { now: NOW });
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({
      where: { id },
      include: { travellers: { orderBy: { position: "asc" } } },
    });
    expect(order.quantity).toBe(3);
    expect(order.travellers.map(({ name, idNumber }) => ({ name, idNumber }))).toEqual([
      { name: "Rina Das", idNumber: null },
      { name: null, idNumber: null },
      { name: null, idNumber: null },
      { name: "Tuni Das", idNumber: null },
    ]);
    // What is given is still checked: a date of birth decides the category and its price.
    await expect(
      placeBooking(
        user.id,
        {
          ...checkoutFor(family.tourPackage.id, { departure: family.departure.id }),
          travellers: [adult, { ...child, name: "", dateOfBirth: "" }],
        },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ fields: [{ path: "travellers[1].dateOfBirth" }] });
  });

  it("refuses more infants than laps and counts only seat-taking travellers against the seats left", async () => {
    const user = await createUser();
    const family = await familyPackage({ seats: 2 });
    const [adult, , , infant] = familyTravellers(family);
    const base = checkoutFor(family.tourPackage.id, { departure: family.departure.id });
    await expect(
      placeBooking(user.id, { ...base, travellers: [adult, infant, { ...infant, name: "Rupa Das" }] }, { now: NOW }),
    ).rejects.toMatchObject({
      code: "travellers",
      message: "Infant: at most one on a lap per traveller who takes a seat.",
    });
    // Two adults and an infant fit two seats.
    const { id } = await placeBooking(
      user.id,
      { ...base, travellers: [adult, { ...adult, name: "Karim Das" }, infant] },
      { now: NOW },
    );
    const prisma = await db();
    expect((await prisma.order.findUniqueOrThrow({ where: { id } })).quantity).toBe(2);
    expect(await seatsTaken(family.departure.id)).toBe(2);
    await expect(
      placeBooking(
        user.id,
        { ...checkoutFor(family.tourPackage.id, { departure: family.departure.id }), travellers: [adult] },
        { now: NOW },
      ),
    ).rejects.toMatchObject({ code: "seats", message: "This date is sold out." });
  });

  it("without travellers books quantity persons of the first category, names to follow", async () => {
    const user = await createUser();
    const family = await familyPackage();
    const { id } = await placeBooking(
      user.id,
      checkoutFor(family.tourPackage.id, { departure: family.departure.id, quantity: "3" }),
      {
        now: NOW,
      },
    );
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({ where: { id }, include: { travellers: true } });
    expect(order).toMatchObject({ quantity: 3, priceCents: 300_00 });
    expect(order.travellers.map(({ categoryId, name, dateOfBirth }) => ({ categoryId, name, dateOfBirth }))).toEqual(
      Array.from({ length: 3 }, () => ({ categoryId: family.adult.id, name: null, dateOfBirth: null })),
    );
  });

  it("keeps the default Adult of a package without categories as category null", async () => {
    const user = await createUser();
    const prisma = await db();
    const tourPackage = await prisma.service.create({
      data: { title: "Plain Trip", costCents: 150_00, image: "/images/tours/sundarbans.svg", description: "Boats." },
    });
    const travellers = [
      { category: "adult", name: "Rina Das" },
      { category: "adult", name: "Karim Das" },
    ];
    const { id } = await placeBooking(user.id, { ...checkoutFor(tourPackage.id), travellers }, { now: NOW });
    const order = await prisma.order.findUniqueOrThrow({
      where: { id },
      include: { travellers: { orderBy: { position: "asc" } } },
    });
    expect(order).toMatchObject({ quantity: 2, priceCents: 300_00 });
    expect(
      order.travellers.map(({ categoryId, categoryName, priceCents, name }) => ({ categoryId, categoryName, priceCents, name })),
    ).toEqual([
      { categoryId: null, categoryName: "Adult", priceCents: 150_00, name: "Rina Das" },
      { categoryId: null, categoryName: "Adult", priceCents: 150_00, name: "Karim Das" },
    ]);
  });
});

describe("200 concurrent family bookings on one departure", () => {
  it("never sells more seats than it has, counting only the travellers who take one", async () => {
    const SEATS = 120;
    const BOOKINGS = 200;
    const family = await familyPackage({ seats: SEATS, title: "Crowded Ferry" });
    const [adult, secondAdult, child, infant] = familyTravellers(family);
    // 40 accounts of 5 bookings each: at most 15 seats held unpaid per account, under its limits.
    const users: { id: string }[] = [];
    for (let index = 0; index < 40; index++) users.push(await createUser());
    // Mixed families: 1 adult; 2 adults and an infant; 1 adult, 1 child and an infant; 2 adults and a child.
    const shapes = [[adult], [adult, secondAdult, infant], [adult, child, infant], [adult, secondAdult, child]];
    // A client told the server is busy (no connection within the pool's wait, P2028) tries again,
    // with the same form key: what counts is that no attempt oversells or loses a traveller.
    const book = async (input: Parameters<typeof placeBooking>[1], userId: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return { ok: true as const, id: (await placeBooking(userId, input, { now: NOW })).id };
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === "P2028" && attempt < 10) continue;
          return { ok: false as const, code };
        }
      }
    };
    const attempts = Array.from({ length: BOOKINGS }, (_, index) => {
      const travellers = shapes[index % shapes.length];
      const input = { ...checkoutFor(family.tourPackage.id, { departure: family.departure.id }), travellers };
      return book(input, users[index % users.length].id);
    });
    const results = await Promise.all(attempts);
    const refused = results.filter((result) => !result.ok);
    // Every refusal is for seats: nothing else went wrong under load.
    expect(new Set(refused.map((result) => result.code))).toEqual(new Set(refused.length > 0 ? ["seats"] : []));
    const prisma = await db();
    const orders = await prisma.order.findMany({ where: { departureId: family.departure.id }, include: { travellers: true } });
    expect(orders).toHaveLength(results.length - refused.length);
    const seatTaking = orders.flatMap((order) => order.travellers).filter((traveller) => traveller.takesSeat).length;
    const taken = await seatsTaken(family.departure.id);
    // Demand (2.25 seats a booking on average, 450 in all) far above the 120 seats: they all go, never more.
    expect(taken).toBe(seatTaking);
    expect(taken).toBe(orders.reduce((sum, order) => sum + order.quantity, 0));
    expect(taken).toBeLessThanOrEqual(SEATS);
    expect(taken).toBeGreaterThan(SEATS - 3);
    // Each order keeps all its travellers, infants included.
    for (const order of orders) expect(order.travellers.length).toBeGreaterThanOrEqual(order.quantity);
    expect(orders.some((order) => order.travellers.some((traveller) => !traveller.takesSeat))).toBe(true);
    expect(await prisma.traveller.count({ where: { order: { departureId: family.departure.id } } })).toBe(
      orders.reduce((sum, order) => sum + order.travellers.length, 0),
    );
  });
});
