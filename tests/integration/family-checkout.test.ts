// A family (2 adults, a child, an infant) through the order page and the checkout at loader and
// action level, as a browser without JavaScript sends them: counts per category, the server's total,
// one block per traveller, errors on the traveller's field with everything typed kept.
import { beforeAll, describe, expect, it } from "vitest";

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const orderPage = await import("~/routes/order.$id");
const checkout = await import("~/routes/addCart.$total");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { inDays } = await import("../support/bookings");
const { familyPackage, familyTravellers } = await import("../support/families");
const { billing } = await import("../support/orders");
const { callRoute, getRequest } = await import("../support/requests");

const TRAVEL_DATE = inDays(45);

async function setUp(title: string) {
  const family = await familyPackage({ seats: 8, date: TRAVEL_DATE, title });
  const user = await createUser();
  return { ...family, user, cookie: await signIn(user.id) };
}

const orderQuery = (family: Awaited<ReturnType<typeof setUp>>, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    quantity: "2",
    [`count.${family.child.id}`]: "1",
    [`count.${family.infant.id}`]: "1",
    type: "city",
    departure: family.departure.id,
    ...extra,
  });

describe("the order page with price categories", () => {
  it("reads the counts per category, steps them without JavaScript and sends Add-Cart to the checkout with the server's total", async () => {
    const family = await setUp("Family Order Page");
    const id = family.tourPackage.id;
    const stepped = await callRoute(
      orderPage.loader,
      getRequest(`/order/${id}?${orderQuery(family, { step: `${family.child.id}:1` })}`),
      { id },
    );
    expect(stepped.data.choice.counts).toEqual({ [family.adult.id]: 2, [family.child.id]: 2, [family.infant.id]: 1 });
    expect(stepped.data.tourPackage.priceCategories.map((category: { name: string }) => category.name)).toEqual([
      "Adult",
      "Child",
      "Infant",
    ]);

    const added = await callRoute(orderPage.loader, getRequest(`/order/${id}?${orderQuery(family, { add: "1" })}`), { id });
    expect(added.status).toBe(302);
    expect(added.location).toBe(
      `/addCart/260?service=${id}&quantity=2&type=city&departure=${family.departure.id}&count.${family.child.id}=1&count.${family.infant.id}=1`,
    );
    // Two infants for one adult: no checkout, the page says why.
    const laps = await callRoute(
      orderPage.loader,
      getRequest(
        `/order/${id}?${orderQuery(family, { quantity: "1", [`count.${family.child.id}`]: "0", [`count.${family.infant.id}`]: "2", add: "1" })}`,
      ),
      { id },
    );
    expect(laps.status).toBe(200);
    expect(laps.data.adding).toBe(true);
  });
});

describe("the checkout of a family", () => {
  it("prices the counts on the server, asks one block per traveller and keeps what was typed on an error", async () => {
    const family = await setUp("Family Checkout");
    const id = family.tourPackage.id;
    const query = `service=${id}&quantity=2&type=city&departure=${family.departure.id}&count.${family.child.id}=1&count.${family.infant.id}=1`;
    // A tampered total is replaced by the server's.
    const wrong = await callRoute(checkout.loader, authedGet(`/addCart/999?${query}`, family.cookie), { total: "999" });
    expect(wrong.location).toBe(`/addCart/260?${query}`);
    const page = await callRoute(checkout.loader, authedGet(`/addCart/260?${query}`, family.cookie), { total: "260" });
    expect(page.status).toBe(200);
    expect(page.data.totalCents).toBe(260_00);
    expect(
      page.data.travellers.map((slot: { categoryName: string; ages: string | null }) => [slot.categoryName, slot.ages]),
    ).toEqual([
      ["Adult", "aged 12 or older on the travel date"],
      ["Adult", "aged 12 or older on the travel date"],
      ["Child", "aged 2 to 11 on the travel date"],
      ["Infant", "aged 0 to 1 on the travel date"],
    ]);

    const [adult, secondAdult, child, infant] = familyTravellers(family, TRAVEL_DATE);
    const fields: Record<string, string> = {
      ...billing,
      service: id,
      quantity: "2",
      type: "city",
      departure: family.departure.id,
      formKey: "family-checkout-form-key-000001",
    };
    // The first traveller's name left blank: the billing contact (Rina Das).
    [{ ...adult, name: "" }, secondAdult, { ...child, dateOfBirth: "2001-01-01" }, infant].forEach((traveller, index) => {
      for (const [name, value] of Object.entries(traveller)) fields[`travellers[${index}].${name}`] = value;
    });
    const refused = await callRoute(checkout.action, authedPost(`/addCart/260?${query}`, fields, family.cookie), {
      total: "260",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toEqual({
      "": ["Please check the travellers' details below."],
      "travellers[2].dateOfBirth": [
        expect.stringMatching(/^Traveller 3: a Child must be 2 to 11 on .*; this date of birth makes them \d+\.$/),
      ],
    });
    // Nothing typed is lost: the form comes back with every value.
    expect(refused.data.initialValue.travellers[1]).toMatchObject({ name: "Karim Das", dateOfBirth: "1988-07-19" });
    expect(refused.data.initialValue.travellers[2]).toMatchObject({ name: "Mitu Das", dateOfBirth: "2001-01-01" });
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: family.user.id } })).toBe(0);

    fields["travellers[2].dateOfBirth"] = child.dateOfBirth;
    const placed = await callRoute(checkout.action, authedPost(`/addCart/260?${query}`, fields, family.cookie), { total: "260" });
    expect(placed.status).toBe(302);
    expect(placed.location).toBe("/dashboard/myOrder");
    const order = await prisma.order.findFirstOrThrow({
      where: { userId: family.user.id },
      include: { travellers: { orderBy: { position: "asc" } } },
    });
    expect(order).toMatchObject({ priceCents: 260_00, quantity: 3 });
    expect(order.travellers.map((traveller) => [traveller.name, traveller.categoryName])).toEqual([
      ["Rina Das", "Adult"],
      ["Karim Das", "Adult"],
      ["Mitu Das", "Child"],
      ["Tuni Das", "Infant"],
    ]);
  });

  it("refuses counts the package cannot take", async () => {
    const family = await setUp("Family Checkout Laps");
    const query = `service=${family.tourPackage.id}&quantity=1&type=city&departure=${family.departure.id}&count.${family.infant.id}=2`;
    const answer = await callRoute(checkout.loader, authedGet(`/addCart/100?${query}`, family.cookie), { total: "100" });
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe("Infant: at most one on a lap per traveller who takes a seat.");
    const unknown = await callRoute(
      checkout.loader,
      authedGet(`/addCart/100?${query.replace(family.infant.id, "nope")}`, family.cookie),
      {
        total: "100",
      },
    );
    expect(unknown.data.message).toBe("This price category does not exist.");
  });
});
