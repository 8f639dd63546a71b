// Balance reminders and overdue bookings, on the database: each reminder queued once (twice run,
// and two runs at once as two instances would), none for a booking paid in full, cancelled or
// sold by a reseller; an overdue booking cancelled only after its grace period, its seats freed,
// its deposit kept and its owner told; a balance paid meanwhile wins.
import { describe, expect, it } from "vitest";
import { recordPaymentNow } from "~/booking/core/booking-payments-store.server";
import { listOrdersPage } from "~/booking/lists/booking-list-store.server";
import { cancelOverdueBookings, sendBalanceReminders } from "~/booking/paying/balance-dues.server";
import { agencyToday } from "~/platform/dates";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../../../tests/support/bookings";

/** Noon in Dhaka `days` from today: the jobs' "now". */
const dhakaNoonIn = (days: number) => new Date(`${inDays(days)}T06:00:00Z`);

/** A confirmed booking of 2 seats ($900) with a $200 deposit paid and its balance due in `dueInDays`. */
async function depositPaid(dueInDays: number) {
  const prisma = await db();
  const user = await createUser();
  const tourPackage = await createPackage(45_000);
  const departure = await createDeparture(tourPackage.id, inDays(dueInDays + 30), 10);
  const order = await bookDeparture(user, departure, 2);
  await prisma.order.update({
    where: { id: order.id },
    data: { depositCents: 20_000, balanceDueDate: new Date(`${inDays(dueInDays)}T00:00:00Z`) },
  });
  await recordPaymentNow(
    {
      orderId: order.id,
      amountCents: 20_000,
      currency: "usd",
      method: "BKASH",
      created: new Date(),
      reference: `TX${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
      recordedById: null,
    },
    agencyToday(),
    () => null,
  );
  return { user, order, departure };
}

async function mailTo(to: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" }, select: { subject: true, text: true } });
}

async function state(orderId: string) {
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      bookingStatus: true,
      paidCents: true,
      refundedCents: true,
      balanceReminder7SentAt: true,
      balanceReminder1SentAt: true,
      departure: { select: { seatsTaken: true } },
      statusChanges: { orderBy: { createdAt: "desc" }, take: 1, select: { toStatus: true, reason: true, byUserId: true } },
    },
  });
}

describe("balance reminders", () => {
  it("sends the 7-day reminder once, however often and however many instances run the job", async () => {
    const { user, order } = await depositPaid(7);
    const now = dhakaNoonIn(0);
    await Promise.all([sendBalanceReminders(now), sendBalanceReminders(now)]);
    await sendBalanceReminders(now);
    const mails = await mailTo(user.email);
    const reminders = mails.filter((mail) => mail.subject.startsWith("Balance due"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toContain("Balance due in 7 days");
    expect(reminders[0].subject).toContain(order.reference);
    expect(reminders[0].text).toContain("$700");
    expect(reminders[0].text).toContain(`/dashboard/payment/${order.id}`);
    expect((await state(order.id)).balanceReminder7SentAt).not.toBeNull();
  });

  it("sends the 1-day reminder the day before, once, after the 7-day one", async () => {
    const { user, order } = await depositPaid(8);
    await sendBalanceReminders(dhakaNoonIn(1));
    await sendBalanceReminders(dhakaNoonIn(7));
    await sendBalanceReminders(dhakaNoonIn(7));
    const subjects = (await mailTo(user.email)).map((mail) => mail.subject).filter((s) => s.startsWith("Balance due"));
    expect(subjects).toEqual([expect.stringContaining("in 7 days"), expect.stringContaining("tomorrow")]);
    expect((await state(order.id)).balanceReminder1SentAt).not.toBeNull();
  });

  it("does not send before 7 days, nor for a balance paid in full, a cancelled or a reseller's booking", async () => {
    const early = await depositPaid(9);
    const paid = await depositPaid(7);
    await recordPaymentNow(
      {
        orderId: paid.order.id,
        amountCents: 70_000,
        currency: "usd",
        method: "CASH",
        created: new Date(),
        reference: `CASH-${paid.order.id}`,
        recordedById: null,
      },
      agencyToday(),
      () => null,
    );
    const cancelled = await depositPaid(7);
    const reseller = await depositPaid(7);
    const prisma = await db();
    await prisma.order.update({ where: { id: cancelled.order.id }, data: { bookingStatus: "CANCELLED" } });
    await prisma.order.update({ where: { id: reseller.order.id }, data: { channel: "RESELLER" } });
    await sendBalanceReminders(dhakaNoonIn(0));
    for (const { user } of [early, paid, cancelled, reseller]) {
      expect((await mailTo(user.email)).filter((mail) => mail.subject.startsWith("Balance due"))).toEqual([]);
    }
  });
});

describe("overdue balances", () => {
  it("keeps a booking whose balance a claim awaiting verification covers, PAYMENT_CLAIM_HOLD_HOURS at most", async () => {
    const { user, order } = await depositPaid(1);
    const prisma = await db();
    await prisma.paymentClaim.create({
      data: {
        orderId: order.id,
        userId: user.id,
        method: "NAGAD",
        amountCents: 70_000,
        reference: "LASTDAY1",
        trxKey: "LASTDAY1",
        createdAt: dhakaNoonIn(4),
      },
    });
    await cancelOverdueBookings(dhakaNoonIn(5), 3);
    expect((await state(order.id)).bookingStatus).toBe("CONFIRMED");
    // 48 hours after the claim the job no longer waits for it; the claim closes with the booking
    await cancelOverdueBookings(new Date(dhakaNoonIn(4).getTime() + 49 * 3_600_000), 3);
    expect((await state(order.id)).bookingStatus).toBe("CANCELLED");
    expect(await prisma.paymentClaim.findFirstOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "REJECTED",
      reason: "booking cancelled",
    });
  });

  it("never cancels a booking for a balance under one dollar (cents a rounded percentage left open)", async () => {
    const { order } = await depositPaid(1);
    const prisma = await db();
    // $899.40 paid of $900: $0.60 left
    await prisma.order.update({ where: { id: order.id }, data: { paidCents: 89_940 } });
    await cancelOverdueBookings(dhakaNoonIn(10), 3);
    expect((await state(order.id)).bookingStatus).toBe("CONFIRMED");
    await prisma.order.update({ where: { id: order.id }, data: { paidCents: 89_900 } });
    await cancelOverdueBookings(dhakaNoonIn(10), 3);
    expect((await state(order.id)).bookingStatus).toBe("CANCELLED");
  });

  it("cancels the booking only after the grace period, frees its seats, keeps the deposit and tells the owner once", async () => {
    const { user, order, departure } = await depositPaid(1);
    const prisma = await db();
    const seatsBefore = (await prisma.departure.findUniqueOrThrow({ where: { id: departure.id } })).seatsTaken;
    // Due tomorrow; with 3 days' grace it may still be paid up to 4 days from now.
    await cancelOverdueBookings(dhakaNoonIn(4), 3);
    expect((await state(order.id)).bookingStatus).toBe("CONFIRMED");
    const results = await Promise.all([cancelOverdueBookings(dhakaNoonIn(5), 3), cancelOverdueBookings(dhakaNoonIn(5), 3)]);
    expect(results.reduce((sum, result) => sum + result.cancelled, 0)).toBe(1);
    const after = await state(order.id);
    expect(after).toMatchObject({ bookingStatus: "CANCELLED", paidCents: 20_000, refundedCents: 0 });
    expect(after.departure?.seatsTaken).toBe(seatsBefore - 2);
    expect(after.statusChanges[0]).toEqual({ toStatus: "CANCELLED", reason: "balance overdue", byUserId: null });
    const told = (await mailTo(user.email)).filter((mail) => mail.subject.startsWith("Booking cancelled"));
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain("balance was not paid by");
    expect(told[0].text).toContain("$200 paid is kept");
  });

  it("leaves a booking whose balance was paid in time", async () => {
    const { order } = await depositPaid(1);
    await recordPaymentNow(
      {
        orderId: order.id,
        amountCents: 70_000,
        currency: "usd",
        method: "NAGAD",
        created: new Date(),
        reference: `NG-${order.id}`,
        recordedById: null,
      },
      agencyToday(),
      () => null,
    );
    await cancelOverdueBookings(dhakaNoonIn(10), 3);
    expect((await state(order.id)).bookingStatus).toBe("CONFIRMED");
  });
});

describe("the order lists' balance filters", () => {
  it("lists a balance still to pay under 'balance due' and one past its day under 'overdue', never one paid in full", async () => {
    const upcoming = await depositPaid(5);
    const late = await depositPaid(-1);
    const settled = await depositPaid(5);
    await recordPaymentNow(
      {
        orderId: settled.order.id,
        amountCents: 70_000,
        currency: "usd",
        method: "BANK",
        created: new Date(),
        reference: `BANK-${settled.order.id}`,
        recordedById: null,
      },
      agencyToday(),
      () => null,
    );
    const ids = async (balance: "due" | "overdue") =>
      (await listOrdersPage({ filter: { balance }, sort: "newest", cursor: null, limit: 100, now: new Date() })).rows.map(
        (row) => row.id,
      );
    const due = await ids("due");
    const overdue = await ids("overdue");
    expect(due).toContain(upcoming.order.id);
    expect(due).not.toContain(late.order.id);
    expect(overdue).toContain(late.order.id);
    expect(overdue).not.toContain(upcoming.order.id);
    expect([...due, ...overdue]).not.toContain(settled.order.id);
  });
});
