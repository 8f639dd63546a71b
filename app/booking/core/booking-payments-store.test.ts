import { describe, expect, it } from "vitest";
import { recordPayment, recordPaymentNow, type NewPayment } from "~/booking/core/booking-payments-store.server";
import { agencyToday } from "~/platform/dates";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../../../tests/support/bookings";

/** A pending booking of 2 seats at $450 each ($900) whose plan asks a $200 deposit. */
async function depositBooking(depositCents: number | null = 20_000) {
  const prisma = await db();
  const user = await createUser();
  const tourPackage = await createPackage(45_000);
  const departure = await createDeparture(tourPackage.id, inDays(60));
  const order = await bookDeparture(user, departure, 2);
  await prisma.order.update({
    where: { id: order.id },
    data: { depositCents, balanceDueDate: depositCents ? new Date(`${inDays(30)}T00:00:00Z`) : null },
  });
  return { user, order, departure };
}

const offline = (
  orderId: string,
  amountCents: number,
  reference: string,
  method: NewPayment["method"] = "BKASH",
): NewPayment => ({
  orderId,
  amountCents,
  currency: "usd",
  method,
  created: new Date(),
  reference,
  recordedById: null,
});

const card = (orderId: string, amountCents: number, transaction: string): NewPayment => ({
  orderId,
  amountCents,
  currency: "usd",
  method: "CARD",
  created: new Date(),
  last4: "4242",
  transaction,
  recordedById: null,
});

const record = (payment: NewPayment) => recordPaymentNow(payment, agencyToday(), () => null);

async function stored(orderId: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      paidCents: true,
      paymentStatus: true,
      bookingStatus: true,
      payments: { orderBy: { recordedAt: "asc" }, select: { amountCents: true, kind: true, method: true } },
      statusChanges: { orderBy: { createdAt: "asc" }, select: { toStatus: true, reason: true } },
    },
  });
}

const reference = () => `TX${Math.random().toString(36).slice(2, 12).toUpperCase()}`;

describe("recording the payments of a booking", () => {
  it("confirms the booking on its deposit, then marks it paid in full on the balance", async () => {
    const { order } = await depositBooking();
    const deposit = await record(offline(order.id, 20_000, reference()));
    expect(deposit).toMatchObject({
      status: "recorded",
      kind: "DEPOSIT",
      outcome: "confirmed",
      secured: true,
      paidCents: 20_000,
    });
    expect(await stored(order.id)).toMatchObject({ paidCents: 20_000, paymentStatus: "PARTLY_PAID", bookingStatus: "CONFIRMED" });
    const balance = await record(card(order.id, 70_000, `pi_${reference()}`));
    expect(balance).toMatchObject({ status: "recorded", kind: "BALANCE", outcome: "confirmed", secured: false });
    const after = await stored(order.id);
    expect(after).toMatchObject({ paidCents: 90_000, paymentStatus: "PAID", bookingStatus: "CONFIRMED" });
    expect(after.payments).toEqual([
      { amountCents: 20_000, kind: "DEPOSIT", method: "BKASH" },
      { amountCents: 70_000, kind: "BALANCE", method: "CARD" },
    ]);
    expect(after.statusChanges.map((change) => change.reason)).toEqual([null, "Deposit received"]);
  });

  it("keeps a booking pending on less than its deposit, and one without a deposit until the whole price", async () => {
    const { order } = await depositBooking();
    expect(await record(offline(order.id, 5_000, reference(), "CASH"))).toMatchObject({ outcome: "recorded", secured: false });
    expect(await stored(order.id)).toMatchObject({ paidCents: 5_000, paymentStatus: "PARTLY_PAID", bookingStatus: "PENDING" });
    const full = await depositBooking(null);
    expect(await record(offline(full.order.id, 20_000, reference(), "BANK"))).toMatchObject({ outcome: "recorded" });
    expect(await stored(full.order.id)).toMatchObject({ bookingStatus: "PENDING", paymentStatus: "PARTLY_PAID" });
    expect(await record(offline(full.order.id, 70_000, reference(), "BANK"))).toMatchObject({
      outcome: "confirmed",
      secured: true,
    });
    expect(await stored(full.order.id)).toMatchObject({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", paidCents: 90_000 });
  });

  it("records a card payment once, however many deliveries of it arrive at once", async () => {
    const { order } = await depositBooking(null);
    const transaction = `pi_${reference()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => record(card(order.id, 90_000, transaction))));
    expect(results.filter((result) => result.status === "recorded")).toHaveLength(1);
    expect(results.filter((result) => result.status === "duplicate")).toHaveLength(4);
    const after = await stored(order.id);
    expect(after).toMatchObject({ paidCents: 90_000, paymentStatus: "PAID", bookingStatus: "CONFIRMED" });
    expect(after.payments).toEqual([{ amountCents: 90_000, kind: "FULL", method: "CARD" }]);
  });

  it("records an offline reference once (a double submit), and adds different payments up under concurrency", async () => {
    const { order } = await depositBooking();
    const same = reference();
    const twice = await Promise.all([record(offline(order.id, 20_000, same)), record(offline(order.id, 20_000, same))]);
    expect(twice.map((result) => result.status).sort()).toEqual(["duplicate", "recorded"]);
    const many = await Promise.all(Array.from({ length: 7 }, () => record(offline(order.id, 10_000, reference(), "CASH"))));
    expect(many.every((result) => result.status === "recorded")).toBe(true);
    const after = await stored(order.id);
    expect(after).toMatchObject({ paidCents: 90_000, paymentStatus: "PAID" });
    expect(after.payments.filter((payment) => payment.kind === "DEPOSIT")).toHaveLength(1);
    expect(after.payments.filter((payment) => payment.kind === "BALANCE")).toHaveLength(7);
    expect(after.statusChanges.filter((change) => change.toStatus === "CONFIRMED")).toHaveLength(1);
  });

  it("takes the seats again for an expired booking paid late, or says its money is due back when they are gone", async () => {
    const prisma = await db();
    const { order, departure } = await depositBooking();
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "EXPIRED" } });
    await prisma.departure.update({ where: { id: departure.id }, data: { seatsTaken: 0 } });
    expect(await record(offline(order.id, 20_000, reference()))).toMatchObject({ outcome: "confirmed", secured: true });
    expect((await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken).toBe(2);

    const gone = await depositBooking();
    await prisma.order.update({ where: { id: gone.order.id }, data: { bookingStatus: "EXPIRED" } });
    await prisma.departure.update({ where: { id: gone.departure.id }, data: { seats: 2, seatsTaken: 2 } });
    expect(await record(offline(gone.order.id, 20_000, reference()))).toMatchObject({ outcome: "refund-due", secured: false });
    expect(await stored(gone.order.id)).toMatchObject({ bookingStatus: "EXPIRED", paidCents: 20_000 });
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const prisma = await db();
    const { order } = await depositBooking();
    await expect(
      prisma.$transaction(async (tx) => {
        await recordPayment(tx, offline(order.id, 20_000, reference()), agencyToday());
        throw new Error("the invoice could not be numbered");
      }),
    ).rejects.toThrow("numbered");
    expect(await stored(order.id)).toMatchObject({
      paidCents: 0,
      paymentStatus: "UNPAID",
      bookingStatus: "PENDING",
      payments: [],
    });
  });
});
