// Messages: contact messages, newsletter subscriptions and the mail outbox.
import { db } from "~/data/db.server";

export async function saveContactMessage(input: { name: string; email: string; subject: string; message: string }): Promise<void> {
  const prisma = await db();
  await prisma.contactMessage.create({ data: input });
}

/** Subscribing twice is fine: the address is stored once. */
export async function subscribe(email: string): Promise<"subscribed" | "already-subscribed"> {
  const prisma = await db();
  const created = await prisma.newsletterSubscriber.createMany({ data: [{ email }], skipDuplicates: true });
  return created.count === 1 ? "subscribed" : "already-subscribed";
}

export async function queueEmail(email: { to: string; subject: string; text: string; replyTo?: string }): Promise<string> {
  const prisma = await db();
  const row = await prisma.outboxEmail.create({ data: email, select: { id: true } });
  return row.id;
}

/** The oldest unsent emails that still have attempts left. */
export async function dueEmails(limit: number, maxAttempts: number) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({
    where: { sentAt: null, attempts: { lt: maxAttempts } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, to: true, replyTo: true, subject: true, text: true, attempts: true },
  });
}

/** Claims the email for one attempt: only the instance whose update matches the attempt count gets it. */
export async function claimEmail(id: string, attempts: number): Promise<boolean> {
  const prisma = await db();
  const claimed = await prisma.outboxEmail.updateMany({
    where: { id, attempts, sentAt: null },
    data: { attempts: { increment: 1 } },
  });
  return claimed.count === 1;
}

export async function markEmailSent(id: string): Promise<void> {
  const prisma = await db();
  await prisma.outboxEmail.update({ where: { id }, data: { sentAt: new Date(), lastError: null } });
}

export async function markEmailFailed(id: string, error: string): Promise<void> {
  const prisma = await db();
  await prisma.outboxEmail.update({ where: { id }, data: { lastError: error.slice(0, 500) } });
}
