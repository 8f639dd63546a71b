// A customer who turns messages off on their profile (issue 40 item 2) still gets what their
// bookings need (the day before, a broadcast) but no review request; the form keeps the choice and
// a customer who did not turn them off gets everything. SMS through a BulkSMSBD fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { broadcastToDeparture } from "~/booking/index.server";
import { sendTripMessages } from "~/booking/sweep/trip-messages.server";
import { db } from "~/platform/db.server";
import * as profilePage from "~/routes/dashboard.profile";
import { authedGet, createUser, signIn } from "../support/auth";
import { createDeparture, createPackage } from "../support/bookings";
import { startBulkSmsBdFake } from "../support/messaging-fakes";
import { callRoute, formRequest } from "../support/requests";

const sms = await startBulkSmsBdFake({ apiKey: "oo-key", senderId: "8809617000003" });
Object.assign(process.env, {
  SMS_PROVIDER: "bulksmsbd",
  BULKSMSBD_API_KEY: "oo-key",
  BULKSMSBD_SENDER_ID: "8809617000003",
  BULKSMSBD_BASE_URL: sms.url,
});
afterAll(() => sms.close());

// A one-day trip on 2030-06-10: its review request is due on the 11th; the next one leaves on the 12th.
const at = (iso: string) => new Date(iso);
const orders = { quietPast: "", quietNext: "", chattyPast: "" };
let quietCookie = "";
let nextDeparture = { id: "", startDate: new Date() };

beforeAll(async () => {
  const prisma = await db();
  const quiet = await createUser();
  const chatty = await createUser();
  quietCookie = await signIn(quiet.id);
  const tour = await createPackage(10_000);
  await prisma.service.update({ where: { id: tour.id }, data: { durationDays: 1 } });
  const past = await createDeparture(tour.id, "2030-06-10");
  const next = await createDeparture(tour.id, "2030-06-12");
  nextDeparture = next;
  const order = (userId: string, departure: { id: string; startDate: Date }) =>
    prisma.order.create({
      data: {
        userId,
        serviceId: tour.id,
        serviceTitle: "Ratargul",
        unitPriceCents: 10_000,
        quantity: 1,
        packageType: "couple",
        priceCents: 10_000,
        firstName: "Opt",
        lastName: "Out",
        streetAddress: "Road 1",
        townName: "Sylhet",
        district: "Sylhet",
        mobileNumber: "01712345678",
        email: "optout@example.com",
        departureId: departure.id,
        travelDate: departure.startDate,
        bookingStatus: "CONFIRMED",
        paymentStatus: "PAID",
      },
    });
  orders.quietPast = (await order(quiet.id, past)).id;
  orders.quietNext = (await order(quiet.id, next)).id;
  orders.chattyPast = (await order(chatty.id, past)).id;
});

const kindsOf = async (orderId: string) =>
  (await (await db()).outboxMessage.findMany({ where: { orderId }, orderBy: { channel: "asc" } })).map(
    (row) => `${row.kind}/${row.channel}`,
  );

describe("turning messages off", () => {
  it("is a checkbox of the profile, kept", async () => {
    const saved = await callRoute(
      profilePage.action,
      formRequest(
        "/dashboard/profile",
        { intent: "profile", displayName: "Quiet Customer", messagesOptOut: "on" },
        { headers: { Cookie: quietCookie } },
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.data.saved).toBe(true);
    const page = await callRoute(profilePage.loader, authedGet("/dashboard/profile", quietCookie));
    expect(page.data.messagesOptOut).toBe(true);
  });

  it("leaves out review requests but not what the booking needs", async () => {
    await sendTripMessages(at("2030-06-11T06:00:00Z"));
    expect(await kindsOf(orders.quietPast)).toEqual([]);
    expect(await kindsOf(orders.chattyPast)).toEqual(["review_request/email", "review_request/sms"]);
    expect(await kindsOf(orders.quietNext)).toEqual(["day_before/email", "day_before/sms"]);
    await broadcastToDeparture(nextDeparture, { text: "Bring an umbrella.", channels: ["sms"], urgent: false });
    expect(await kindsOf(orders.quietNext)).toContain("broadcast/sms");
  });
});
