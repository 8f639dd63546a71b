import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { receiveContactMessage } from "~/backoffice/contact.server";
import { db } from "~/platform/db.server";
import { deliverOutbox } from "~/platform/mail.server";
import { claimEmail, dueEmails, queueEmail } from "~/platform/outbox-store.server";
import { startFakeSmtp } from "../../tests/support/fake-smtp";

const smtp = await startFakeSmtp();
// A port that answers nothing: SMTP "down".
const closed = createServer();
await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
const deadPort = (closed.address() as { port: number }).port;
await new Promise<void>((resolve) => closed.close(() => resolve()));

process.env.SMTP_URL = smtp.url;
process.env.CONTACT_TO = "agency@example.com";
afterAll(() => smtp.close());

describe("contact mail over SMTP", () => {
  it("mails the agency when SMTP is up and marks the outbox row sent", async () => {
    await receiveContactMessage({
      name: "Mina Roy",
      email: "mina@example.com",
      subject: "Hello",
      message: "Is Sajek open in June?",
    });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].to).toEqual(["agency@example.com"]);
    expect(smtp.messages[0].data).toContain("Is Sajek open in June?");
    expect(smtp.messages[0].data).toMatch(/Reply-To: mina@example.com/i);
    const prisma = await db();
    const row = await prisma.outboxEmail.findFirstOrThrow({ where: { replyTo: "mina@example.com" } });
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it("keeps the message and the error when SMTP is down, and sends it on a later try", async () => {
    const prisma = await db();
    const { env } = await import("~/platform/env.server");
    const config = env();
    config.SMTP_URL = `smtp://127.0.0.1:${deadPort}`;
    await receiveContactMessage({ name: "Omar Faruk", email: "omar@example.com", subject: "", message: "Call me back please" });
    expect(await prisma.contactMessage.count({ where: { email: "omar@example.com" } })).toBe(1);
    const failed = await prisma.outboxEmail.findFirstOrThrow({ where: { replyTo: "omar@example.com" } });
    expect(failed.sentAt).toBeNull();
    expect(failed.lastError).toBeTruthy();

    config.SMTP_URL = smtp.url;
    expect(await deliverOutbox()).toBe(1);
    const sent = await prisma.outboxEmail.findFirstOrThrow({ where: { replyTo: "omar@example.com" } });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(2);
    expect(smtp.messages.at(-1)?.data).toContain("Call me back please");
  });

  it("keeps a message that never goes through, marked with its attempts and error, and stops retrying it", async () => {
    const prisma = await db();
    const { env } = await import("~/platform/env.server");
    const config = env();
    config.SMTP_URL = `smtp://127.0.0.1:${deadPort}`;
    const id = await queueEmail({ to: "lost@example.com", subject: "Booking", text: "Never delivered" });
    for (let attempt = 0; attempt < 10; attempt += 1) await deliverOutbox();
    const row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(8);
    expect(row.lastError).toBeTruthy();
    config.SMTP_URL = smtp.url;
  });

  it("gives up on a server that accepts the connection but never greets, after the 5 s greeting timeout", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const prisma = await db();
    const { env } = await import("~/platform/env.server");
    const config = env();
    config.SMTP_URL = `smtp://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      const id = await queueEmail({ to: "silent@example.com", subject: "Booking", text: "Hello?" });
      const started = Date.now();
      expect(await deliverOutbox()).toBe(0);
      expect(Date.now() - started).toBeLessThan(15_000);
      const row = await prisma.outboxEmail.findUniqueOrThrow({ where: { id } });
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/greeting/i);
      await prisma.outboxEmail.delete({ where: { id } }); // not retried by the next test
    } finally {
      config.SMTP_URL = smtp.url;
      silent.close();
    }
  }, 20_000);

  it("sends each message once when two instances deliver the outbox at the same time", async () => {
    const before = smtp.messages.length;
    const ids = await Promise.all(
      [1, 2, 3].map((n) => queueEmail({ to: `twice${n}@example.com`, subject: "Once", text: `Message ${n}` })),
    );
    const sent = await Promise.all([deliverOutbox(), deliverOutbox()]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(
      smtp.messages
        .slice(before)
        .map((message) => message.to[0])
        .sort(),
    ).toEqual(["twice1@example.com", "twice2@example.com", "twice3@example.com"]);
    const prisma = await db();
    const rows = await prisma.outboxEmail.findMany({ where: { id: { in: ids } } });
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it("does not send an email that another instance has claimed and is still sending", async () => {
    const before = smtp.messages.length;
    const id = await queueEmail({ to: "claimed@example.com", subject: "Once", text: "Being sent elsewhere" });
    const [due] = (await dueEmails(20, 8)).filter((email) => email.id === id);
    // Another instance claimed it and is waiting for its SMTP server: this one must leave it alone.
    expect(await claimEmail(due.id, due.attempts, 60_000)).toBe(true);
    expect(await deliverOutbox()).toBe(0);
    expect(smtp.messages.slice(before).map((message) => message.to[0])).not.toContain("claimed@example.com");
  });
});
