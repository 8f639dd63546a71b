// The messages' API (issue 40 items 4, 5 and 8): POST /api/departures/{id}/broadcast (administrators
// and the departure's guide) reaches the contact of every booking holding seats, per channel, with
// each recipient's status; GET /api/my-orders/{id}/messages (owner, administrators) is the booking's
// delivery log. SMS through a BulkSMSBD fake, WhatsApp through a Cloud API fake.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverMessages } from "~/messages/delivery.server";
import { db } from "~/platform/db.server";
import * as broadcastApi from "~/routes/api.departures.$id.broadcast";
import * as messagesApi from "~/routes/api.my-orders.$id.messages";
import * as orderPage from "~/routes/dashboard.orders.$id";
import { authedGet, createUser, signIn } from "../support/auth";
import { manifestFixture } from "../support/manifest";
import { startBulkSmsBdFake, startWhatsAppFake } from "../support/messaging-fakes";
import { callRoute, ORIGIN } from "../support/requests";

// The settings are read once, at first use: the fakes are up and named before that.
const sms = await startBulkSmsBdFake({ apiKey: "bulk-key", senderId: "8809617000000" });
const whatsapp = await startWhatsAppFake({ token: "wa-token", phoneNumberId: "106540352242922", templates: ["broadcast"] });
Object.assign(process.env, {
  SMS_PROVIDER: "bulksmsbd",
  BULKSMSBD_API_KEY: "bulk-key",
  BULKSMSBD_SENDER_ID: "8809617000000",
  BULKSMSBD_BASE_URL: sms.url,
  WHATSAPP_TOKEN: "wa-token",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_API_BASE: whatsapp.url,
});
afterAll(() => Promise.all([sms.close(), whatsapp.close()]));

type Who = "anonymous" | "customer" | "stranger" | "guideA" | "guideB" | "admin";
const cookies = {} as Record<Who, string | null>;
let fixture: Awaited<ReturnType<typeof manifestFixture>>;

beforeAll(async () => {
  const customer = await createUser();
  const stranger = await createUser();
  const guideA = await createUser({ role: "GUIDE", displayName: "Guide Anis" });
  const guideB = await createUser({ role: "GUIDE", displayName: "Guide Bithi" });
  const admin = await createUser({ role: "ADMIN" });
  Object.assign(cookies, {
    anonymous: null,
    customer: await signIn(customer.id),
    stranger: await signIn(stranger.id),
    guideA: await signIn(guideA.id),
    guideB: await signIn(guideB.id),
    admin: await signIn(admin.id),
  });
  fixture = await manifestFixture(customer.id);
  const prisma = await db();
  await prisma.departure.update({ where: { id: fixture.departure.id }, data: { guideId: guideA.id } });
  // The customer reads Bengali: their messages come in Bengali.
  await prisma.user.update({ where: { id: customer.id }, data: { language: "bn" } });
});

function broadcast(who: Who, body: unknown, id = fixture.departure.id) {
  const headers = new Headers({ Origin: ORIGIN, "Content-Type": "application/json" });
  if (cookies[who]) headers.set("Cookie", cookies[who]);
  return callRoute(
    broadcastApi.action,
    new Request(`${ORIGIN}/api/departures/${id}/broadcast`, { method: "POST", headers, body: JSON.stringify(body) }),
    { id },
  );
}

const messagesOf = (who: Who, id: string) =>
  callRoute(
    messagesApi.loader,
    cookies[who]
      ? authedGet(`/api/my-orders/${id}/messages`, cookies[who])
      : new Request(`${ORIGIN}/api/my-orders/${id}/messages`),
    { id },
  );

const HARTAL = "Hartal on Sunday: we leave at 05:00 instead of 07:00.";

describe("POST /api/departures/{id}/broadcast", () => {
  it("is for administrators and the departure's own guide", async () => {
    const body = { text: HARTAL, channels: ["sms"] };
    expect((await broadcast("anonymous", body)).status).toBe(401);
    expect((await broadcast("customer", body)).status).toBe(403);
    expect((await broadcast("guideB", body)).status).toBe(403);
    expect((await broadcast("admin", body, "nope1234567890")).status).toBe(404);
    // A departure with no guide assigned: any guide reads its manifest, but only administrators broadcast to it.
    for (const guide of ["guideA", "guideB"] as const) {
      const refused = await broadcast(guide, body, fixture.other.id);
      expect(refused.status).toBe(403);
      expect(refused.data.error).toBe("Only administrators and the departure's assigned guide send it a broadcast.");
    }
    const prisma = await db();
    expect(await prisma.outboxMessage.count()).toBe(0);
  });

  it("refuses bad bodies naming the field, sending nothing", async () => {
    for (const [body, field] of [
      [{ text: "  ", channels: ["sms"] }, "text"],
      [{ channels: ["sms"] }, "text"],
      [{ text: HARTAL, channels: [] }, "channels"],
      [{ text: HARTAL, channels: ["fax"] }, "channels"],
      [{ text: HARTAL, channels: ["sms"], urgent: "yes" }, "urgent"],
    ] as const) {
      const refused = await broadcast("admin", body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.data.details ?? {}).join()).toContain(field);
    }
    const prisma = await db();
    expect(await prisma.outboxMessage.count()).toBe(0);
  });

  it("reaches every booking holding seats (confirmed, on hold), by each channel chosen, in the recipient's language", async () => {
    const answer = await broadcast("guideA", { text: HARTAL, channels: ["sms", "whatsapp", "email"], urgent: true });
    expect(answer.status).toBe(200);
    const recipients: { order: string; channel: string; to: string; status: string }[] = answer.data.recipients;
    const byOrder = (id: string) =>
      recipients.filter((one) => one.order === id).map(({ channel, to, status }) => ({ channel, to, status }));
    expect(byOrder(fixture.family.id)).toEqual([
      { channel: "sms", to: "8801712345678", status: "queued" },
      { channel: "whatsapp", to: "8801712345678", status: "queued" },
      { channel: "email", to: "rina@example.com", status: "queued" },
    ]);
    expect(byOrder(fixture.couple.id).map((one) => one.to)).toEqual(["8801898765432", "8801898765432", "rina@example.com"]);
    // Cancelled bookings and other dates are not told.
    expect(recipients).toHaveLength(6);

    // Urgent: not held by the quiet hours, whatever the hour.
    expect(await deliverMessages({ now: new Date() })).toEqual({ sent: 4, failed: 0 });
    const texts = sms.accepted.map((one) => one.message);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain(HARTAL);
      expect(text).toMatch(/^Manifest tour, [০-৯]/); // the date in Bengali digits
    }
    expect(
      whatsapp.accepted
        .map((one) => [one.to, one.template.name, one.template.language.code, one.template.components[0].parameters[2].text])
        .sort(),
    ).toEqual([
      ["8801712345678", "broadcast", "bn", HARTAL],
      ["8801898765432", "broadcast", "bn", HARTAL],
    ]);
  });
});

describe("GET /api/my-orders/{id}/messages", () => {
  it("lists the booking's messages with their status to its owner and administrators; others get 404", async () => {
    const owner = await messagesOf("customer", fixture.family.id);
    expect(owner.status).toBe(200);
    expect(
      owner.data.map((one: { channel: string; kind: string; to: string; status: string }) => [
        one.channel,
        one.kind,
        one.to,
        one.status,
      ]),
    ).toEqual([
      ["sms", "broadcast", "8801712345678", "sent"],
      ["whatsapp", "broadcast", "8801712345678", "sent"],
      ["email", "broadcast", "rina@example.com", "queued"],
    ]);
    for (const one of owner.data) expect(Number.isNaN(Date.parse(one.created))).toBe(false);
    expect((await messagesOf("admin", fixture.family.id)).data).toEqual(owner.data);
    expect((await messagesOf("stranger", fixture.family.id)).status).toBe(404);
    expect((await messagesOf("anonymous", fixture.family.id)).status).toBe(401);
    expect((await messagesOf("customer", fixture.cancelled.id)).data).toEqual([]);
  });

  it("is on the customer's and the administrator's order page", async () => {
    const id = fixture.family.id;
    for (const who of ["customer", "admin"] as const) {
      const page = await callRoute(orderPage.loader, authedGet(`/dashboard/orders/${id}`, cookies[who]), { id });
      expect(page.status).toBe(200);
      expect(page.data.messages).toEqual((await messagesOf(who, id)).data);
      expect(page.data.messages).toHaveLength(3);
    }
  });
});
