import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { loader as layoutLoader } from "~/routes/dashboard";
import { loader as homeLoader } from "~/routes/dashboard._index";
import { action as messageAction, loader as messageLoader } from "~/routes/dashboard.messages.$id";
import { action as inboxAction, loader as inboxLoader } from "~/routes/dashboard.messages._index";
import { loader as subscribersLoader } from "~/routes/dashboard.subscribers";
import { loader as exportLoader } from "~/routes/dashboard.subscribers.export[.]csv";
import { authedGet, authedPost, createUser, signIn, uniqueEmail } from "../support/auth";
import { firstPackage, insertBooking } from "../support/orders";
import { callRoute } from "../support/requests";

async function message(subject: string, createdAt = new Date()) {
  const prisma = await db();
  return prisma.contactMessage.create({
    data: { name: "Rina Das", email: uniqueEmail("writer"), subject, message: `About ${subject}`, createdAt },
  });
}

async function asAdmin() {
  const admin = await createUser({ role: "ADMIN" });
  return { admin, cookie: await signIn(admin.id) };
}

describe("messages inbox", () => {
  it("lists messages to handle newest first, a page at a time, and counts them in the sidebar", async () => {
    const prisma = await db();
    await prisma.contactMessage.deleteMany();
    const base = Date.parse("2026-11-01T10:00:00Z");
    for (let index = 0; index < 27; index += 1) await message(`Question ${index}`, new Date(base + index * 60_000));
    const { cookie } = await asAdmin();
    const first = await callRoute(inboxLoader, authedGet("/dashboard/messages", cookie));
    expect(first.data.total).toBe(27);
    expect(first.data.pages).toBe(2);
    expect(first.data.messages).toHaveLength(25);
    expect(first.data.messages[0].subject).toBe("Question 26");
    const second = await callRoute(inboxLoader, authedGet("/dashboard/messages?page=2", cookie));
    expect(second.data.messages.map((row: { subject: string }) => row.subject)).toEqual(["Question 1", "Question 0"]);
    const layout = await callRoute(layoutLoader, authedGet("/dashboard/messages", cookie));
    expect(layout.data.counts["/dashboard/messages"]).toBe(27);
  });

  it("marks a message read when opened and handled when the admin says so", async () => {
    const { admin, cookie } = await asAdmin();
    const created = await message("Group booking");
    const opened = await callRoute(messageLoader, authedGet(`/dashboard/messages/${created.id}`, cookie), { id: created.id });
    expect(opened.data.message.subject).toBe("Group booking");
    const prisma = await db();
    expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: created.id } })).readAt).not.toBeNull();

    const handled = await callRoute(
      messageAction,
      authedPost(`/dashboard/messages/${created.id}`, { intent: "handled" }, cookie),
      { id: created.id },
    );
    expect(handled.data).toEqual({ ok: true, message: "Marked as handled." });
    expect(await prisma.contactMessage.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ handledById: admin.id });
    const handledList = await callRoute(inboxLoader, authedGet("/dashboard/messages?state=handled", cookie));
    expect(handledList.data.messages.map((row: { id: string }) => row.id)).toContain(created.id);
    const todo = await callRoute(inboxLoader, authedGet("/dashboard/messages", cookie));
    expect(todo.data.messages.map((row: { id: string }) => row.id)).not.toContain(created.id);

    const back = await callRoute(inboxAction, authedPost("/dashboard/messages", { id: created.id, intent: "unhandled" }, cookie));
    expect(back.data.ok).toBe(true);
    expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: created.id } })).handledAt).toBeNull();
  });

  it("refuses customers and unknown actions, changing nothing", async () => {
    const customer = await createUser();
    const cookie = await signIn(customer.id);
    const created = await message("Private");
    for (const run of [
      () => callRoute(inboxLoader, authedGet("/dashboard/messages", cookie)),
      () => callRoute(messageLoader, authedGet(`/dashboard/messages/${created.id}`, cookie), { id: created.id }),
      () => callRoute(inboxAction, authedPost("/dashboard/messages", { id: created.id, intent: "handled" }, cookie)),
      () => callRoute(subscribersLoader, authedGet("/dashboard/subscribers", cookie)),
      () => callRoute(exportLoader, authedGet("/dashboard/subscribers/export.csv", cookie)),
    ]) {
      const answer = await run();
      expect(answer.thrown).toBe(true);
      expect([302, 403]).toContain(answer.status);
    }
    const prisma = await db();
    expect(await prisma.contactMessage.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      readAt: null,
      handledAt: null,
    });
    const { cookie: adminCookie } = await asAdmin();
    const bad = await callRoute(
      inboxAction,
      authedPost("/dashboard/messages", { id: created.id, intent: "delete" }, adminCookie),
    );
    expect(bad.status).toBe(400);
    const missing = await callRoute(
      inboxAction,
      authedPost("/dashboard/messages", { id: "nope", intent: "handled" }, adminCookie),
    );
    expect(missing.status).toBe(404);
  });
});

describe("subscribers", () => {
  it("lists confirmed subscribers and exports them as CSV, formulas defused", async () => {
    const prisma = await db();
    await prisma.newsletterSubscriber.deleteMany();
    await prisma.newsletterSubscriber.createMany({
      data: [
        {
          email: "a@example.com",
          token: "token-aaaaaaaaaaaaaaaa",
          confirmedAt: new Date("2026-10-01T00:00:00Z"),
          createdAt: new Date("2026-10-01T00:00:00Z"),
        },
        {
          email: "=cmd@example.com",
          token: "token-bbbbbbbbbbbbbbbb",
          confirmedAt: new Date("2026-10-02T00:00:00Z"),
          createdAt: new Date("2026-10-02T00:00:00Z"),
        },
        { email: "pending@example.com", token: "token-cccccccccccccccc" },
        { email: "gone@example.com", token: "token-dddddddddddddddd", confirmedAt: new Date(), unsubscribedAt: new Date() },
      ],
    });
    const { cookie } = await asAdmin();
    const page = await callRoute(subscribersLoader, authedGet("/dashboard/subscribers", cookie));
    expect(page.data.subscribers.map((row: { email: string }) => row.email)).toEqual(["=cmd@example.com", "a@example.com"]);
    const pending = await callRoute(subscribersLoader, authedGet("/dashboard/subscribers?state=pending", cookie));
    expect(pending.data.subscribers.map((row: { email: string }) => row.email)).toEqual(["pending@example.com"]);

    const csv = await callRoute(exportLoader, authedGet("/dashboard/subscribers/export.csv", cookie));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="subscribers-confirmed.csv"');
    expect(csv.data).toBe(
      // (the body starts with a BOM, which Response.text() drops)
      "email,subscribed_at,confirmed_at,unsubscribed_at\r\n" +
        "a@example.com,2026-10-01T00:00:00.000Z,2026-10-01T00:00:00.000Z,\r\n" +
        "'=cmd@example.com,2026-10-02T00:00:00.000Z,2026-10-02T00:00:00.000Z,\r\n",
    );
  });
});

describe("dashboard figures", () => {
  it("shows admins bookings and revenue per month and departures with their seats", async () => {
    const prisma = await db();
    const tourPackage = await firstPackage();
    const customer = await createUser();
    const thisMonth = new Date();
    const order = await insertBooking(customer, tourPackage);
    await prisma.payment.create({
      data: {
        orderId: order.id,
        amountCents: 50_000,
        currency: "usd",
        created: thisMonth,
        last4: "4242",
        transaction: `pi_${order.id}`,
      },
    });
    await prisma.refund.create({ data: { orderId: order.id, amountCents: 20_000, stripeRefundId: `re_${order.id}` } });
    const departure = await prisma.departure.create({
      data: { serviceId: tourPackage.id, startDate: new Date(Date.now() + 86_400_000 * 3), seats: 12, seatsTaken: 7 },
    });
    const { cookie } = await asAdmin();
    const home = await callRoute(homeLoader, authedGet("/dashboard", cookie));
    expect(home.data.months).toHaveLength(12);
    const month = thisMonth.toISOString().slice(0, 7);
    expect(home.data.months.at(-1)).toBe(month);
    const before = await prisma.order.count({
      where: { deletedAt: null, createdAt: { gte: new Date(`${month}-01T00:00:00Z`) } },
    });
    expect(home.data.bookings.at(-1)).toBe(before);
    const payments = await prisma.payment.aggregate({
      _sum: { amountCents: true },
      where: { created: { gte: new Date(`${month}-01T00:00:00Z`) } },
    });
    const refunds = await prisma.refund.aggregate({
      _sum: { amountCents: true },
      where: { createdAt: { gte: new Date(`${month}-01T00:00:00Z`) } },
    });
    expect(home.data.revenueCents.at(-1)).toBe((payments._sum.amountCents ?? 0) - (refunds._sum.amountCents ?? 0));
    expect(home.data.departures).toContainEqual(expect.objectContaining({ id: departure.id, seats: 12, taken: 7 }));
    expect(home.data.counts.orders).toBe(await prisma.order.count({ where: { deletedAt: null } }));
  });

  it("shows a customer their own orders, paid ones and trips to come", async () => {
    const prisma = await db();
    const tourPackage = await firstPackage();
    const customer = await createUser();
    const other = await createUser();
    const paid = await insertBooking(customer, tourPackage);
    await prisma.order.update({
      where: { id: paid.id },
      data: { paymentStatus: "PAID", bookingStatus: "CONFIRMED", travelDate: new Date(Date.now() + 86_400_000 * 10) },
    });
    await insertBooking(customer, tourPackage);
    await insertBooking(other, tourPackage);
    const home = await callRoute(homeLoader, authedGet("/dashboard", await signIn(customer.id)));
    expect(home.data.isAdmin).toBe(false);
    expect(home.data.figures).toMatchObject({ orders: 2, paid: 1, upcomingTrips: 1 });
    expect(home.data.figures.nextTrips.map((trip: { id: string }) => trip.id)).toEqual([paid.id]);
    expect(home.data).not.toHaveProperty("revenueCents");
  });
});
