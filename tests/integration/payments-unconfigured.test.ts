// Without Stripe keys the site still works; the payment page and calls say payments are off.
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_PUBLISHABLE_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;

import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as createIntentApi from "~/routes/api.create-payment-intent";
import * as paymentPage from "~/routes/dashboard.payment.$orderId";
import * as reconciliationPage from "~/routes/dashboard.reconciliation";
import * as reconciliationCsv from "~/routes/dashboard.reconciliation[.]csv";
import * as webhook from "~/routes/webhooks.stripe";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { callRoute, ORIGIN, unwrap } from "../support/requests";

describe("payments without Stripe keys", () => {
  it("the page explains it, the API answers 503 and the webhook refuses, and nothing is written", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { id } = await placeTestOrder(user.id, { email: user.email });
    const { data } = await unwrap<{ publishableKey: string | null }>(
      await paymentPage.loader({
        request: authedGet(`/dashboard/payment/${id}`, cookie),
        params: { orderId: id },
        context: {},
      }),
    );
    expect(data.publishableKey).toBeNull();

    const api = await createIntentApi.action({
      request: new Request(new URL("/api/create-payment-intent", ORIGIN), {
        method: "POST",
        body: JSON.stringify({ orderId: id }),
        headers: {
          "Content-Type": "application/json",
          Origin: ORIGIN,
          Cookie: cookie,
        },
      }),
      params: {},
      context: {},
    });
    expect(api.status).toBe(503);
    expect((await api.json()).error).toMatch(/not configured/);

    const hook = await webhook.action({
      request: new Request(new URL("/webhooks/stripe", ORIGIN), {
        method: "POST",
        body: "{}",
        headers: { "Stripe-Signature": "t=1,v1=00" },
      }),
      params: {},
      context: {},
    });
    expect(hook.status).toBe(503);
    const prisma = await db();
    expect(await prisma.order.findUniqueOrThrow({ where: { id } })).toMatchObject({
      paymentStatus: "UNPAID",
      stripePaymentIntentId: null,
    });
  });
});

describe("reconciliation without Stripe keys", () => {
  it("the page says there is nothing to compare, the CSV answers 409, recording a payment 503", async () => {
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const page = await callRoute<{ report: { problem: unknown } }>(
      reconciliationPage.loader,
      authedGet("/dashboard/reconciliation?month=2026-10", admin),
    );
    expect(page.status).toBe(200);
    expect(page.data.report.problem).toEqual({
      code: "not-configured",
      message: "Card payments are not configured on this site yet.",
    });
    const file = await callRoute(reconciliationCsv.loader, authedGet("/dashboard/reconciliation.csv?month=2026-10", admin));
    expect(file).toMatchObject({ status: 409, data: "Card payments are not configured on this site yet." });
    const record = await callRoute<{ error: string }>(
      reconciliationPage.action,
      authedPost("/dashboard/reconciliation", { paymentIntentId: "pi_123" }, admin),
    );
    expect(record).toMatchObject({ status: 503, data: { error: "Card payments are not configured on this site yet." } });
  });
});
