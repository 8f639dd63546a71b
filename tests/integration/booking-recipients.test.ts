// Who a booking's emails go to: the ordering account's own address, never the contact email typed
// at checkout (anyone could type a stranger's and have the site mail them "please pay" with a link).
// Every email of a booking's life, placed through the checkout page and the API, against the Stripe fake.
import { beforeAll, describe, expect, it } from "vitest";
import { stripeFakeForTests } from "../support/stripe-fake";

const fake = await stripeFakeForTests({ CONTACT_TO: "agency@example.com" });

const { db } = await import("~/platform/db.server");
beforeAll(() => db(), 180_000);
const { cancelBooking, cancelDeparture } = await import("~/booking/cancelling/cancellation.server");
const { confirmPayment, openPaymentIntent } = await import("~/booking/index.server");
const { placeBooking } = await import("~/booking/placing/booking-placement.server");
const checkout = await import("~/routes/addCart.$total");
const myOrders = await import("~/routes/api.my-orders");
const { authedPost, createUser, signIn, uniqueEmail } = await import("../support/auth");
const { createDeparture, createPackage, inDays, paidIntentFor } = await import("../support/bookings");
const { billing, checkoutFor } = await import("../support/orders");
const { callRoute, ORIGIN } = await import("../support/requests");

async function mailTo(to: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
}

async function dateOfItsOwn(seats = 20) {
  const tourPackage = await createPackage();
  const departure = await createDeparture(tourPackage.id, inDays(40), seats);
  return { tourPackage, departure };
}

/** A customer's pending booking whose contact email is a stranger's, placed through the domain code. */
async function bookingForStranger() {
  const user = await createUser();
  const stranger = uniqueEmail("stranger");
  const { tourPackage, departure } = await dateOfItsOwn();
  const input = checkoutFor(tourPackage.id, { departure: departure.id, quantity: "2", email: stranger });
  const { id } = await placeBooking(user.id, input);
  const prisma = await db();
  return { user, stranger, departure, order: await prisma.order.findUniqueOrThrow({ where: { id } }) };
}

describe("booking emails go to the account, never to the contact email typed", () => {
  it("on the checkout page", async () => {
    const user = await createUser();
    const stranger = uniqueEmail("stranger");
    const { tourPackage, departure } = await dateOfItsOwn();
    const fields = {
      ...billing,
      email: stranger,
      City: "",
      Postcode: "",
      service: tourPackage.id,
      departure: departure.id,
      quantity: "2",
      type: "group",
      formKey: `form-${Math.random().toString(36).slice(2)}-0000000`,
    };
    const total = String((tourPackage.costCents * 2) / 100);
    const answer = await callRoute(checkout.action, authedPost(`/addCart/${total}`, fields, await signIn(user.id)), { total });
    expect(answer.status).toBe(302);
    const prisma = await db();
    const order = await prisma.order.findFirstOrThrow({ where: { userId: user.id } });
    // Kept as the agency's contact data.
    expect(order.email).toBe(stranger);
    expect(await mailTo(stranger)).toHaveLength(0);
    const [received] = await mailTo(user.email);
    expect(received.subject).toMatch(/^Booking received: /);
    expect(received.text).toContain(`/dashboard/payment/${order.id}`);
    const [notice] = (await mailTo("agency@example.com")).filter((email) => email.text.includes(order.id));
    expect(notice.replyTo).toBe(user.email);
    expect(notice.text).toContain(stranger);
  });

  it("through POST /api/my-orders", async () => {
    const user = await createUser();
    const stranger = uniqueEmail("stranger");
    const { tourPackage, departure } = await dateOfItsOwn();
    const request = new Request(new URL("/api/my-orders", ORIGIN), {
      method: "POST",
      headers: { Origin: ORIGIN, Cookie: await signIn(user.id), "Content-Type": "application/json" },
      body: JSON.stringify({
        ...billing,
        email: stranger,
        service: tourPackage.id,
        departure: departure.id,
        quantity: 1,
        type: "group",
      }),
    });
    const answer = await callRoute(myOrders.action, request);
    expect(answer.status).toBe(201);
    expect(await mailTo(stranger)).toHaveLength(0);
    expect((await mailTo(user.email)).map((email) => email.subject)).toEqual([expect.stringMatching(/^Booking received: /)]);
  });

  it("for the payment: the receipt, and the payment provider's receipt address", async () => {
    const { user, stranger, order } = await bookingForStranger();
    const { paymentIntentId } = await openPaymentIntent(order.id, user.id);
    expect(fake.intents.get(paymentIntentId)?.receipt_email).toBe(user.email);
    const intentId = await paidIntentFor(fake, order);
    expect(await confirmPayment(order.id, intentId)).toBe(true);
    expect(await mailTo(stranger)).toHaveLength(0);
    expect((await mailTo(user.email)).map((email) => email.subject)).toContainEqual(expect.stringMatching(/^Payment received: /));
  });

  it("for a cancellation", async () => {
    const { user, stranger, order } = await bookingForStranger();
    await cancelBooking(order.id, { id: user.id, isAdmin: false });
    expect(await mailTo(stranger)).toHaveLength(0);
    expect((await mailTo(user.email)).map((email) => email.subject)).toContainEqual(
      expect.stringMatching(/^Booking cancelled: /),
    );
  });

  it("for a departure cancelled by the agency", async () => {
    const { user, stranger, departure } = await bookingForStranger();
    const admin = await createUser({ role: "ADMIN" });
    await cancelDeparture({ departureId: departure.id, byUserId: admin.id });
    expect(await mailTo(stranger)).toHaveLength(0);
    expect((await mailTo(user.email)).map((email) => email.subject)).toContainEqual(
      expect.stringMatching(/^Departure cancelled: /),
    );
  });
});
