// The mail outbox: every email is a row first, sent later by app/platform/mail.server.ts.
import { db } from "~/platform/db.server";

export async function queueEmail(email: { to: string; subject: string; text: string; replyTo?: string }): Promise<string> {
  const prisma = await db();
  const row = await prisma.outboxEmail.create({ data: email, select: { id: true } });
  return row.id;
}

/** The oldest unsent emails that still have attempts left. */
export async function dueEmails(limit: number, maxAttempts: number) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({
    where: { sentAt: null, attempts: { lt: maxAttempts }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date() } }] },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true, to: true, replyTo: true, subject: true, text: true, attempts: true },
  });
}

/**
 * Claims the email for one attempt, in one conditional update: only the instance whose update
 * matches the attempt count gets it, and it holds the email for `holdMs` so that an instance that
 * read the outbox a moment later does not send it again while the first is still sending.
 */
export async function claimEmail(id: string, attempts: number, holdMs: number): Promise<boolean> {
  const prisma = await db();
  const now = new Date();
  const claimed = await prisma.outboxEmail.updateMany({
    where: { id, attempts, sentAt: null, OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    data: { attempts: { increment: 1 }, claimedUntil: new Date(now.getTime() + holdMs) },
  });
  return claimed.count === 1;
}

export async function markEmailSent(id: string): Promise<void> {
  const prisma = await db();
  await prisma.outboxEmail.update({ where: { id }, data: { sentAt: new Date(), lastError: null } });
}

export async function markEmailFailed(id: string, error: string): Promise<void> {
  const prisma = await db();
  await prisma.outboxEmail.update({ where: { id }, data: { lastError: error.slice(0, 500), claimedUntil: null } });
}
