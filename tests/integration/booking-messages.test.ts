// The booking's own messages by SMS and WhatsApp (issue 40 item 2): the confirmation, the balance
// reminders and the travellers' details reminder, each sent once per booking, kind and channel
// after its email (also with three instances running the job at the same moment), in the
// customer's language; old bookings and resellers' bookings get none. SMS through a BulkSMSBD
// fake, WhatsApp through a Cloud API fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendBookingMessages } from "~/booking/sweep/booking-messages.server";
import { deliverMessages } from "~/messages/delivery.server";
import { db } from "~/platform/db.server";
import { createUser } from "../support/auth";
import { createPackage } from "../support/bookings";
import { startBulkSmsBdFake, startWhatsAppFake } from "../support/messaging-fakes";

const sms = await startBulkSmsBdFake({ apiKey: "bm-key", senderId: "8809617000002" });
const whatsapp = await startWhatsAppFake({
  token: "bm-token",
  phoneNumberId: "106540352242923",
  templates: ["booking_confirmed", "balance_due_7", "balance_due_1", "travellers_missing"],
});
Object.assign(process.env, {
  SMS_PROVIDER: "bulksmsbd",
  BULKSMSBD_API_KEY: "bm-key",
  BULKSMSBD_SENDER_ID: "8809617000002",
  BULKSMSBD_BASE_URL: sms.url,
  WHATSAPP_TOKEN: "bm-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242923",
  WHATSAPP_API_BASE: whatsapp.url,
});
afterAll(() => Promise.all([sms.close(), whatsapp.close()]));

const DAY = 24 * 60 * 60_000;
const ids = { confirmed: "", reminded: "", old: "", reseller: "" };

beforeAll(async () => {
  const prisma = await db();
  const customer = await createUser();
  await prisma.user.update({ where: { id: customer.id }, data: { language: "bn" } });
  const tour = await createPackage(10_000);
  const order = (extra: object) =>
    prisma.order.create({
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
        mobileNumber: "01712-345678",
        email: "rina@example.com",
        travelDate: new Date(Date.now() + 20 * DAY),
        ...extra,
      },
    });
  ids.confirmed = (await order({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", paidCents: 20_000 })).id;
  ids.reminded = (
    await order({
      mobileNumber: "01898765432",
      bookingStatus: "CONFIRMED",
      paymentStatus: "PARTLY_PAID",
      paidCents: 5_000,
      depositCents: 5_000,
      balanceDueDate: new Date(Date.now() + 7 * DAY),
      balanceReminder7SentAt: new Date(),
      travellersReminderSentAt: new Date(),
      updatedAt: new Date(Date.now() - 3 * DAY),
    })
  ).id;
  ids.old = (await order({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", updatedAt: new Date(Date.now() - 3 * DAY) })).id;
  const reseller = await prisma.reseller.create({
    data: { name: "Messages Reseller", email: "reseller@example.com", commissionBasisPoints: 1000 },
  });
  ids.reseller = (
    await order({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", channel: "RESELLER", resellerId: reseller.id })
  ).id;
});

async function kindsOf(orderId: string) {
  const rows = await (await db()).outboxMessage.findMany({ where: { orderId }, orderBy: [{ kind: "asc" }, { channel: "asc" }] });
  return rows.map((row) => `${row.kind}/${row.channel}/${row.to}`);
}

describe("the booking's messages by SMS and WhatsApp", () => {
  it("queues each once per booking, kind and channel, with three instances at once", async () => {
    const now = new Date();
    await Promise.all([sendBookingMessages(now), sendBookingMessages(now), sendBookingMessages(now)]);
    await sendBookingMessages(new Date(now.getTime() + 60_000));
    expect(await kindsOf(ids.confirmed)).toEqual([
      "booking_confirmed/sms/8801712345678",
      "booking_confirmed/whatsapp/8801712345678",
    ]);
    // Its confirmation is older than two days: only the reminders whose emails just went.
    expect(await kindsOf(ids.reminded)).toEqual([
      "balance_due_7/sms/8801898765432",
      "balance_due_7/whatsapp/8801898765432",
      "travellers_missing/sms/8801898765432",
      "travellers_missing/whatsapp/8801898765432",
    ]);
    expect(await kindsOf(ids.old)).toEqual([]);
    expect(await kindsOf(ids.reseller)).toEqual([]);
    // The emails went as before, with the receipt and the reminders: none is added here.
    expect(await (await db()).outboxMessage.count({ where: { channel: "email" } })).toBe(0);
  });

  it("sends them in the customer's language with the booking's facts", async () => {
    // After the quiet hours, whatever the hour the test runs at.
    await deliverMessages({ now: new Date(Date.now() + DAY) });
    const texts = sms.accepted.map((one) => one.message);
    expect(texts).toHaveLength(3);
    const reference = (await (await db()).order.findUniqueOrThrow({ where: { id: ids.confirmed } })).reference;
    const confirmed = texts.find((text) => text.includes(reference));
    expect(confirmed).toContain(`/dashboard/orders/${ids.confirmed}`);
    expect(confirmed).toMatch(/[০-৯]/); // Bengali digits
    expect(texts.some((text) => text.includes(`/dashboard/payment/${ids.reminded}`))).toBe(true);
    expect(whatsapp.accepted.map((one) => `${one.template.name}/${one.template.language.code}`).sort()).toEqual([
      "balance_due_7/bn",
      "booking_confirmed/bn",
      "travellers_missing/bn",
    ]);
  });
});
