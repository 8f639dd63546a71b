// A promo code through the checkout page (its Apply box, ?promo=, and the placed order), then where
// the discount shows: the order page, My Orders, the orders CSV and the order's JSON.
import { beforeAll, describe, expect, it } from "vitest";

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const checkout = await import("~/routes/addCart.$total");
const orderPage = await import("~/routes/dashboard.orders.$id");
const myOrders = await import("~/routes/dashboard.myOrder");
const ordersCsv = await import("~/routes/dashboard.export.orders[.]csv");
const orderApi = await import("~/routes/api.my-orders.$id");
const promoPage = await import("~/routes/dashboard.promo-codes");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { createDeparture, createPackage, inDays } = await import("../support/bookings");
const { billing } = await import("../support/orders");
const { callRoute } = await import("../support/requests");

let adminCookie = "";
let customer: Awaited<ReturnType<typeof createUser>>;
let cookie = "";
let tour: { id: string; departure: string };

beforeAll(async () => {
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
  customer = await createUser();
  cookie = await signIn(customer.id);
  const tourPackage = await createPackage(10_000);
  tour = { id: tourPackage.id, departure: (await createDeparture(tourPackage.id, inDays(30), 50)).id };
}, 180_000);

/** A code made on the dashboard's form, as an administrator makes one. */
async function dashboardCode(fields: Record<string, string | string[]>) {
  const answer = await callRoute(
    promoPage.action,
    authedPost(
      "/dashboard/promo-codes",
      { intent: "create", validFrom: inDays(-3), validUntil: inDays(3), ...fields } as never,
      adminCookie,
    ),
  );
  return answer;
}

const query = (extra: string) => `service=${tour.id}&quantity=2&type=group&departure=${tour.departure}${extra}`;

function place(fields: Record<string, string>) {
  return callRoute(
    checkout.action,
    authedPost(
      "/addCart/200",
      {
        ...billing,
        City: "",
        Postcode: "",
        service: tour.id,
        departure: tour.departure,
        quantity: "2",
        type: "group",
        "travellers[0].category": "adult",
        "travellers[0].name": "",
        "travellers[1].category": "adult",
        "travellers[1].name": "Karim Das",
        formKey: `form-${Math.random().toString(36).slice(2)}-000000`,
        ...fields,
      },
      cookie,
    ),
    { total: "200" },
  );
}

describe("a promo code at checkout", () => {
  it("is made on the dashboard with its errors on the fields, past windows included", async () => {
    const refused = await dashboardCode({ code: "-x", percentOff: "0", validUntil: "2000-01-01" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      code: [expect.stringContaining("3 to 30 letters")],
      percentOff: ["The percent off must be at least 1."],
    });
    expect(
      (await dashboardCode({ code: "Done-2025", percentOff: "10", validFrom: "2025-01-01", validUntil: "2025-01-31" })).status,
    ).toBe(200);
    const listed = await callRoute(promoPage.loader, authedGet("/dashboard/promo-codes", adminCookie));
    expect(listed.data.codes).toContainEqual(expect.objectContaining({ code: "DONE-2025", state: "Expired", uses: "0" }));
    // a customer is sent away
    expect((await callRoute(promoPage.loader, authedGet("/dashboard/promo-codes", cookie))).status).toBe(302);
  });

  it("shows the discount or exactly why not on Apply, and places the order at the discounted price", async () => {
    expect((await dashboardCode({ code: "Family-25", percentOff: "25", packages: [tour.id], maxRedemptions: "3" })).status).toBe(
      200,
    );
    const applied = await callRoute(checkout.loader, authedGet(`/addCart/200?${query("&promo=family-25")}`, cookie), {
      total: "200",
    });
    expect(applied.status).toBe(200);
    expect(applied.data.promo).toEqual({ text: "family-25", code: "FAMILY-25", discountCents: 5_000, refusal: null });

    const expired = await callRoute(checkout.loader, authedGet(`/addCart/200?${query("&promo=done-2025")}`, cookie), {
      total: "200",
    });
    expect(expired.data.promo).toMatchObject({ code: null, refusal: "This promo code expired on 31 Jan 2025." });

    const refused = await place({ promoCode: "done-2025" });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toEqual({
      "": ["Please check the promo code."],
      promoCode: ["This promo code expired on 31 Jan 2025."],
    });

    const placed = await place({ promoCode: "FAMILY-25" });
    expect(placed.status).toBe(302);
    const prisma = await db();
    const order = await prisma.order.findFirstOrThrow({ where: { userId: customer.id }, orderBy: { createdAt: "desc" } });
    expect([order.priceCents, order.discountCents]).toEqual([15_000, 5_000]);

    const page = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${order.id}`, cookie), { id: order.id });
    expect(page.data.order).toMatchObject({ priceCents: 15_000, discountCents: 5_000, promoCode: "FAMILY-25" });
    const mine = await callRoute(myOrders.loader, authedGet("/dashboard/myOrder", cookie));
    expect(mine.data.orders[0]).toMatchObject({ priceCents: 15_000, discountCents: 5_000, promoCode: "FAMILY-25" });
    const json = await callRoute(orderApi.loader, authedGet(`/api/my-orders/${order.id}`, cookie), { id: order.id });
    expect(json.data).toMatchObject({ Price: 150, discount: 50, promoCode: "FAMILY-25" });

    const csv = await callRoute<string>(
      ordersCsv.loader,
      authedGet(`/dashboard/export/orders.csv?q=${order.reference}`, adminCookie),
    );
    const [header, row] = csv.data.trim().split("\r\n");
    expect(header).toContain(",Price,Discount,Promo code,");
    expect(row).toContain(",150,50,FAMILY-25,");
    const listed = await callRoute(promoPage.loader, authedGet("/dashboard/promo-codes", adminCookie));
    expect(listed.data.codes).toContainEqual(expect.objectContaining({ code: "FAMILY-25", uses: "1 of 3" }));
  });

  it("is edited and deactivated on the dashboard; an inactive code is refused at checkout", async () => {
    expect((await dashboardCode({ code: "EDIT-ME", amountOff: "30" })).status).toBe(200);
    const edited = await callRoute(
      promoPage.action,
      authedPost(
        "/dashboard/promo-codes",
        {
          intent: "update",
          original: "edit-me",
          code: "EDIT-ME",
          amountOff: "40",
          validFrom: inDays(-1),
          validUntil: inDays(1),
          minTravellers: "3",
        },
        adminCookie,
      ),
    );
    expect(edited.status).toBe(200);
    const tooFew = await callRoute(checkout.loader, authedGet(`/addCart/200?${query("&promo=edit-me")}`, cookie), {
      total: "200",
    });
    expect(tooFew.data.promo.refusal).toBe("This promo code needs at least 3 travellers.");
    const off = await callRoute(
      promoPage.action,
      authedPost("/dashboard/promo-codes", { intent: "deactivate", code: "EDIT-ME" }, adminCookie),
    );
    expect(off.data.message).toBe("EDIT-ME is inactive.");
    const inactive = await callRoute(checkout.loader, authedGet(`/addCart/200?${query("&promo=edit-me")}`, cookie), {
      total: "200",
    });
    expect(inactive.data.promo.refusal).toBe("This promo code is not active.");
  });
});

describe("guessing codes in the Apply box", () => {
  it("answers 30 tries an hour per account, then says to wait (no code is checked), while others still apply theirs", async () => {
    const guesser = await signIn((await createUser()).id);
    const tryCode = (code: string, who = guesser) =>
      callRoute(checkout.loader, authedGet(`/addCart/200?${query(`&promo=${code}`)}`, who), { total: "200" });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const answer = await tryCode(`GUESS-${attempt}`);
      expect(answer.data.promo.refusal).not.toMatch(/tried many/);
    }
    const refused = await tryCode("GUESS-30");
    expect(refused.status).toBe(200);
    expect(refused.data.promo).toMatchObject({
      code: null,
      discountCents: 0,
      refusal: expect.stringMatching(/tried many promo codes/),
    });
    const other = await tryCode("GUESS-31", cookie);
    expect(other.data.promo.refusal).not.toMatch(/tried many/);
  });
});

describe("the checkout's payment plan", () => {
  it("shows the deposit now and the balance's day before ordering, or nothing for full payment", async () => {
    const { isoDate } = await import("~/platform/dates");
    const prisma = await db();
    const planned = await prisma.service.update({
      where: { id: (await createPackage(10_000)).id },
      data: { depositPercent: 20, balanceDueDays: 10 },
    });
    const departure = (await createDeparture(planned.id, inDays(60), 50)).id;
    const shown = await callRoute(
      checkout.loader,
      authedGet(`/addCart/200?service=${planned.id}&quantity=2&type=group&departure=${departure}`, cookie),
      { total: "200" },
    );
    expect(shown.status).toBe(200);
    // The day itself: the page writes it in its language.
    expect(shown.data.plan).toEqual({ depositCents: 4_000, balanceDueDate: isoDate(inDays(50)) });
    const full = await callRoute(checkout.loader, authedGet(`/addCart/200?${query("")}`, cookie), { total: "200" });
    expect(full.data.plan).toBeNull();
  });
});
