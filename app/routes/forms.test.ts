import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { action as contactAction } from "~/routes/contact";
import { action as newsletterAction } from "~/routes/newsletter";
import { formRequest, unwrap } from "../../tests/support/requests";

type ContactReply = {
  sent: boolean;
  result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, string> };
};

describe("contact form", () => {
  it("stores a valid message and queues the mail to the agency", async () => {
    const response = await contactAction({
      request: formRequest("/contact", {
        name: "Rina Das",
        email: "rina@example.com",
        subject: "Group tour",
        message: "Do you offer discounts for 12 people?",
      }),
      params: {},
      context: {},
    });
    const { status, data } = await unwrap<ContactReply>(response);
    expect(status).toBe(200);
    expect(data.sent).toBe(true);
    const prisma = await db();
    const stored = await prisma.contactMessage.findFirst({ where: { email: "rina@example.com" } });
    expect(stored?.message).toBe("Do you offer discounts for 12 people?");
    const queued = await prisma.outboxEmail.findFirst({ where: { replyTo: "rina@example.com" } });
    expect(queued?.subject).toBe("Contact form: Group tour");
    expect(queued?.sentAt).toBeNull();
  });

  it("refuses a bad email and a missing message, keeps what was typed, stores nothing", async () => {
    const prisma = await db();
    const before = await prisma.contactMessage.count();
    const response = await contactAction({
      request: formRequest("/contact", { name: "Bad Input", email: "not-an-email", subject: "Hi", message: "" }),
      params: {},
      context: {},
    });
    const { status, data } = await unwrap<ContactReply>(response);
    expect(status).toBe(400);
    expect(data.sent).toBe(false);
    expect(data.result.error?.email).toEqual(["Please enter a valid email address."]);
    expect(data.result.error?.message).toEqual(["Please write your message."]);
    expect(data.result.initialValue?.name).toBe("Bad Input");
    expect(await prisma.contactMessage.count()).toBe(before);
  });
});

describe("newsletter", () => {
  it("stores an email once; a repeat gets the same answer", async () => {
    const first = await unwrap<{ ok: boolean; message: string }>(
      await newsletterAction({ request: formRequest("/newsletter", { email: "Fan@Example.com " }), params: {}, context: {} }),
    );
    expect(first.data.ok).toBe(true);
    expect(first.data.message).toMatch(/Thank you for subscribing/);
    const again = await unwrap<{ ok: boolean; message: string }>(
      await newsletterAction({ request: formRequest("/newsletter", { email: "fan@example.com" }), params: {}, context: {} }),
    );
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    const prisma = await db();
    expect(await prisma.newsletterSubscriber.count({ where: { email: "fan@example.com" } })).toBe(1);
  });

  it("refuses an invalid email with a clear message", async () => {
    const result = await unwrap<{ ok: boolean; message: string }>(
      await newsletterAction({ request: formRequest("/newsletter", { email: "nope" }), params: {}, context: {} }),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "Please enter a valid email address." });
  });
});
