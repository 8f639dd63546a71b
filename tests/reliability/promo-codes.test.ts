// A promo code limited to 5 uses under 50 concurrent checkouts over real HTTP, against one
// production app process on PostgreSQL: exactly 5 orders get it, the 45 others are refused with
// the reason (409) and write nothing; the code's count agrees with the orders holding it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { addPackage, type Client, logIn, register } from "./support/client";

const CHECKOUTS = 50;
const USES = 5;

let database: TestDatabase;
let app: AppProcess;
let admin: Client;

beforeAll(async () => {
  database = await createDatabase("promo_codes");
  app = await startApp(database.url);
  admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

const billing = (n: number) => ({
  firstName: "Rahim",
  lastName: "Uddin",
  streetAddress: `House ${n}, Road 7`,
  townName: "Dhaka",
  district: "Dhaka",
  mobileNumber: "01712345678",
  email: `buyer${n}@example.com`,
});

describe("a promo code under concurrent checkouts", () => {
  it(`gives a code limited to ${USES} uses to exactly ${USES} of ${CHECKOUTS} concurrent orders`, async () => {
    const tourPackage = await addPackage(admin, "Ratargul Swamp Forest", 80);
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const created = await admin.json("POST", "/api/promo-codes", {
      code: "rush-5",
      percentOff: 20,
      validFrom: day(-1),
      validUntil: day(1),
      maxRedemptions: USES,
      active: true,
    });
    expect(created.status, await created.clone().text()).toBe(200);

    const customers = await Promise.all(
      Array.from({ length: CHECKOUTS }, (_, n) => register(app.origin, `promo${n}-${Date.now()}@example.com`)),
    );
    const answers = await Promise.all(
      customers.map(async (customer, n) => {
        const response = await customer.json("POST", "/api/my-orders", {
          ...billing(n),
          service: tourPackage._id,
          quantity: 2,
          type: "group",
          promoCode: "RUSH-5",
        });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      }),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(USES);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual(
      Array(CHECKOUTS - USES).fill([409, "This promo code has been used up."]),
    );

    const orders = await database.query<{ priceCents: number; discountCents: number }>(
      `SELECT o."priceCents", o."discountCents" FROM "Order" o JOIN "PromoCode" p ON p.id = o."promoCodeId" WHERE p.code = 'RUSH-5'`,
    );
    expect(orders).toEqual(Array(USES).fill({ priceCents: 12_800, discountCents: 3_200 }));
    expect(await database.query(`SELECT count(*)::int AS count FROM "Order"`)).toEqual([{ count: USES }]);
    const listed = (await (await admin.get("/api/promo-codes")).json()) as { code: string; redemptions: number }[];
    expect(listed.find((code) => code.code === "RUSH-5")?.redemptions).toBe(USES);
  });
});
