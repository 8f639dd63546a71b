// The messages' outbox against fakes of SSL Wireless, BulkSMSBD and the WhatsApp Cloud API
// (tests/support/messaging-fakes.ts), on a controllable clock: each message sent once across three
// instances, a failing provider retried with back-off and then reported, a dead instance's claim
// taken over, quiet hours, WhatsApp's webhook (handshake, signature, delivered/read/failed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BroadcastError, broadcastToDeparture } from "~/booking/index.server";
import { claimMessage, messagesOfOrders } from "~/messages/delivery-store.server";
import { deliverMessages, MESSAGE_MAX_ATTEMPTS, queueMessage, retryDelayMs } from "~/messages/delivery.server";
import { configuredChannels } from "~/messages/senders.server";
import { whatsAppSignature } from "~/messages/whatsapp-webhook.server";
import { db } from "~/platform/db.server";
import { type Env, parseEnv } from "~/platform/env.server";
import { markEmailSent } from "~/platform/outbox-store.server";
import * as webhookRoute from "~/routes/webhooks.whatsapp";
import {
  type FakeProvider,
  startBulkSmsBdFake,
  startSslWirelessFake,
  startWhatsAppFake,
  whatsAppStatusEvent,
  type BulkSmsBdSms,
  type SslWirelessSms,
  type WhatsAppSend,
} from "../support/messaging-fakes";
import { callRoute, ORIGIN } from "../support/requests";

// The webhook's route reads the settings of the process: its two secrets are set before first use.
const VERIFY_TOKEN = "verify-me-please";
const APP_SECRET = "app-secret-for-tests";
process.env.WHATSAPP_VERIFY_TOKEN = VERIFY_TOKEN;
process.env.WHATSAPP_APP_SECRET = APP_SECRET;

const PHONE_NUMBER_ID = "106540352242922";
let ssl: FakeProvider<SslWirelessSms>;
let bulk: FakeProvider<BulkSmsBdSms>;
let whatsapp: FakeProvider<WhatsAppSend>;
let sslSettings: Env;
let bulkSettings: Env;

// Daytime in Dhaka (10:00, UTC+6), and the next quarter hours.
let clock = new Date("2030-03-10T04:00:00.000Z").getTime();
const tick = (ms: number) => new Date((clock += ms));
const now = () => new Date(clock);

beforeAll(async () => {
  ssl = await startSslWirelessFake({ apiToken: "ssl-token", sid: "TOURAGENCY" });
  bulk = await startBulkSmsBdFake({ apiKey: "bulk-key", senderId: "8809617000000" });
  whatsapp = await startWhatsAppFake({
    token: "wa-token",
    phoneNumberId: PHONE_NUMBER_ID,
    templates: ["booking_confirmed", "departure_notice"],
  });
  const whatsappSettings = {
    WHATSAPP_TOKEN: "wa-token",
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_API_BASE: whatsapp.url,
  };
  sslSettings = parseEnv({
    ...process.env,
    ...whatsappSettings,
    SMS_PROVIDER: "sslwireless",
    SSLWIRELESS_API_TOKEN: "ssl-token",
    SSLWIRELESS_SID: "TOURAGENCY",
    SSLWIRELESS_BASE_URL: `${ssl.url}/`,
  });
  bulkSettings = parseEnv({
    ...process.env,
    SMS_PROVIDER: "bulksmsbd",
    BULKSMSBD_API_KEY: "bulk-key",
    BULKSMSBD_SENDER_ID: "8809617000000",
    BULKSMSBD_BASE_URL: bulk.url,
  });
  await db();
});

afterAll(async () => {
  await Promise.all([ssl.close(), bulk.close(), whatsapp.close()]);
});

async function rowOf(id: string) {
  const prisma = await db();
  return prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
}

const sms = (text: string, extra: Partial<Parameters<typeof queueMessage>[0]> = {}) =>
  queueMessage({ channel: "sms", kind: "broadcast", orderId: null, to: "8801712345678", language: "en", text, ...extra }, now());

/** Sends everything due now until nothing is left, as the job does. */
async function drain(settings: Env) {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const done = await deliverMessages({ now: now(), settings });
    total.sent += done.sent;
    total.failed += done.failed;
    if (done.sent + done.failed === 0) return total;
  }
}

describe("channels", () => {
  it("are there only when configured: email always, SMS with SMS_PROVIDER, WhatsApp with its token and number", () => {
    expect(configuredChannels(parseEnv({ ...process.env }))).toEqual(["email"]);
    expect(configuredChannels(sslSettings)).toEqual(["email", "sms", "whatsapp"]);
    expect(configuredChannels(bulkSettings)).toEqual(["email", "sms"]);
  });

  it("a broadcast by a channel not set up here is refused naming channels (this process has no SMS_PROVIDER)", async () => {
    const refused = broadcastToDeparture(
      { id: "any", startDate: new Date() },
      { text: "Hello", channels: ["email", "sms"], urgent: false },
    );
    await expect(refused).rejects.toBeInstanceOf(BroadcastError);
    await expect(refused).rejects.toThrow("channels: sms is not set up on this site (available: email).");
  });

  it("refuse to start with half a provider's settings, naming what is missing", () => {
    expect(() => parseEnv({ ...process.env, SMS_PROVIDER: "sslwireless", SSLWIRELESS_SID: "X" })).toThrow(
      /SSLWIRELESS_API_TOKEN: required when SMS_PROVIDER is sslwireless/,
    );
    expect(() => parseEnv({ ...process.env, SMS_PROVIDER: "bulksmsbd" })).toThrow(/BULKSMSBD_API_KEY[\s\S]*BULKSMSBD_SENDER_ID/);
    expect(() => parseEnv({ ...process.env, WHATSAPP_TOKEN: "x" })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: required/);
    expect(() => parseEnv({ ...process.env, SMS_PROVIDER: "twilio" })).toThrow(/SMS_PROVIDER/);
  });
});

describe("SMS through SSL Wireless", () => {
  it("posts api_token, sid, msisdn, sms and a csms_id of at most 20 characters; the reference_id is kept", async () => {
    const queued = await sms("Your trip to Sajek leaves at 06:00.");
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    const [sent] = ssl.accepted.slice(-1);
    expect(sent).toMatchObject({ msisdn: "8801712345678", sms: "Your trip to Sajek leaves at 06:00." });
    expect(sent.csms_id.length).toBeLessThanOrEqual(20);
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: "sent", providerId: sent.reference_id, attempts: 1, error: null });
  });

  it("sends each message once across three instances at the same moment", async () => {
    const before = ssl.accepted.length;
    const ids = [];
    for (let i = 0; i < 12; i += 1) ids.push((await sms(`Notice ${i}`)).id);
    const results = await Promise.all([1, 2, 3].map(() => deliverMessages({ now: now(), settings: sslSettings })));
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);
    const accepted = ssl.accepted.slice(before);
    expect(accepted.map((one) => one.sms).sort()).toEqual(ids.map((_, i) => `Notice ${i}`).sort());
    expect(new Set(accepted.map((one) => one.csms_id)).size).toBe(12);
    for (const id of ids) expect((await rowOf(id)).attempts).toBe(1);
  });

  it("retries a failing provider with back-off, then sends", async () => {
    const queued = await sms("Retried");
    ssl.failNext(1, "down");
    ssl.failNext(1, "refuse");
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 0 });
    let row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.error).toMatch(/SSL Wireless answered HTTP 500/);
    expect(row.notBefore.getTime()).toBe(clock + retryDelayMs(1));
    // Not before its time.
    tick(retryDelayMs(1) - 1_000);
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 0 });
    tick(1_000);
    await drain(sslSettings);
    row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: "queued", attempts: 2, error: "SSL Wireless 4003: IP Blacklisted" });
    tick(retryDelayMs(2));
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(queued.id)).toMatchObject({ status: "sent", attempts: 3, error: null });
  });

  it("reports a provider that keeps failing as failed, with its reason, after the last attempt", async () => {
    const queued = await sms("Never goes");
    ssl.failNext(MESSAGE_MAX_ATTEMPTS, "refuse");
    for (let attempt = 1; attempt <= MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      await drain(sslSettings);
      tick(retryDelayMs(attempt));
    }
    expect(await rowOf(queued.id)).toMatchObject({
      status: "failed",
      attempts: MESSAGE_MAX_ATTEMPTS,
      error: "SSL Wireless 4003: IP Blacklisted",
    });
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 0 });
  });

  it("is not lost when the instance that claimed it dies: another sends it once the claim runs out", async () => {
    const queued = await sms("Taken over");
    expect(await claimMessage(queued.id, 0, now(), 60_000)).toBe(true);
    // The claiming instance is gone; the others leave it alone for the claim's minute.
    tick(30_000);
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 0 });
    tick(31_000);
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(queued.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("quiet hours (22:00 to 08:00 Dhaka)", () => {
  it("holds SMS queued at night until 08:00, sends an urgent one at once, never holds email", async () => {
    clock = new Date("2030-03-10T17:00:00.000Z").getTime(); // 23:00 in Dhaka
    const held = await sms("Tomorrow's pick-up");
    const urgent = await sms("Cyclone signal: the launch is cancelled", { urgent: true });
    const email = await queueMessage(
      {
        channel: "email",
        kind: "broadcast",
        orderId: null,
        to: "rina@example.com",
        language: "en",
        text: "Tonight",
        subject: "Notice",
      },
      now(),
    );
    expect((await rowOf(held.id)).notBefore.toISOString()).toBe("2030-03-11T02:00:00.000Z");
    expect((await rowOf(email.id)).notBefore.getTime()).toBe(clock);
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(urgent.id)).status).toBe("sent");
    expect((await rowOf(held.id)).status).toBe("queued");
    clock = new Date("2030-03-11T01:59:00.000Z").getTime();
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 0 });
    clock = new Date("2030-03-11T02:00:00.000Z").getTime(); // 08:00
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf(held.id)).status).toBe("sent");
  });
});

describe("SMS through BulkSMSBD", () => {
  it("posts api_key, type, number, senderid and message; 202 is sent with its message_id", async () => {
    const queued = await sms("আপনার ভ্রমণ কাল সকাল ৬টায়।");
    expect(await drain(bulkSettings)).toEqual({ sent: 1, failed: 0 });
    const [sent] = bulk.accepted.slice(-1);
    expect(sent).toMatchObject({
      number: "8801712345678",
      message: "আপনার ভ্রমণ কাল সকাল ৬টায়।",
      senderid: "8809617000000",
      type: "text",
    });
    expect(await rowOf(queued.id)).toMatchObject({ status: "sent", providerId: String(sent.message_id) });
  });

  it("retries 1007 Balance Insufficient; fails an invalid number (1001) at once", async () => {
    const retried = await sms("Balance");
    bulk.failNext(1, "refuse");
    await drain(bulkSettings);
    expect(await rowOf(retried.id)).toMatchObject({ status: "queued", error: "BulkSMSBD 1007: Balance Insufficient" });
    tick(retryDelayMs(1));
    await drain(bulkSettings);
    expect((await rowOf(retried.id)).status).toBe("sent");

    const invalid = await sms("Nobody", { to: "8801212345678" });
    expect(await drain(bulkSettings)).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(invalid.id)).toMatchObject({ status: "failed", attempts: 1, error: "BulkSMSBD 1001: Invalid Number" });
  });
});

describe("WhatsApp through the Cloud API, and its webhook", () => {
  const whatsappMessage = (template: string, params: string[]) =>
    queueMessage(
      {
        channel: "whatsapp",
        kind: "booking_confirmed",
        orderId: null,
        to: "8801712345678",
        language: "bn",
        text: "…",
        template,
        params,
      },
      now(),
    );
  const post = (body: string, signature: string | null) =>
    callRoute(
      webhookRoute.action,
      new Request(`${ORIGIN}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(signature ? { "X-Hub-Signature-256": signature } : {}) },
        body,
      }),
    );

  it("answers Meta's handshake with the challenge only for our verify token", async () => {
    const get = (query: string) => callRoute(webhookRoute.loader, new Request(`${ORIGIN}/webhooks/whatsapp?${query}`));
    const ok = await get(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.data).toBe("1158201444");
    expect((await get("hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1")).status).toBe(403);
    expect((await get(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).status).toBe(403);
  });

  it("sends a template in the recipient's language; delivered then read; a late delivered changes nothing", async () => {
    clock = new Date("2030-03-12T05:00:00.000Z").getTime();
    const queued = await whatsappMessage("booking_confirmed", ["TB-7K3P9Q", "Sajek Valley"]);
    expect(await drain(sslSettings)).toEqual({ sent: 1, failed: 0 });
    const [sent] = whatsapp.accepted.slice(-1);
    expect(sent.to).toBe("8801712345678");
    expect(sent.template).toEqual({
      name: "booking_confirmed",
      language: { code: "bn" },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: "TB-7K3P9Q" },
            { type: "text", text: "Sajek Valley" },
          ],
        },
      ],
    });
    expect(await rowOf(queued.id)).toMatchObject({ status: "sent", providerId: sent.wamid });

    const event = (status: "delivered" | "read") => whatsAppStatusEvent(PHONE_NUMBER_ID, sent.wamid, status);
    // Unsigned, or signed with another secret: refused, nothing recorded.
    expect((await post(event("delivered"), null)).status).toBe(401);
    expect((await post(event("delivered"), whatsAppSignature(event("delivered"), "another secret"))).status).toBe(401);
    expect((await rowOf(queued.id)).status).toBe("sent");
    // A signature of another body does not fit this one.
    expect((await post(event("read"), whatsAppSignature(event("delivered"), APP_SECRET))).status).toBe(401);

    expect((await post(event("delivered"), whatsAppSignature(event("delivered"), APP_SECRET))).status).toBe(200);
    expect((await rowOf(queued.id)).status).toBe("delivered");
    expect((await post(event("read"), whatsAppSignature(event("read"), APP_SECRET))).status).toBe(200);
    expect((await rowOf(queued.id)).status).toBe("read");
    expect((await post(event("delivered"), whatsAppSignature(event("delivered"), APP_SECRET))).status).toBe(200);
    expect((await rowOf(queued.id)).status).toBe("read");
  });

  it("records a failure the webhook reports, with WhatsApp's reason", async () => {
    const queued = await whatsappMessage("departure_notice", ["Hartal tomorrow: we leave at 05:00"]);
    await drain(sslSettings);
    const [sent] = whatsapp.accepted.slice(-1);
    const body = whatsAppStatusEvent(PHONE_NUMBER_ID, sent.wamid, "failed", {
      code: 131026,
      title: "Message undeliverable",
      details: "Unable to deliver message.",
    });
    expect((await post(body, whatsAppSignature(body, APP_SECRET))).status).toBe(200);
    expect(await rowOf(queued.id)).toMatchObject({
      status: "failed",
      error: "WhatsApp 131026: Message undeliverable (Unable to deliver message.)",
    });
  });

  it("fails a template WhatsApp does not know at once, with Graph's reason", async () => {
    const queued = await whatsappMessage("no_such_template", []);
    expect(await drain(sslSettings)).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(queued.id);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/^WhatsApp 132001: Template name does not exist in the translation/);
  });
});

describe("email in the delivery log", () => {
  it("goes through the mail outbox; the log shows the outbox's state", async () => {
    const orderId = "order-of-the-log";
    const queued = await queueMessage(
      { channel: "email", kind: "broadcast", orderId, to: "rina@example.com", language: "en", text: "Hello", subject: "Notice" },
      now(),
    );
    const prisma = await db();
    const row = await rowOf(queued.id);
    const email = await prisma.outboxEmail.findUniqueOrThrow({ where: { id: row.outboxEmailId ?? "" } });
    expect(email).toMatchObject({ to: "rina@example.com", subject: "Notice", text: "Hello" });
    expect((await messagesOfOrders([orderId]))[0]).toMatchObject({ channel: "email", status: "queued", to: "rina@example.com" });
    await markEmailSent(email.id);
    expect((await messagesOfOrders([orderId]))[0]).toMatchObject({ status: "sent" });
  });
});
