// The trip's messages (issue 40 item 2) on a controllable clock: the day before departure (once the
// day is less than 36 hours away), the morning of departure, the review request the day after the
// return; each once per booking, kind and channel, also with three instances running the job at the
// same moment; in the traveller's language; SMS through a BulkSMSBD fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTripMessages } from "~/booking/sweep/trip-messages.server";
import { deliverMessages } from "~/messages/delivery.server";
import { db } from "~/platform/db.server";
import { createUser } from "../support/auth";
import { createDeparture, createPackage } from "../support/bookings";
import { startBulkSmsBdFake } from "../support/messaging-fakes";

const sms = await startBulkSmsBdFake({ apiKey: "bulk-key", senderId: "8809617000000" });
Object.assign(process.env, {
  SMS_PROVIDER: "bulksmsbd",
  BULKSMSBD_API_KEY: "bulk-key",
  BULKSMSBD_SENDER_ID: "8809617000000",
  BULKSMSBD_BASE_URL: sms.url,
});
afterAll(() => sms.close());

// The departure is on 2030-05-20: its day begins at 2030-05-19T18:00Z (00:00 Dhaka).
const DATE = "2030-05-20";
const at = (iso: string) => new Date(iso);
let orderId = "";
let guideName = "";

beforeAll(async () => {
  const prisma = await db();
  const customer = await createUser();
  await prisma.user.update({ where: { id: customer.id }, data: { language: "bn" } });
  const guide = await createUser({ role: "GUIDE", displayName: "Guide Anis" });
  guideName = guide.displayName;
  await prisma.user.update({ where: { id: guide.id }, data: { phone: "01812-345678" } });
  const tour = await createPackage(10_000);
  await prisma.service.update({
    where: { id: tour.id },
    data: { meetingPoint: "Sayedabad bus terminal, Dhaka", durationDays: 3 },
  });
  const departure = await createDeparture(tour.id, DATE);
  await prisma.departure.update({ where: { id: departure.id }, data: { guideId: guide.id } });
  const order = await prisma.order.create({
    data: {
      userId: customer.id,
      serviceId: tour.id,
      serviceTitle: "Sajek Valley",
      unitPriceCents: 10_000,
      quantity: 2,
      packageType: "couple",
      priceCents: 20_000,
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email: "rina@example.com",
      departureId: departure.id,
      travelDate: new Date(DATE),
      bookingStatus: "CONFIRMED",
      paymentStatus: "PAID",
    },
  });
  orderId = order.id;
});

async function kinds() {
  const prisma = await db();
  const rows = await prisma.outboxMessage.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { channel: "asc" }] });
  return rows.map((row) => `${row.kind}/${row.channel}`);
}

describe("the trip's messages", () => {
  it("sends nothing while the departure is more than 36 hours away", async () => {
    expect(await sendTripMessages(at("2030-05-18T05:00:00Z"))).toEqual({ dayBefore: 0, morning: 0, review: 0 });
    expect(await kinds()).toEqual([]);
  });

  it("sends the day-before message once the day is less than 36 hours away, once, with three instances at once", async () => {
    // 2030-05-18T06:00:01Z is 35:59:59 before the departure's day begins.
    const now = at("2030-05-18T06:00:01Z");
    await Promise.all([1, 2, 3].map(() => sendTripMessages(now)));
    await sendTripMessages(at("2030-05-19T10:00:00Z"));
    expect(await kinds()).toEqual(["day_before/email", "day_before/sms"]);
    const prisma = await db();
    const text = (await prisma.outboxMessage.findFirstOrThrow({ where: { orderId, kind: "day_before", channel: "sms" } })).text;
    // In the traveller's Bengali, with the meeting point's map link and the guide's name and phone.
    expect(text).toContain("আগামীকাল");
    expect(text).toContain(
      "Sayedabad bus terminal, Dhaka (https://www.google.com/maps/search/?api=1&query=Sayedabad%20bus%20terminal%2C%20Dhaka)",
    );
    expect(text).toContain(`${guideName} (01812-345678)`);
    // 12:00 Dhaka: not quiet; it goes to the gateway once.
    expect(await deliverMessages({ now: at("2030-05-18T06:00:01Z") })).toEqual({ sent: 1, failed: 0 });
    expect(sms.accepted.map((one) => one.number)).toEqual(["8801712345678"]);
  });

  it("sends the morning message on the day, held by the quiet hours until 08:00 Dhaka", async () => {
    // 00:30 Dhaka on the day.
    await sendTripMessages(at("2030-05-19T18:30:00Z"));
    await sendTripMessages(at("2030-05-20T01:00:00Z"));
    expect((await kinds()).filter((kind) => kind.startsWith("departure_morning"))).toEqual([
      "departure_morning/email",
      "departure_morning/sms",
    ]);
    const prisma = await db();
    const morning = await prisma.outboxMessage.findFirstOrThrow({
      where: { orderId, kind: "departure_morning", channel: "sms" },
    });
    expect(morning.notBefore.toISOString()).toBe("2030-05-20T02:00:00.000Z");
    expect(await deliverMessages({ now: at("2030-05-20T01:59:00Z") })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverMessages({ now: at("2030-05-20T02:00:00Z") })).toEqual({ sent: 1, failed: 0 });
  });

  it("asks for a review the day after the return (a 3-day trip from the 20th: on the 23rd), once", async () => {
    await sendTripMessages(at("2030-05-22T06:00:00Z"));
    expect((await kinds()).some((kind) => kind.startsWith("review_request"))).toBe(false);
    await sendTripMessages(at("2030-05-23T06:00:00Z"));
    await sendTripMessages(at("2030-05-23T09:00:00Z"));
    expect((await kinds()).filter((kind) => kind.startsWith("review_request"))).toEqual([
      "review_request/email",
      "review_request/sms",
    ]);
    await sendTripMessages(at("2030-05-24T06:00:00Z"));
    expect(await kinds()).toHaveLength(6);
  });
});
