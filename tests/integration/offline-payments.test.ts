// Offline payments over the API: an administrator records cash, bank, bKash or Nagad with a
// reference (once per reference); a customer submits a bKash/Nagad transaction id that an
// administrator accepts (a payment) or rejects with a reason. Errors name the field (400) or
// the conflict (409); every answer is checked against the OpenAPI document.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelBooking } from "~/booking/cancelling/cancellation.server";
import { remindClaimsWaiting } from "~/booking/paying/offline-payments.server";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { sweepBookings } from "~/booking/sweep/booking-sweep.server";
import { db } from "~/platform/db.server";
import * as orderClaims from "~/routes/api.my-orders.$id.payment-claims";
import * as orderPayments from "~/routes/api.my-orders.$id.payments";
import * as claimsList from "~/routes/api.payment-claims";
import * as claimById from "~/routes/api.payment-claims.$id";
import { createUser, signIn } from "../support/auth";
import { createDeparture, inDays } from "../support/bookings";
import { expectDocumented, requestBodyErrors } from "../support/openapi";
import { checkoutFor } from "../support/orders";
import { ORIGIN } from "../support/requests";

const cookies = { admin: "", owner: "", other: "" };
let ownerId = "";
let otherId = "";
let adminId = "";

beforeAll(async () => {
  adminId = (await createUser({ role: "ADMIN" })).id;
  cookies.admin = await signIn(adminId);
  const owner = await createUser();
  ownerId = owner.id;
  cookies.owner = await signIn(owner.id);
  otherId = (await createUser()).id;
  cookies.other = await signIn(otherId);
});

// Claims are rate-limited per account: each test starts with the owner's allowance whole.
beforeEach(async () => {
  const prisma = await db();
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: "payment-claim:" } } });
});

type Handler = (args: never) => Promise<Response>;

async function call(
  handler: Handler,
  template: string,
  method: string,
  path: string,
  cookie: string,
  params: Record<string, string>,
  body?: unknown,
) {
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const response = await (handler as (args: object) => Promise<Response>)({
    request: new Request(new URL(path, ORIGIN), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    params,
    context: {},
  });
  const text = await response.text();
  const answer = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  expectDocumented(template, method, answer);
  if (body !== undefined && answer.status < 300) expect(requestBodyErrors(template, method, body)).toBeNull();
  return answer;
}

const recordPayment = (orderId: string, body: unknown, cookie = cookies.admin) =>
  call(
    orderPayments.action,
    "/api/my-orders/{id}/payments",
    "POST",
    `/api/my-orders/${orderId}/payments`,
    cookie,
    { id: orderId },
    body,
  );
const submitClaim = (orderId: string, body: unknown, cookie = cookies.owner) =>
  call(
    orderClaims.action,
    "/api/my-orders/{id}/payment-claims",
    "POST",
    `/api/my-orders/${orderId}/payment-claims`,
    cookie,
    { id: orderId },
    body,
  );
const listClaims = (query = "?status=pending", cookie = cookies.admin) =>
  call(claimsList.loader, "/api/payment-claims", "GET", `/api/payment-claims${query}`, cookie, {});
const decide = (id: string, body: unknown, cookie = cookies.admin) =>
  call(claimById.action, "/api/payment-claims/{id}", "PATCH", `/api/payment-claims/${id}`, cookie, { id }, body);

/** A $1,000 booking (2 × $500) whose plan asks 20 % ($200) now. */
async function depositOrder(userId = ownerId) {
  const prisma = await db();
  const tourPackage = await prisma.service.create({
    data: {
      title: `Offline tour ${Math.random().toString(36).slice(2, 8)}`,
      costCents: 50_000,
      image: "/images/tours/bandarban.svg",
      description: "A test tour.",
      depositPercent: 20,
    },
  });
  const departure = await createDeparture(tourPackage.id, inDays(90));
  return (await placeBooking(userId, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2" }))).id;
}

const trx = () => `TRX${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

async function orderState(orderId: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      paidCents: true,
      paymentStatus: true,
      bookingStatus: true,
      payments: { select: { method: true, kind: true, recordedById: true } },
    },
  });
}

describe("POST /api/my-orders/{id}/payments (administrators)", () => {
  it("records a bKash deposit and a cash balance once each; the booking is confirmed then paid in full", async () => {
    const orderId = await depositOrder();
    const reference = trx();
    const first = await recordPayment(orderId, { amount: 200, method: "bkash", reference });
    expect(first.status).toBe(201);
    expect(first.body.insertedId).toEqual(expect.any(String));
    expect(await orderState(orderId)).toMatchObject({
      paidCents: 20_000,
      paymentStatus: "PARTLY_PAID",
      bookingStatus: "CONFIRMED",
    });
    const again = await recordPayment(orderId, { amount: 200, method: "bkash", reference });
    expect(again).toMatchObject({ status: 409, body: { error: "reference: this payment was already recorded." } });
    expect((await recordPayment(orderId, { amount: 800, method: "cash", reference: "Receipt 0042" })).status).toBe(201);
    const paid = await orderState(orderId);
    expect(paid).toMatchObject({ paidCents: 100_000, paymentStatus: "PAID" });
    expect(paid.payments.map((payment) => [payment.method, payment.kind])).toEqual([
      ["BKASH", "DEPOSIT"],
      ["CASH", "BALANCE"],
    ]);
    expect((await recordPayment(orderId, { amount: 1, method: "cash", reference: "Receipt 0043" })).status).toBe(409);
  });

  it("is 400 naming the field, 403 for a customer, 409 for a closed booking; nothing is recorded", async () => {
    const orderId = await depositOrder();
    for (const [body, field] of [
      [{ amount: 1001, method: "bank", reference: "B-1" }, "amount"],
      [{ amount: 0, method: "bank", reference: "B-1" }, "amount"],
      [{ amount: 10, method: "cheque", reference: "B-1" }, "method"],
      [{ amount: 10, method: "bank", reference: "" }, "reference"],
      [{ amount: 10, method: "bank" }, "reference"],
    ] as const) {
      const refused = await recordPayment(orderId, body);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.details ?? {})).toEqual([field]);
    }
    expect((await recordPayment(orderId, { amount: 10, method: "bank", reference: "B-2" }, cookies.owner)).status).toBe(403);
    const prisma = await db();
    await prisma.order.update({ where: { id: orderId }, data: { bookingStatus: "CANCELLED" } });
    expect((await recordPayment(orderId, { amount: 10, method: "bank", reference: "B-3" })).status).toBe(409);
    expect((await orderState(orderId)).payments).toEqual([]);
  });
});

describe("payment claims", () => {
  it("a claim awaits verification, is rejected with a reason, opened again, then accepted as a payment", async () => {
    const orderId = await depositOrder();
    const reference = trx();
    const submitted = await submitClaim(orderId, { method: "nagad", amount: 200, reference });
    expect(submitted.status).toBe(201);
    const claimId = submitted.body.insertedId;
    expect((await submitClaim(orderId, { method: "nagad", amount: 200, reference })).body.insertedId).toBe(claimId);
    expect((await submitClaim(orderId, { method: "nagad", amount: 200, reference }, cookies.other)).status).toBe(404);

    const pending = await listClaims();
    expect(pending.status).toBe(200);
    expect(pending.body.find((claim: { _id: string }) => claim._id === claimId)).toMatchObject({
      order: orderId,
      method: "nagad",
      amount: 200,
      reference,
      status: "pending",
      reason: null,
    });
    expect((await listClaims("?status=pending", cookies.owner)).status).toBe(403);
    expect((await listClaims("?status=maybe")).status).toBe(400);

    const noReason = await decide(claimId, { status: "rejected" });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual({ reason: [expect.stringContaining("reason")] });
    expect((await decide(claimId, { status: "rejected", reason: "No such transaction on our Nagad account." })).status).toBe(200);
    const rejected = await listClaims("?status=rejected");
    expect(rejected.body.find((claim: { _id: string }) => claim._id === claimId).reason).toBe(
      "No such transaction on our Nagad account.",
    );
    expect((await decide(claimId, { status: "accepted" })).status).toBe(409);

    // Sent again (the amount corrected): pending again, then accepted: a payment of the order.
    expect((await submitClaim(orderId, { method: "nagad", amount: 250, reference })).body.insertedId).toBe(claimId);
    expect((await decide(claimId, { status: "accepted" })).status).toBe(200);
    expect(await orderState(orderId)).toMatchObject({
      paidCents: 25_000,
      paymentStatus: "PARTLY_PAID",
      bookingStatus: "CONFIRMED",
    });
    expect((await decide(claimId, { status: "accepted" })).status).toBe(409);
    expect((await orderState(orderId)).payments).toHaveLength(1);
  });

  it("two administrators accepting at once record one payment", async () => {
    const orderId = await depositOrder();
    const claimId = (await submitClaim(orderId, { method: "bkash", amount: 200, reference: trx() })).body.insertedId;
    const answers = await Promise.all([decide(claimId, { status: "accepted" }), decide(claimId, { status: "accepted" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await orderState(orderId)).payments).toHaveLength(1);
  });
});

describe("the order page's 'Record a payment received' form without JavaScript", () => {
  it("records a payment for an administrator, names a wrong field, and refuses a customer", async () => {
    const orderPage = await import("~/routes/dashboard.orders.$id");
    const { authedPost } = await import("../support/auth");
    const { callRoute } = await import("../support/requests");
    const orderId = await depositOrder();
    const post = (fields: Record<string, string>, cookie = cookies.admin) =>
      callRoute<Record<string, unknown>>(orderPage.action, authedPost(`/dashboard/orders/${orderId}`, fields, cookie), {
        id: orderId,
      });
    const refused = await post({ intent: "record-payment", amount: "12.505", method: "bkash", reference: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.offlinePayment).toMatchObject({
      fieldErrors: { amount: "The amount can have at most two decimals.", reference: expect.stringContaining("reference") },
    });
    const done = await post({ intent: "record-payment", amount: "200.40", method: "bank", reference: "DBBL-778812" });
    expect(done).toMatchObject({ status: 200, data: { done: "The payment of $200.40 by Bank transfer is recorded." } });
    expect(await orderState(orderId)).toMatchObject({ paidCents: 20_040, bookingStatus: "CONFIRMED" });
    const customer = await post(
      { intent: "record-payment", amount: "100", method: "cash", reference: "R-1" },
      cookies.owner,
    ).catch((response: Response) => ({ status: response.status }));
    expect(customer.status).toBe(403);
    expect((await orderState(orderId)).payments).toHaveLength(1);
  });
});

describe("the order page's bKash/Nagad claim without JavaScript", () => {
  it("the owner sends a transaction id; the page says awaiting verification, then the reason it was rejected", async () => {
    const orderPage = await import("~/routes/dashboard.orders.$id");
    const { authedGet, authedPost } = await import("../support/auth");
    const { callRoute, unwrap } = await import("../support/requests");
    const orderId = await depositOrder();
    const post = (fields: Record<string, string>) =>
      callRoute<Record<string, unknown>>(orderPage.action, authedPost(`/dashboard/orders/${orderId}`, fields, cookies.owner), {
        id: orderId,
      });
    const claims = async () =>
      (
        await unwrap<{ claims: { status: string; reason: string | null; id: string }[] }>(
          await orderPage.loader({
            request: authedGet(`/dashboard/orders/${orderId}`, cookies.owner),
            params: { id: orderId },
            context: {},
          }),
        )
      ).data.claims;
    const refused = await post({ intent: "claim-payment", method: "cash", amount: "200", reference: "X1" });
    expect(refused.status).toBe(400);
    expect(refused.data.claim).toMatchObject({ fieldErrors: { method: "Please choose bKash or Nagad." } });
    const sent = await post({ intent: "claim-payment", method: "bkash", amount: "200", reference: trx() });
    expect(sent).toMatchObject({ status: 200, data: { claimSent: "Thank you: your payment is awaiting verification." } });
    const [claim] = await claims();
    expect(claim).toMatchObject({ status: "PENDING", reason: null });
    await decide(claim.id, { status: "rejected", reason: "Amount differs from the transaction." });
    expect((await claims())[0]).toMatchObject({ status: "REJECTED", reason: "Amount differs from the transaction." });
  });
});

describe("the payment-claims page (administrators) without JavaScript", () => {
  it("accepts a claim (a payment, the booking confirmed) once; rejecting needs a reason the customer then reads", async () => {
    const page = await import("~/routes/dashboard.payment-claims");
    const orderPage = await import("~/routes/dashboard.orders.$id");
    const { authedGet, authedPost } = await import("../support/auth");
    const { callRoute, unwrap } = await import("../support/requests");
    const post = (fields: Record<string, string>) =>
      callRoute<Record<string, unknown>>(page.action, authedPost("/dashboard/payment-claims", fields, cookies.admin), {});
    const listed = async (status: string) =>
      (
        await unwrap<{ claims: { id: string; booking: string; amount: string; reference: string; reason: string | null }[] }>(
          await page.loader({
            request: authedGet(`/dashboard/payment-claims?status=${status}`, cookies.admin),
            params: {},
            context: {},
          }),
        )
      ).data.claims;

    const accepted = await depositOrder();
    const acceptedTx = trx();
    const acceptedId = (await submitClaim(accepted, { method: "bkash", amount: 200, reference: acceptedTx })).body.insertedId;
    expect((await listed("pending")).find((claim) => claim.id === acceptedId)).toMatchObject({
      amount: "$200",
      reference: acceptedTx,
    });
    // The page shows what the admin checks against: the customer's mobile, what the booking still owes, the booking.
    expect((await listed("pending")).find((claim) => claim.id === acceptedId)).toMatchObject({
      mobile: expect.stringMatching(/^(\+?880|0)1\d{9}$/),
      due: expect.stringMatching(/^\$/),
      booking: expect.stringMatching(/^TB-/),
    });
    // Accept asks first (a step of its own, without JavaScript too): nothing is recorded or mailed yet.
    const asked = await post({ intent: "accept", claimId: acceptedId });
    expect(asked).toMatchObject({ status: 200, data: { claimId: acceptedId, confirm: true, message: null } });
    expect(await orderState(accepted)).toMatchObject({ paidCents: 0 });
    const done = await post({ intent: "accept", claimId: acceptedId, confirmed: "yes" });
    expect(done).toMatchObject({ status: 200, data: { message: "Claim accepted: the payment is recorded." } });
    expect(await orderState(accepted)).toMatchObject({ paidCents: 20_000, bookingStatus: "CONFIRMED" });
    // The customer is emailed a receipt, as a card payment emails one.
    const receipt = await (
      await db()
    ).outboxEmail.findFirst({ where: { text: { contains: `Transaction: bKash ${acceptedTx}` } } });
    expect(receipt?.subject).toMatch(/^Payment received/);
    expect(receipt?.text).toContain("we have received your payment of $200");
    const again = await post({ intent: "accept", claimId: acceptedId, confirmed: "yes" });
    expect(again).toMatchObject({ status: 409, data: { error: "This claim was already decided." } });
    expect((await orderState(accepted)).payments).toHaveLength(1);
    expect((await listed("accepted")).some((claim) => claim.id === acceptedId)).toBe(true);
    expect((await listed("pending")).some((claim) => claim.id === acceptedId)).toBe(false);

    const rejected = await depositOrder();
    const rejectedId = (await submitClaim(rejected, { method: "nagad", amount: 200, reference: trx() })).body.insertedId;
    const noReason = await post({ intent: "reject", claimId: rejectedId, reason: "  " });
    expect(noReason).toMatchObject({
      status: 400,
      data: { claimId: rejectedId, reasonError: "Please say why the claim is rejected (the customer reads it)." },
    });
    expect((await listed("pending")).some((claim) => claim.id === rejectedId)).toBe(true);
    const refusal = await post({ intent: "reject", claimId: rejectedId, reason: "No such transaction on Nagad." });
    expect(refusal).toMatchObject({ status: 200, data: { message: "Claim rejected: the customer sees the reason." } });
    expect(await orderState(rejected)).toMatchObject({ paidCents: 0, payments: [] });
    const ownerView = await unwrap<{ claims: { status: string; reason: string | null }[] }>(
      await orderPage.loader({
        request: authedGet(`/dashboard/orders/${rejected}`, cookies.owner),
        params: { id: rejected },
        context: {},
      }),
    );
    expect(ownerView.data.claims[0]).toMatchObject({ status: "REJECTED", reason: "No such transaction on Nagad." });
  });
});

describe("money recorded once (issue 35 item 4)", () => {
  it("a claim paid meanwhile by another payment is refused beyond the balance; accepting and recording at once record one", async () => {
    const orderId = await depositOrder();
    const claimId = (await submitClaim(orderId, { method: "bkash", amount: 1000, reference: trx() })).body.insertedId;
    expect((await recordPayment(orderId, { amount: 1000, method: "cash", reference: trx() })).status).toBe(201);
    const refused = await decide(claimId, { status: "accepted" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      "This claim is more than the booking's balance, $0: it was paid meanwhile. Check its payments, then reject the claim.",
    );
    expect(await orderState(orderId)).toMatchObject({ paidCents: 100_000, paymentStatus: "PAID" });
    expect((await listClaims()).body.some((claim: { _id: string }) => claim._id === claimId)).toBe(true);

    const racing = await depositOrder();
    const racingClaim = (await submitClaim(racing, { method: "nagad", amount: 1000, reference: trx() })).body.insertedId;
    const answers = await Promise.all([
      decide(racingClaim, { status: "accepted" }),
      recordPayment(racing, { amount: 1000, method: "bank", reference: trx() }),
    ]);
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(1);
    expect(await orderState(racing)).toMatchObject({ paidCents: 100_000 });
  });

  it("two administrators recording the whole balance at once record it once", async () => {
    const orderId = await depositOrder();
    const answers = await Promise.all([
      recordPayment(orderId, { amount: 1000, method: "cash", reference: trx() }),
      recordPayment(orderId, { amount: 1000, method: "bank", reference: trx() }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toBe("amount: at most the balance, $0.");
    expect(await orderState(orderId)).toMatchObject({ paidCents: 100_000, payments: [expect.anything()] });
  });

  it("one transaction id is one claim under bKash and Nagad (case and spaces aside), and one payment across bookings even at once", async () => {
    const orderId = await depositOrder();
    const id = trx();
    const first = (await submitClaim(orderId, { method: "bkash", amount: 200, reference: id })).body.insertedId;
    const spaced = `${id.slice(0, 4).toLowerCase()} ${id.slice(4)}`;
    expect((await submitClaim(orderId, { method: "nagad", amount: 200, reference: spaced })).body.insertedId).toBe(first);

    // another customer's booking, the same id under the other method: taken for review, then accepted once
    const theirs = await depositOrder(otherId);
    const second = await submitClaim(theirs, { method: "nagad", amount: 200, reference: id.toLowerCase() }, cookies.other);
    expect(second.status).toBe(201);
    const answers = await Promise.all([
      decide(first, { status: "accepted" }),
      decide(second.body.insertedId, { status: "accepted" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const prisma = await db();
    expect(await prisma.payment.count({ where: { mobileTrxKey: id } })).toBe(1);
    expect((await orderState(orderId)).paidCents + (await orderState(theirs)).paidCents).toBe(20_000);
  });

  it("refuses a new claim while the pending claims cover the balance, also two at once", async () => {
    const orderId = await depositOrder();
    expect((await submitClaim(orderId, { method: "bkash", amount: 1000, reference: trx() })).status).toBe(201);
    const refused = await submitClaim(orderId, { method: "nagad", amount: 500, reference: trx() });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error:
          "Your claims awaiting verification ($1,000) already cover this booking's balance: please wait until the agency has checked them.",
      },
    });
    const racing = await depositOrder();
    const answers = await Promise.all([
      submitClaim(racing, { method: "bkash", amount: 1000, reference: trx() }),
      submitClaim(racing, { method: "nagad", amount: 1000, reference: trx() }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });
});

describe("claims closed with their booking (issue 35 item 5)", () => {
  it("cancelling rejects its pending claims ('booking cancelled') and tells the customer; accepting one then is refused", async () => {
    const orderId = await depositOrder();
    const reference = trx();
    const claimId = (await submitClaim(orderId, { method: "bkash", amount: 200, reference })).body.insertedId;
    await cancelBooking(orderId, { id: adminId, isAdmin: true });
    const closed = (await listClaims("?status=rejected")).body.find((claim: { _id: string }) => claim._id === claimId);
    expect(closed).toMatchObject({ status: "rejected", reason: "booking cancelled" });
    const prisma = await db();
    const owner = await prisma.user.findUniqueOrThrow({ where: { id: ownerId } });
    const told = await prisma.outboxEmail.findMany({
      where: { to: owner.email, subject: { startsWith: "Payment claim closed" } },
    });
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(reference);
    expect((await decide(claimId, { status: "accepted" })).status).toBe(409);
    expect(await orderState(orderId)).toMatchObject({ paidCents: 0, bookingStatus: "CANCELLED" });
  });

  it("a claim still pending on a cancelled booking (it raced the cancellation): accepted, the money lands in Refunds owed", async () => {
    const orderId = await depositOrder();
    const claimId = (await submitClaim(orderId, { method: "nagad", amount: 200, reference: trx() })).body.insertedId;
    const prisma = await db();
    await prisma.order.update({ where: { id: orderId }, data: { bookingStatus: "CANCELLED" } });
    expect((await decide(claimId, { status: "accepted" })).status).toBe(200);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ paidCents: 20_000, offlineRefundOwedCents: 20_000, bookingStatus: "CANCELLED" });
  });
});

describe("claims rate-limited, duplicates flagged (issue 35 item 12)", () => {
  it("an account's claims are limited (RATE_LIMIT_CLAIM_MAX, 429 with Retry-After)", async () => {
    const orderId = await depositOrder();
    for (let i = 0; i < 10; i++)
      expect((await submitClaim(orderId, { method: "bkash", amount: 1, reference: trx() })).status).toBe(201);
    const refused = await submitClaim(orderId, { method: "bkash", amount: 1, reference: trx() });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You have sent many payment claims in a short time. Please try again later.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("another customer's claim of the same id is filed and flagged on the claims page; a rejected claim frees its id", async () => {
    const page = await import("~/routes/dashboard.payment-claims");
    const { authedGet } = await import("../support/auth");
    const { unwrap } = await import("../support/requests");
    const pending = async () =>
      (
        await unwrap<{ claims: { id: string; sameTransactionIn: string[] }[] }>(
          await page.loader({ request: authedGet("/dashboard/payment-claims", cookies.admin), params: {}, context: {} }),
        )
      ).data.claims;
    const id = trx();
    const mine = await depositOrder();
    const mineClaim = (await submitClaim(mine, { method: "bkash", amount: 200, reference: id })).body.insertedId;
    const theirs = await depositOrder(otherId);
    const theirClaim = await submitClaim(theirs, { method: "bkash", amount: 200, reference: id }, cookies.other);
    expect(theirClaim.status).toBe(201);
    const prisma = await db();
    const mineReference = (await prisma.order.findUniqueOrThrow({ where: { id: mine } })).reference;
    expect((await pending()).find((claim) => claim.id === theirClaim.body.insertedId)?.sameTransactionIn).toEqual([
      mineReference,
    ]);
    await decide(mineClaim, { status: "rejected", reason: "Not on our statement." });
    expect((await pending()).find((claim) => claim.id === theirClaim.body.insertedId)?.sameTransactionIn).toEqual([]);
    expect((await decide(theirClaim.body.insertedId, { status: "accepted" })).status).toBe(200);
  });
});

describe("cents offline (issue 35 item 16)", () => {
  it("a balance of $883.60 is paid offline and claimed to the cent; more than two decimals is refused naming the field", async () => {
    const orderId = await depositOrder();
    expect((await recordPayment(orderId, { amount: 116.4, method: "cash", reference: trx() })).status).toBe(201);
    const tooPrecise = await recordPayment(orderId, { amount: 1.234, method: "cash", reference: trx() });
    expect(tooPrecise.status).toBe(400);
    expect(Object.keys(tooPrecise.body.details)).toEqual(["amount"]);
    const claim = await submitClaim(orderId, { method: "bkash", amount: 883.6, reference: trx() });
    expect(claim.status).toBe(201);
    expect((await decide(claim.body.insertedId, { status: "accepted" })).status).toBe(200);
    expect(await orderState(orderId)).toMatchObject({ paidCents: 100_000, paymentStatus: "PAID" });
  });
});

describe("a claim keeps the seats (issue 35 item 17)", () => {
  it("a claim covering the deposit holds a pending booking until the admin decides, 48 hours at most, then the admin is reminded once", async () => {
    const orderId = await depositOrder();
    const prisma = await db();
    const placed = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    const filedAt = Date.now();
    await submitClaim(orderId, { method: "bkash", amount: 100, reference: trx() });
    // half the deposit: the hold is as it was
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).holdExpiresAt).toEqual(placed.holdExpiresAt);
    const reference = trx();
    await submitClaim(orderId, { method: "nagad", amount: 100, reference });
    const held = (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).holdExpiresAt!;
    expect(held.getTime()).toBeGreaterThanOrEqual(filedAt + 48 * 3_600_000);
    expect(held.getTime()).toBeLessThan(Date.now() + 48 * 3_600_000 + 1000);

    await sweepBookings(new Date(Date.now() + 31 * 60_000));
    expect((await orderState(orderId)).bookingStatus).toBe("PENDING");
    const listed = await prisma.paymentClaim.count({ where: { orderId, status: "PENDING" } });
    expect(listed).toBe(2);

    const later = new Date(held.getTime() + 60_000);
    const runs = await Promise.all([remindClaimsWaiting(later), remindClaimsWaiting(later)]);
    expect(runs[0].reminded + runs[1].reminded).toBeGreaterThanOrEqual(2);
    const reminders = await prisma.outboxEmail.findMany({
      where: { subject: { startsWith: "Payment claim waiting" }, text: { contains: reference } },
    });
    expect(reminders).toHaveLength(1);
    await remindClaimsWaiting(later);
    expect(
      await prisma.outboxEmail.count({
        where: { subject: { startsWith: "Payment claim waiting" }, text: { contains: reference } },
      }),
    ).toBe(1);
    await sweepBookings(later);
    expect((await orderState(orderId)).bookingStatus).toBe("EXPIRED");
  });

  it("Manage All Orders and the claims page show that a claim waits", async () => {
    const list = await import("~/routes/dashboard.manageAllOrders");
    const page = await import("~/routes/dashboard.payment-claims");
    const { authedGet } = await import("../support/auth");
    const { unwrap } = await import("../support/requests");
    const orderId = await depositOrder();
    const claimId = (await submitClaim(orderId, { method: "bkash", amount: 200, reference: trx() })).body.insertedId;
    const orders = await unwrap<{ orders: { id: string; pendingClaims: number }[] }>(
      await list.loader({ request: authedGet("/dashboard/manageAllOrders", cookies.admin), params: {}, context: {} }),
    );
    expect(orders.data.orders.find((order) => order.id === orderId)?.pendingClaims).toBe(1);
    const claims = await unwrap<{ claims: { id: string; seatsHeldUntil: string | null }[] }>(
      await page.loader({ request: authedGet("/dashboard/payment-claims", cookies.admin), params: {}, context: {} }),
    );
    expect(claims.data.claims.find((claim) => claim.id === claimId)?.seatsHeldUntil).toEqual(expect.any(String));
  });
});
