// What a customer can do with a booking, as the pages show it and the server enforces it
// (app/booking/core/booking-actions.ts): an overdue hold (before the sweep) or a cancelled booking is
// neither paid, deleted nor cancelled; a paid one is not paid again nor deleted.
import { beforeAll, describe, expect, it } from "vitest";
import { stripeFakeForTests } from "../support/stripe-fake";

await stripeFakeForTests();

const { db } = await import("~/platform/db.server");
// The first query creates, migrates and seeds this file's database: slow on a busy machine.
beforeAll(() => db(), 180_000);
const { openPaymentIntent } = await import("~/booking/index.server");
const { PaymentError } = await import("~/payments/index.server");
const myOrder = await import("~/routes/dashboard.myOrder");
const orderPage = await import("~/routes/dashboard.orders.$id");
const paymentPage = await import("~/routes/dashboard.payment.$orderId");
const { authedGet, authedPost, createUser, signIn } = await import("../support/auth");
const { bookDeparture, createDeparture, createPackage, inDays } = await import("../support/bookings");
const { callRoute } = await import("../support/requests");

async function booking() {
  const user = await createUser();
  const departure = await createDeparture((await createPackage(200_00)).id, inDays(30));
  const order = await bookDeparture(user, departure, 2);
  return { user, order, cookie: await signIn(user.id), prisma: await db() };
}

const myOrders = async (cookie: string) =>
  (await callRoute(myOrder.loader, authedGet("/dashboard/myOrder", cookie))).data.orders as {
    id: string;
    actions: Record<string, unknown>;
  }[];

describe("a booking's actions", () => {
  it("an unpaid hold can be paid, deleted or cancelled, and says what each does", async () => {
    const { order, cookie } = await booking();
    const [row] = await myOrders(cookie);
    expect(row.actions).toMatchObject({
      canPay: true,
      canDelete: true,
      deleteHint: "Removes this unpaid booking and frees its seats.",
    });
    const page = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${order.id}`, cookie), { id: order.id });
    expect(page.data.actions).toMatchObject({
      canCancel: true,
      cancelHint: "Cancels this unpaid booking and frees its seats; nothing is charged.",
    });
  });

  it("a hold past its deadline, before the sweep: no Pay, Delete or Cancel, and each post is refused", async () => {
    const { order, cookie, prisma } = await booking();
    await prisma.order.update({ where: { id: order.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    const [row] = await myOrders(cookie);
    expect(row.actions).toMatchObject({ status: "EXPIRED", canPay: false, canDelete: false, canCancel: false });

    const page = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${order.id}`, cookie), { id: order.id });
    expect(page.data.order.status).toBe("EXPIRED");
    expect(page.data.actions).toMatchObject({ canPay: false, canCancel: false });

    for (const intent of ["ask-delete", "delete"]) {
      const refused = await callRoute(myOrder.action, authedPost("/dashboard/myOrder", { intent, id: order.id }, cookie));
      expect(refused.status, intent).toBe(409);
      expect(refused.data).toEqual({
        ok: false,
        message: "This booking cannot be deleted: Expired bookings stay in your order history.",
      });
    }
    const cancel = await callRoute(
      orderPage.action,
      authedPost(`/dashboard/orders/${order.id}`, { intent: "ask-cancel" }, cookie),
      { id: order.id },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.data).toEqual({ error: "This booking has expired: its seats were released and nothing was paid." });

    await expect(openPaymentIntent(order.id, order.userId)).rejects.toThrow(
      new PaymentError(
        "closed",
        "This booking has expired: its seats were released because it was not paid in time. Please book again.",
      ),
    );
    const pay = await callRoute(paymentPage.loader, authedGet(`/dashboard/payment/${order.id}`, cookie), {
      orderId: order.id,
    });
    expect(pay.data.order.closed).toMatch(/^This booking has expired/);

    const stored = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ deletedAt: null, bookingStatus: "PENDING", stripePaymentIntentId: null });
  });

  it("a cancelled booking is kept: its delete is refused", async () => {
    const { order, cookie, prisma } = await booking();
    const cancelled = await callRoute(
      orderPage.action,
      authedPost(`/dashboard/orders/${order.id}`, { intent: "cancel" }, cookie),
      { id: order.id },
    );
    expect(cancelled.data).toEqual({ done: "The booking is cancelled." });
    const [row] = await myOrders(cookie);
    expect(row.actions).toMatchObject({
      canPay: false,
      canDelete: false,
      deleteHint: "Cancelled bookings stay in your order history.",
    });
    const refused = await callRoute(myOrder.action, authedPost("/dashboard/myOrder", { intent: "delete", id: order.id }, cookie));
    expect(refused.status).toBe(409);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deletedAt).toBeNull();
  });
});
