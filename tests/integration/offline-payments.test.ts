// Offline payments over the API: an administrator records cash, bank, bKash or Nagad with a
// reference (once per reference); a customer submits a bKash/Nagad transaction id that an
// administrator accepts (a payment) or rejects with a reason. Errors name the field (400) or
// the conflict (409); every answer is checked against the OpenAPI document.
import { beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "~/booking/orders.server";
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

beforeAll(async () => {
  cookies.admin = await signIn((await createUser({ role: "ADMIN" })).id);
  const owner = await createUser();
  ownerId = owner.id;
  cookies.owner = await signIn(owner.id);
  cookies.other = await signIn((await createUser()).id);
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
async function depositOrder() {
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
  return (await placeOrder(ownerId, checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2" }))).id;
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
    const refused = await post({ intent: "record-payment", amount: "12.5", method: "bkash", reference: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.offlinePayment).toMatchObject({
      fieldErrors: { amount: "The amount must be whole dollars.", reference: expect.stringContaining("reference") },
    });
    const done = await post({ intent: "record-payment", amount: "200", method: "bank", reference: "DBBL-778812" });
    expect(done).toMatchObject({ status: 200, data: { done: "The payment of $200 by Bank transfer is recorded." } });
    expect(await orderState(orderId)).toMatchObject({ paidCents: 20_000, bookingStatus: "CONFIRMED" });
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
    expect(sent).toMatchObject({ status: 200, data: { done: "Thank you: your payment is awaiting verification." } });
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
    const done = await post({ intent: "accept", claimId: acceptedId });
    expect(done).toMatchObject({ status: 200, data: { message: "Claim accepted: the payment is recorded." } });
    expect(await orderState(accepted)).toMatchObject({ paidCents: 20_000, bookingStatus: "CONFIRMED" });
    const again = await post({ intent: "accept", claimId: acceptedId });
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
