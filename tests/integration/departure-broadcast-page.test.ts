// The departure's broadcast page, /dashboard/departures/{id}/broadcast (issue 40 item 4): a plain
// form (administrators and the departure's assigned guide only) and, per broadcast, each
// recipient's message and its status, a failure with the provider's reason. SMS through a
// BulkSMSBD fake; WhatsApp is not set up here, so it is neither offered nor accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverMessages, MESSAGE_MAX_ATTEMPTS } from "~/messages/delivery.server";
import { db } from "~/platform/db.server";
import * as manifestPage from "~/routes/dashboard.departures.$id";
import * as page from "~/routes/dashboard.departures.$id_.broadcast";
import { authedGet, createUser, signIn } from "../support/auth";
import { manifestFixture } from "../support/manifest";
import { startBulkSmsBdFake } from "../support/messaging-fakes";
import { callRoute, formRequest } from "../support/requests";

const sms = await startBulkSmsBdFake({ apiKey: "page-key", senderId: "8809617000001" });
Object.assign(process.env, {
  SMS_PROVIDER: "bulksmsbd",
  BULKSMSBD_API_KEY: "page-key",
  BULKSMSBD_SENDER_ID: "8809617000001",
  BULKSMSBD_BASE_URL: sms.url,
});
delete process.env.WHATSAPP_TOKEN;
afterAll(() => sms.close());

type Who = "customer" | "guideA" | "guideB" | "admin";
const cookies = {} as Record<Who, string>;
let fixture: Awaited<ReturnType<typeof manifestFixture>>;

beforeAll(async () => {
  const customer = await createUser();
  const guideA = await createUser({ role: "GUIDE" });
  const admin = await createUser({ role: "ADMIN" });
  Object.assign(cookies, {
    customer: await signIn(customer.id),
    guideA: await signIn(guideA.id),
    guideB: await signIn((await createUser({ role: "GUIDE" })).id),
    admin: await signIn(admin.id),
  });
  fixture = await manifestFixture(customer.id);
  const prisma = await db();
  await prisma.departure.update({ where: { id: fixture.departure.id }, data: { guideId: guideA.id } });
});

const path = (id: string) => `/dashboard/departures/${id}/broadcast`;
const open = (who: Who, id = fixture.departure.id) => callRoute(page.loader, authedGet(path(id), cookies[who]), { id });
const post = (who: Who, fields: Record<string, string | string[]>, id = fixture.departure.id) =>
  callRoute(page.action, formRequest(path(id), fields, { headers: { Cookie: cookies[who] } }), { id });
const count = async () => (await db()).outboxMessage.count();

const NOTICE = "The launch leaves from Sadarghat terminal 2, not 1.";

describe("the broadcast page", () => {
  it("is for administrators and the assigned guide; an unassigned departure's for administrators only", async () => {
    expect((await open("guideA")).status).toBe(200);
    expect((await open("admin")).status).toBe(200);
    expect((await open("guideB")).status).toBe(403);
    expect((await open("guideA", fixture.other.id)).status).toBe(403);
    expect((await open("admin", fixture.other.id)).status).toBe(200);
    expect((await open("admin", "nope1234567890")).status).toBe(404);
    const refused = await post("guideB", { text: NOTICE, channels: "sms" });
    expect(refused.status).toBe(403);
    expect((await post("guideA", { text: NOTICE, channels: "sms" }, fixture.other.id)).status).toBe(403);
    expect(await count()).toBe(0);
  });

  it("links to it from the manifest for those who may send, not for other guides", async () => {
    const manifest = (who: Who, id: string) =>
      callRoute(manifestPage.loader, authedGet(`/dashboard/departures/${id}`, cookies[who]), { id });
    expect((await manifest("guideA", fixture.departure.id)).data.canBroadcast).toBe(true);
    expect((await manifest("admin", fixture.other.id)).data.canBroadcast).toBe(true);
    expect((await manifest("guideB", fixture.other.id)).data.canBroadcast).toBe(false);
  });

  it("offers the channels set up here and refuses bad forms naming the field, sending nothing", async () => {
    expect((await open("admin")).data.channels).toEqual(["email", "sms"]);
    const cases: [Record<string, string | string[]>, string][] = [
      [{ text: "   ", channels: "sms" }, "text"],
      [{ text: "x".repeat(1001), channels: "sms" }, "text"],
      [{ text: NOTICE }, "channels"],
      [{ text: NOTICE, channels: "fax" }, "channels"],
      [{ text: NOTICE, channels: ["sms", "whatsapp"] }, "channels"],
    ];
    for (const [fields, field] of cases) {
      const refused = await post("admin", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(refused.data.result.error ?? {}), JSON.stringify(fields)).toContain(field);
      expect(refused.data.result.initialValue.text).toBe(fields.text);
    }
    expect(await count()).toBe(0);
  });

  it("queues the message to every booking holding seats and lists each recipient's status", async () => {
    const sent = await post("guideA", { text: NOTICE, channels: ["sms", "email"], urgent: "on" });
    expect(sent.status).toBe(200);
    expect(sent.data.queued).toBe(4); // the family and the couple, by SMS and email
    // The provider refuses every attempt (its balance is out): retried, then failed with its reason.
    sms.failNext(2 * MESSAGE_MAX_ATTEMPTS);
    for (let attempt = 0; attempt < MESSAGE_MAX_ATTEMPTS; attempt += 1)
      await deliverMessages({ now: new Date(Date.now() + attempt * 2 * 60 * 60_000) });

    const loaded = await open("guideA");
    expect(loaded.data.broadcasts).toHaveLength(1);
    const [broadcast] = loaded.data.broadcasts;
    expect(broadcast.text).toContain(NOTICE);
    const rows = broadcast.recipients.map((row: { reference: string; channel: string; to: string; status: string }) => [
      row.reference,
      row.channel,
      row.to,
      row.status,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [fixture.family.reference, "sms", "8801712345678", "failed"],
        [fixture.family.reference, "email", "rina@example.com", "queued"],
        [fixture.couple.reference, "sms", "8801898765432", "failed"],
        [fixture.couple.reference, "email", "rina@example.com", "queued"],
      ]),
    );
    expect(rows).toHaveLength(4);
    for (const row of broadcast.recipients.filter((one: { channel: string }) => one.channel === "sms"))
      expect(row.error).toMatch(/1007|Balance/);
    // Another guide never sees who was told.
    expect((await open("guideB")).status).toBe(403);
  });
});
