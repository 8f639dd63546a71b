// The order page (/dashboard/orders/{id}) and the refund policy page as each role: who sees what,
// the cancellation's confirmation step with the exact refund, and the admin's own amount.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCalendarDate } from "~/platform/dates";
import { startStripeFake, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../support/stripe-fake";

const fake = await startStripeFake();
process.env.STRIPE_SECRET_KEY = TEST_SECRET_KEY;
process.env.STRIPE_PUBLISHABLE_KEY = TEST_PUBLISHABLE_KEY;
process.env.STRIPE_API_BASE = fake.url;
afterAll(() => fake.close());

const { db } = await import("~/platform/db.server");
// The first query creates, migrates and seeds this file's database: slow on a busy machine.
beforeAll(() => db(), 180_000);
const { confirmPayment } = await import("~/booking/index.server");
const orderPage = await import("~/routes/dashboard.orders.$id");
const policyPage = await import("~/routes/dashboard.refund-policy.$packageId");
const allOrdersPage = await import("~/routes/dashboard.manageAllOrders");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays, paidIntentFor } = await import("../support/bookings");
const { callRoute } = await import("../support/requests");

async function paidBooking(days: number) {
  const user = await createUser();
  const tourPackage = await createPackage(12_345);
  const departure = await createDeparture(tourPackage.id, inDays(days));
  const order = await bookDeparture(user, departure, 1);
  await confirmPayment(order.id, await paidIntentFor(fake, order));
  return { user, cookie: await signIn(user.id), tourPackage, order };
}

const view = (id: string, cookie: string | null) =>
  callRoute(orderPage.loader, authedGet(`/dashboard/orders/${id}`, cookie), { id });
const post = (id: string, fields: Record<string, string>, cookie: string | null) =>
  callRoute(orderPage.action, authedPost(`/dashboard/orders/${id}`, fields, cookie), { id });

describe("the order page", () => {
  it("shows the owner and admins the order, its payment, history and the refund cancelling would give; others get 404", async () => {
    const { order, cookie } = await paidBooking(10);
    const own = await view(order.id, cookie);
    expect(own.status).toBe(200);
    expect(own.data.order).toMatchObject({
      id: order.id,
      quantity: 1,
      priceCents: 12_345,
      travelDate: formatCalendarDate(inDays(10)),
      status: "CONFIRMED",
      payments: [{ amountCents: 12_345, last4: "4242", kind: "FULL", method: "CARD" }],
      paidCents: 12_345,
    });
    expect(own.data.order.history.map((change: { toStatus: string }) => change.toStatus)).toEqual(["PENDING", "CONFIRMED"]);
    expect(own.data.quote).toMatchObject({ refusal: null, policy: { days: 10, percent: 50, cents: 6_172 } });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    expect((await view(order.id, admin)).status).toBe(200);
    const stranger = await signIn((await createUser()).id);
    expect(await view(order.id, stranger)).toMatchObject({ status: 404, thrown: true });
    expect(await view("not-an-id", cookie)).toMatchObject({ status: 404 });
    expect(await view(order.id, null)).toMatchObject({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent(`/dashboard/orders/${order.id}`)}`,
    });
  });

  it("asks first with the exact refund, then cancels", async () => {
    const { order, cookie } = await paidBooking(10);
    const asked = await post(order.id, { intent: "ask-cancel" }, cookie);
    expect(asked.data).toEqual({ confirm: { refundCents: 6_172, amount: "", reason: "" } });
    const prisma = await db();
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).bookingStatus).toBe("CONFIRMED");
    const done = await post(order.id, { intent: "cancel", amount: "", reason: "" }, cookie);
    expect(done.data).toEqual({ done: "The booking is cancelled. $61.72 is refunded to the card it was paid with." });
    expect((await view(order.id, cookie)).data.order).toMatchObject({ status: "CANCELLED", refundedCents: 6_172 });
    expect(await post(order.id, { intent: "ask-cancel" }, cookie)).toMatchObject({
      status: 409,
      data: { error: "This booking is already cancelled." },
    });
  });

  it("lets only an admin choose the amount, within what was paid", async () => {
    const { order, cookie } = await paidBooking(3);
    expect(await post(order.id, { intent: "ask-cancel", amount: "10" }, cookie)).toMatchObject({ status: 403 });
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const tooMuch = await post(order.id, { intent: "ask-cancel", amount: "123.46" }, admin);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data.result.error.amount).toEqual([
      "The refund can be at most $123.45 (what was paid, less what was refunded already).",
    ]);
    expect((await post(order.id, { intent: "ask-cancel", amount: "1.234" }, admin)).status).toBe(400);
    const asked = await post(order.id, { intent: "ask-cancel", amount: "100.5", reason: "Storm" }, admin);
    expect(asked.data).toEqual({ confirm: { refundCents: 10_050, amount: "100.5", reason: "Storm" } });
    const done = await post(order.id, { intent: "cancel", amount: "100.5", reason: "Storm" }, admin);
    expect(done.data.done).toContain("$100.50 is refunded");
  });
});

describe("an admin's delete of a paid order on Manage All Orders", () => {
  it("says on the confirm step that it becomes a cancellation with the policy refund, then does that", async () => {
    const { order } = await paidBooking(10);
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const remove = (intent: string) =>
      callRoute(allOrdersPage.action, authedPost("/dashboard/manageAllOrders", { id: order.id, intent }, admin));
    const asked = await remove("ask-delete");
    expect(asked.data.confirm.what).toContain(
      "paid. It will not be deleted: the booking will be cancelled and $61.72 refunded (50 % per the package's refund policy), and the customer emailed.",
    );
    const done = await remove("delete");
    expect(done.data).toEqual({
      ok: true,
      message: "The order was paid, so it was cancelled instead of deleted: $61.72 refunded.",
    });
    const prisma = await db();
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      deletedAt: null,
      bookingStatus: "CANCELLED",
      refundedCents: 6_172,
    });
  });
});

describe("the refund policy page", () => {
  it("is for admins: shows the default, saves tiers, refuses bad ones and goes back to the default", async () => {
    const tourPackage = await createPackage();
    const admin = await signIn((await createUser({ role: "ADMIN" })).id);
    const customer = await signIn((await createUser()).id);
    const path = `/dashboard/refund-policy/${tourPackage.id}`;
    const params = { packageId: tourPackage.id };
    expect((await callRoute(policyPage.loader, authedGet(path, customer), params)).status).toBe(302);
    expect(
      (
        await callRoute(
          policyPage.action,
          authedPost(path, { "tiers[0].minDays": "1", "tiers[0].percent": "1" }, customer),
          params,
        )
      ).status,
    ).toBe(403);
    const shown = await callRoute(policyPage.loader, authedGet(path, admin), params);
    expect(shown.data).toMatchObject({
      isDefault: true,
      lines: [
        "14 days or more before departure: 100 % refunded",
        "7 to 13 days before departure: 50 % refunded",
        "Less than 7 days before departure: no refund",
      ],
    });

    const save = (fields: Record<string, string>) => callRoute(policyPage.action, authedPost(path, fields, admin), params);
    const prisma = await db();
    const stored = async () => (await prisma.service.findUniqueOrThrow({ where: { id: tourPackage.id } })).refundPolicy;
    expect(
      (
        await save({
          "tiers[0].minDays": "30",
          "tiers[0].percent": "100",
          "tiers[1].minDays": "",
          "tiers[1].percent": "",
          "tiers[2].minDays": "5",
          "tiers[2].percent": "25",
        })
      ).data.saved,
    ).toBe(true);
    expect(await stored()).toEqual([
      { minDays: 30, percent: 100 },
      { minDays: 5, percent: 25 },
    ]);
    const refused = await save({
      "tiers[0].minDays": "5",
      "tiers[0].percent": "10",
      "tiers[1].minDays": "20",
      "tiers[1].percent": "5",
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.tiers).toEqual([
      "A tier closer to the departure cannot refund more than one further from it.",
    ]);
    expect(await stored()).toEqual([
      { minDays: 30, percent: 100 },
      { minDays: 5, percent: 25 },
    ]);
    expect((await save({ "tiers[0].minDays": "", "tiers[0].percent": "" })).data.saved).toBe(true);
    expect(await stored()).toBeNull();
    expect(
      (
        await callRoute(policyPage.loader, authedGet("/dashboard/refund-policy/cnothingnothing00000", admin), {
          packageId: "cnothingnothing00000",
        })
      ).status,
    ).toBe(404);
  });
});
