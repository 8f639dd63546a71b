// The Stripe fake's list calls answer like Stripe's (newest first, `limit` 1 to 100, cursors,
// `has_more`, `created` ranges), read through the Stripe SDK itself: its auto-pagination must walk
// them exactly as it walks Stripe's.
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { startStripeFake, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
afterAll(() => fake.close());
const sdk = new Stripe(TEST_SECRET_KEY, { host: "127.0.0.1", port: Number(new URL(fake.url).port), protocol: "http" });

const T0 = 1_800_000_000; // a fixed second: the intents' created times are set relative to it

/** `count` paid intents, one a second from `start` (the i-th made at start + i). */
async function paidIntents(count: number, start: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const intent = await sdk.paymentIntents.create({ amount: 1000 + i, currency: "usd", metadata: { orderId: `order${i}` } });
    fake.succeed(intent.id);
    fake.intents.get(intent.id)!.created = start + i;
    ids.push(intent.id);
  }
  return ids;
}

const ids = await paidIntents(25, T0);

describe("GET /v1/payment_intents", () => {
  it("gives 10 newest first by default, and says more follow", async () => {
    const page = await sdk.paymentIntents.list();
    expect(page.data.map((intent) => intent.id)).toEqual(ids.slice(-10).reverse());
    expect(page.has_more).toBe(true);
    expect(page.url).toBe("/v1/payment_intents");
  });

  it("pages with starting_after and ending_before, has_more false on the last page", async () => {
    const first = await sdk.paymentIntents.list({ limit: 20 });
    const second = await sdk.paymentIntents.list({ limit: 20, starting_after: first.data.at(-1)!.id });
    expect(second.data.map((intent) => intent.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.has_more).toBe(false);
    const back = await sdk.paymentIntents.list({ limit: 3, ending_before: second.data[0].id });
    expect(back.data.map((intent) => intent.id)).toEqual([ids[7], ids[6], ids[5]]);
    expect(back.has_more).toBe(true);
  });

  it("filters by created (gte and lt, or one second), and auto-pagination walks every page", async () => {
    const walked: string[] = [];
    for await (const intent of sdk.paymentIntents.list({ created: { gte: T0 + 3, lt: T0 + 21 }, limit: 4 })) {
      walked.push(intent.id);
    }
    expect(walked).toEqual(ids.slice(3, 21).reverse());
    const listCalls = fake.requests.filter((request) => request.method === "GET" && request.path === "/v1/payment_intents");
    expect(listCalls.length).toBeGreaterThanOrEqual(5); // 18 items, 4 a page
    const exact = await sdk.paymentIntents.list({ created: T0 + 7 });
    expect(exact.data.map((intent) => intent.id)).toEqual([ids[7]]);
    const gtLte = await sdk.paymentIntents.list({ created: { gt: T0 + 7, lte: T0 + 9 } });
    expect(gtLte.data.map((intent) => intent.id)).toEqual([ids[9], ids[8]]);
  });

  it("refuses a limit above 100 or below 1 and an unknown cursor, as Stripe does", async () => {
    await expect(sdk.paymentIntents.list({ limit: 101 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "limit",
      message: "This value must be less than or equal to 100.",
    });
    await expect(sdk.paymentIntents.list({ limit: 0 })).rejects.toMatchObject({ param: "limit" });
    await expect(sdk.paymentIntents.list({ starting_after: "pi_unknown" })).rejects.toMatchObject({
      param: "starting_after",
      message: "No such payment_intent: 'pi_unknown'",
    });
    const page = await sdk.paymentIntents.list({ limit: 100 });
    expect(page.data).toHaveLength(25);
    expect(page.has_more).toBe(false);
  });
});

describe("GET /v1/refunds", () => {
  it("lists refunds newest first, by created range and payment intent, paged", async () => {
    const refunds = [fake.refund(ids[0], 100), fake.refund(ids[1]), fake.refund(ids[0], 200)];
    refunds.forEach((refund, i) => (refund.created = T0 + 100 + i));
    const all = await sdk.refunds.list({ created: { gte: T0 + 100 }, limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all.map((refund) => refund.id)).toEqual(refunds.map((refund) => refund.id).reverse());
    const ofFirst = await sdk.refunds.list({ payment_intent: ids[0] });
    expect(ofFirst.data.map((refund) => refund.amount)).toEqual([200, 100]);
    const page = await sdk.refunds.list({ limit: 1, created: { gte: T0 + 100 } });
    expect(page.has_more).toBe(true);
    const none = await sdk.refunds.list({ created: { lt: T0 } });
    expect(none).toMatchObject({ data: [], has_more: false });
  });
});
