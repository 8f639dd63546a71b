// Reconciliation of a month's card money, end to end on the server (both databases): payments and
// refunds recorded here against those the Stripe fake lists, paged; a payment missing on each side;
// the action that records a payment only the provider has, once, even when the webhook comes after.
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { stripeFakeForTests, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await stripeFakeForTests();
const { db } = await import("~/platform/db.server");
const { bookingFor, placeTestOrder } = await import("../support/orders");
const { confirmPayment, handlePaymentEvent, openPaymentIntent, placeBooking, reconcileCardMonth } =
  await import("~/booking/index.server");
const page = await import("~/routes/dashboard.reconciliation");
const csv = await import("~/routes/dashboard.reconciliation[.]csv");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { callRoute } = await import("../support/requests");

const sdk = new Stripe(TEST_SECRET_KEY, { host: "127.0.0.1", port: Number(new URL(fake.url).port), protocol: "http" });
const seconds = (iso: string) => Date.parse(iso) / 1000;

let admin = "";
let customer: { id: string; email: string };

beforeAll(async () => {
  await db();
  admin = await signIn((await createUser({ role: "ADMIN" })).id);
  customer = await createUser();
});

/** An order of the customer and its card payment made at the provider at `iso` (not recorded here yet). */
async function paidAtProvider(iso: string) {
  const order = await placeTestOrder(customer.id, { quantity: "1", email: customer.email });
  const { paymentIntentId } = await openPaymentIntent(order.id, customer.id);
  fake.succeed(paymentIntentId);
  fake.intents.get(paymentIntentId)!.created = seconds(iso);
  return { order, intentId: paymentIntentId };
}

/** The same, recorded here as the payment page or the webhook records it. */
async function paidAndRecorded(iso: string) {
  const paid = await paidAtProvider(iso);
  expect(await confirmPayment(paid.order.id, paid.intentId)).toBe(true);
  return paid;
}

async function recordedRefundAt(intentId: string, cents: number, iso: string) {
  const refund = fake.refund(intentId, cents);
  refund.created = seconds(iso);
  await handlePaymentEvent({ id: `evt_${refund.id}`, meaning: { kind: "refunded", paymentIntentId: intentId } });
  const prisma = await db();
  // the webhook records the provider's own time
  expect((await prisma.refund.findUniqueOrThrow({ where: { stripeRefundId: refund.id } })).createdAt.toISOString()).toBe(iso);
  return refund;
}

function intentSucceeded(intentId: string) {
  return {
    id: `evt_${intentId}`,
    meaning: { kind: "succeeded" as const, orderId: fake.intents.get(intentId)!.metadata.orderId, paymentIntentId: intentId },
  };
}

describe("October 2026 in Dhaka: a payment missing on each side, an amount that differs, refunds", () => {
  // Dhaka is UTC+6: October runs from 30 Sep 18:00 UTC to 31 Oct 18:00 UTC.
  const fixture = {} as Record<
    "matched" | "onlyHere" | "onlyThere" | "differs" | "november",
    Awaited<ReturnType<typeof paidAtProvider>>
  >;
  const refunds = {} as Record<"matched" | "onlyThere" | "failed", { id: string }>;

  beforeAll(async () => {
    fixture.matched = await paidAndRecorded("2026-09-30T18:00:00.000Z"); // 1 Oct 00:00 in Dhaka: October
    fixture.onlyHere = await paidAndRecorded("2026-10-10T06:00:00.000Z");
    fake.intents.delete(fixture.onlyHere.intentId); // recorded here, unknown to the provider
    fixture.onlyThere = await paidAtProvider("2026-10-20T06:00:00.000Z"); // its webhook never arrived
    fixture.differs = await paidAndRecorded("2026-10-25T06:00:00.000Z");
    fake.intents.get(fixture.differs.intentId)!.amount_received -= 500; // the provider took $5 less
    fixture.november = await paidAndRecorded("2026-10-31T18:00:00.000Z"); // 1 Nov 00:00 in Dhaka: November
    refunds.matched = await recordedRefundAt(fixture.matched.intentId, 1_000, "2026-10-05T06:00:00.000Z");
    const unrecorded = fake.refund(fixture.differs.intentId, 700); // made in the provider's dashboard, no webhook
    unrecorded.created = seconds("2026-10-26T06:00:00.000Z");
    refunds.onlyThere = unrecorded;
    // recorded here, then failed at the bank: the provider's month leaves it out
    const failed = await recordedRefundAt(fixture.matched.intentId, 300, "2026-10-06T06:00:00.000Z");
    failed.status = "failed";
    refunds.failed = failed;
  });

  it("puts each payment and refund in its group, with the provider's ids, bookings and totals", async () => {
    const report = await reconcileCardMonth("2026-10");
    if (report.problem) throw new Error(report.problem.message);
    const price = (key: keyof typeof fixture) => fixture[key].order.priceCents;
    expect(report.payments.rows.map((row) => [row.kind, row.id, row.reference])).toEqual([
      ["only-there", fixture.onlyThere.intentId, fixture.onlyThere.order.reference],
      ["only-here", fixture.onlyHere.intentId, fixture.onlyHere.order.reference],
      ["amount-differs", fixture.differs.intentId, fixture.differs.order.reference],
      ["matched", fixture.matched.intentId, fixture.matched.order.reference],
    ]);
    expect(report.payments.rows[2]).toMatchObject({
      here: { amountCents: price("differs") },
      there: { amountCents: price("differs") - 500 },
      differenceCents: -500,
    });
    expect(report.payments.totals).toEqual({
      matched: { count: 1, hereCents: price("matched"), thereCents: price("matched") },
      "amount-differs": { count: 1, hereCents: price("differs"), thereCents: price("differs") - 500 },
      "only-here": { count: 1, hereCents: price("onlyHere"), thereCents: 0 },
      "only-there": { count: 1, hereCents: 0, thereCents: price("onlyThere") },
    });
    expect(report.payments.overall.thereCents - report.payments.overall.hereCents).toBe(
      price("onlyThere") - price("onlyHere") - 500,
    );
    expect(report.refunds.rows.map((row) => [row.kind, row.id, row.reference, row.there?.amountCents, row.note])).toEqual([
      ["only-there", refunds.onlyThere.id, fixture.differs.order.reference, 700, null],
      ["only-here", refunds.failed.id, fixture.matched.order.reference, undefined, "The card provider has it as failed."],
      ["matched", refunds.matched.id, fixture.matched.order.reference, 1_000, null],
    ]);
    // what the provider says of a payment only recorded here
    expect(report.payments.rows[1].note).toBe("The card provider does not know it.");
    expect(report.payments.rows.filter((row) => row.note)).toHaveLength(1);
    // November's payment is November's
    const november = await reconcileCardMonth("2026-11");
    if (november.problem) throw new Error(november.problem.message);
    expect(november.payments.rows.map((row) => row.id)).toContain(fixture.november.intentId);
    expect(november.payments.rows.map((row) => row.id)).not.toContain(fixture.matched.intentId);
  });

  it("the page (admin) shows the same; the CSV adds the totals, amounts as numbers", async () => {
    const loaded = await callRoute<{ report: { payments: { rows: { id: string }[] } } }>(
      page.loader,
      authedGet("/dashboard/reconciliation?month=2026-10", admin),
    );
    expect(loaded.status).toBe(200);
    expect(loaded.data.report.payments.rows).toHaveLength(4);
    const file = await callRoute<string>(csv.loader, authedGet("/dashboard/reconciliation.csv?month=2026-10", admin));
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="reconciliation-2026-10.csv"');
    const lines = file.data
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Type,Status,Provider id,Booking reference,Time (Dhaka),Recorded here (USD),Card provider (USD),Difference (USD),Note",
    );
    const differs = fixture.differs.order.priceCents;
    const dollars = (cents: number) => String(cents / 100);
    expect(lines).toContain(
      `Payment,Amounts differ,${fixture.differs.intentId},${fixture.differs.order.reference},"25 Oct 2026, 12:00",${dollars(differs)},${dollars(differs - 500)},-5,`,
    );
    expect(lines).toContain(`Refund,Total: Matched,1,,,10,10,0,`);
    expect(lines).toContain(`Refund,Total: Only at the card provider,1,,,0,7,7,`);
    expect(lines).toContain(`Refund,Total: All,3,,,13,17,4,`);
    expect(new Set(lines.map((line) => line.replace(/"[^"]*"/g, "").split(",").length))).toEqual(new Set([9]));
    expect(lines.filter((line) => line.startsWith("Payment,Total: "))).toHaveLength(5);
    const badMonth = await callRoute<string>(csv.loader, authedGet("/dashboard/reconciliation.csv?month=2026-13", admin));
    expect(badMonth).toMatchObject({ status: 400, data: "The month must look like 2026-11." });
  });

  it("records a payment only the provider has, once, whether the webhook then arrives or the button is pressed again", async () => {
    const { order, intentId } = fixture.onlyThere;
    const record = () =>
      callRoute<{ message: string | null; error: string | null }>(
        page.action,
        authedPost("/dashboard/reconciliation?month=2026-10", { paymentIntentId: intentId }, admin),
      );
    const first = await record();
    expect(first).toMatchObject({
      status: 200,
      data: { message: `Payment ${intentId} verified with the card provider and recorded.` },
    });
    const prisma = await db();
    const stored = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { payments: true } });
    expect(stored.paymentStatus).toBe("PAID");
    expect(stored.payments).toMatchObject([
      { transaction: intentId, amountCents: order.priceCents, kind: "FULL", method: "CARD" },
    ]);
    expect(stored.payments[0].created.toISOString()).toBe("2026-10-20T06:00:00.000Z");
    // the late webhook and a second press change nothing
    await handlePaymentEvent(intentSucceeded(intentId));
    expect((await record()).data.message).toBe(`Payment ${intentId} was already recorded: nothing changed.`);
    expect(await prisma.payment.count({ where: { transaction: intentId } })).toBe(1);
    expect(
      await prisma.outboxEmail.count({
        where: { to: customer.email, subject: { startsWith: "Payment received" }, text: { contains: order.reference } },
      }),
    ).toBe(1);
    const report = await reconcileCardMonth("2026-10");
    expect(!report.problem && report.payments.rows.find((row) => row.id === intentId)?.kind).toBe("matched");
  });

  it("refuses what the provider does not confirm, naming why, and changes nothing", async () => {
    const prisma = await db();
    const before = await prisma.payment.count();
    const post = (paymentIntentId: string) =>
      callRoute<{ error: string }>(page.action, authedPost("/dashboard/reconciliation", { paymentIntentId }, admin));
    expect(await post("ch_123")).toMatchObject({
      status: 400,
      data: { error: "paymentIntentId: that is not a payment intent id (pi_…)." },
    });
    expect((await post("pi_unknown")).status).toBe(400);
    // paid at the provider, but not the order's price
    const order = await placeTestOrder(customer.id, { quantity: "1", email: customer.email });
    const wrong = await sdk.paymentIntents.create({
      amount: order.priceCents + 100,
      currency: "usd",
      metadata: { orderId: order.id },
    });
    fake.succeed(wrong.id);
    const refused = await post(wrong.id);
    expect(refused.status).toBe(400);
    expect(refused.data.error).toMatch(/^The payment could not be verified: its amount/);
    // opened but never paid
    const unpaid = await sdk.paymentIntents.create({
      amount: order.priceCents,
      currency: "usd",
      metadata: { orderId: order.id },
    });
    expect((await post(unpaid.id)).data.error).toBe("The payment could not be verified: the payment is requires payment method.");
    expect(await prisma.payment.count()).toBe(before);
  });
});

describe("July 2026: a booking paid by a deposit and its balance, and a payment in cash", () => {
  it("lists each card payment of the booking on its own line; the cash payment has no provider and is left out", async () => {
    const prisma = await db();
    const tour = await prisma.service.create({
      data: {
        title: "Reconciliation Deposit Tour",
        costCents: 50_000,
        image: "/images/tours/x.svg",
        description: "A 20 % deposit, the balance 30 days before.",
        depositPercent: 20,
        departures: { create: { startDate: new Date("2027-06-01"), seats: 10 } },
      },
    });
    const { id: orderId } = await placeBooking(customer.id, await bookingFor(tour.id, { quantity: "1", email: customer.email }));
    const deposit = await openPaymentIntent(orderId, customer.id, "deposit");
    expect(deposit.amountCents).toBe(10_000);
    fake.succeed(deposit.paymentIntentId);
    fake.intents.get(deposit.paymentIntentId)!.created = seconds("2026-07-02T06:00:00.000Z");
    expect(await confirmPayment(orderId, deposit.paymentIntentId)).toBe(true);
    // the balance, paid at the provider as the payment page opens it; its webhook never arrived
    const balanceIntent = await sdk.paymentIntents.create({
      amount: 40_000,
      currency: "usd",
      metadata: { orderId, userId: customer.id, part: "balance" },
    });
    const balance = { paymentIntentId: balanceIntent.id };
    fake.succeed(balance.paymentIntentId);
    fake.intents.get(balance.paymentIntentId)!.created = seconds("2026-07-20T06:00:00.000Z");
    const cashOrder = await placeTestOrder(customer.id, { quantity: "1", email: customer.email });
    await prisma.payment.create({
      data: {
        orderId: cashOrder.id,
        amountCents: cashOrder.priceCents,
        currency: "usd",
        method: "CASH",
        reference: "RECEIPT-7",
        created: new Date("2026-07-10T06:00:00.000Z"),
      },
    });

    const before = await reconcileCardMonth("2026-07");
    if (before.problem) throw new Error(before.problem.message);
    const reference = (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).reference;
    expect(before.payments.rows.map((row) => [row.kind, row.id, row.reference, row.there?.amountCents])).toEqual([
      ["only-there", balance.paymentIntentId, reference, 40_000],
      ["matched", deposit.paymentIntentId, reference, 10_000],
    ]);

    const answer = await callRoute<{ message: string }>(
      page.action,
      authedPost("/dashboard/reconciliation?month=2026-07", { paymentIntentId: balance.paymentIntentId }, admin),
    );
    expect(answer.data.message).toBe(`Payment ${balance.paymentIntentId} verified with the card provider and recorded.`);
    const order = await prisma.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { payments: { orderBy: { created: "asc" } } },
    });
    expect(order.payments.map((payment) => [payment.kind, payment.amountCents, payment.transaction])).toEqual([
      ["DEPOSIT", 10_000, deposit.paymentIntentId],
      ["BALANCE", 40_000, balance.paymentIntentId],
    ]);
    expect(order).toMatchObject({ paidCents: 50_000, paymentStatus: "PAID" });
    const after = await reconcileCardMonth("2026-07");
    expect(!after.problem && after.payments.totals.matched).toEqual({ count: 2, hereCents: 50_000, thereCents: 50_000 });
  });
});

describe("a month with more payments than one page of the provider's list", () => {
  it("reads every page: 230 payments at the provider, 2 of them recorded here", async () => {
    const recorded = [await paidAndRecorded("2026-08-03T06:00:00.000Z"), await paidAndRecorded("2026-08-30T06:00:00.000Z")];
    for (let i = 0; i < 228; i++) {
      const intent = await sdk.paymentIntents.create({ amount: 1_000 + i, currency: "usd" });
      fake.succeed(intent.id);
      fake.intents.get(intent.id)!.created = seconds("2026-08-10T00:00:00.000Z") + i * 60;
    }
    fake.requests.length = 0;
    const report = await reconcileCardMonth("2026-08");
    if (report.problem) throw new Error(report.problem.message);
    const listCalls = fake.requests.filter((request) => request.method === "GET" && request.path === "/v1/payment_intents");
    expect(listCalls).toHaveLength(3); // 100 + 100 + 30
    expect(report.payments.totals.matched.count).toBe(2);
    expect(report.payments.totals["only-there"]).toEqual({
      count: 228,
      hereCents: 0,
      thereCents: 228 * 1_000 + (227 * 228) / 2,
    });
    expect(report.payments.rows.filter((row) => row.kind === "matched").map((row) => row.id)).toEqual(
      recorded.map((paid) => paid.intentId),
    );
    // payments made outside this site name no booking: no action for them
    expect(report.payments.rows.find((row) => row.kind === "only-there")?.reference).toBeNull();
  });
});
