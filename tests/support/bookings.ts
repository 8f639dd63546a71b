// Departures and bookings on them for tests, written straight to the database (fixtures, not a
// checkout), and a booking paid through the real confirmation against the Stripe fake.
import { randomBytes } from "node:crypto";
import { recordNewBooking } from "~/booking/core/booking-status-store.server";
import { takeSeats } from "~/booking/core/departure-store.server";
import { agencyToday } from "~/platform/dates";
import { db } from "~/platform/db.server";
import { TEST_SECRET_KEY, type StripeFake } from "./stripe-fake";

/** The agency's date `days` from today (YYYY-MM-DD). */
export function inDays(days: number): string {
  const [year, month, day] = agencyToday().split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A package of its own (so a policy or a departure date never collides with another test's). */
export async function createPackage(costCents = 45_000, refundPolicy?: { minDays: number; percent: number }[]) {
  const prisma = await db();
  return prisma.service.create({
    data: {
      title: `Test tour ${randomBytes(3).toString("hex")}`,
      costCents,
      image: "/images/tours/bandarban.svg",
      description: "A test tour.",
      ...(refundPolicy ? { refundPolicy } : {}),
    },
  });
}

export async function createDeparture(serviceId: string, startDate: string, seats = 10) {
  const prisma = await db();
  return prisma.departure.create({ data: { serviceId, startDate: new Date(startDate), seats } });
}

/** A pending booking of `quantity` seats (taken from the departure), as the checkout makes it. */
export async function bookDeparture(
  owner: { id: string; email: string },
  departure: { id: string; serviceId: string; startDate: Date },
  quantity = 2,
) {
  const prisma = await db();
  const tourPackage = await prisma.service.findUniqueOrThrow({ where: { id: departure.serviceId } });
  return prisma.$transaction(async (tx) => {
    const seats = await takeSeats(tx, departure.id, quantity, agencyToday());
    if (!seats.ok) throw new Error(`no seats: ${seats.reason}`);
    const order = await tx.order.create({
      data: {
        userId: owner.id,
        serviceId: tourPackage.id,
        serviceTitle: tourPackage.title,
        unitPriceCents: tourPackage.costCents,
        quantity,
        packageType: "couple",
        priceCents: tourPackage.costCents * quantity,
        firstName: "Rina",
        lastName: "Das",
        streetAddress: "House 4, Road 2",
        townName: "Dhanmondi",
        district: "Dhaka",
        mobileNumber: "01712345678",
        email: owner.email,
        departureId: departure.id,
        travelDate: departure.startDate,
        holdExpiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      },
    });
    await recordNewBooking(tx, order.id, owner.id);
    return order;
  });
}

/** Pays the order at the fake (an intent for its price, succeeded) and returns the intent id; the caller records it. */
export async function paidIntentFor(fake: StripeFake, order: { id: string; userId: string; priceCents: number }) {
  const response = await fetch(`${fake.url}/v1/payment_intents`, {
    method: "POST",
    headers: { Authorization: `Bearer ${TEST_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      amount: String(order.priceCents),
      currency: "usd",
      "metadata[orderId]": order.id,
      "metadata[userId]": order.userId,
    }),
  });
  const intent = (await response.json()) as { id: string };
  fake.succeed(intent.id);
  const prisma = await db();
  await prisma.order.update({ where: { id: order.id }, data: { stripePaymentIntentId: intent.id, paymentStatus: "PROCESSING" } });
  return intent.id;
}
