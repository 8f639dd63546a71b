// The mail outbox: every email is a row first, sent later by app/platform/mail.server.ts.
import { db, type Tx } from "~/platform/db.server";

/** Sends tried per email before it is given up (it stays in the outbox, counted as given up). */
export const MAX_ATTEMPTS = 8;

/** Queues the email; inside `tx` when given (it is sent only if the transaction commits). */
export async function queueEmail(
  email: { to: string; subject: string; text: string; replyTo?: string },
  tx?: Tx,
): Promise<string> {
  const prisma = tx ?? (await db());
  const row = await prisma.outboxEmail.create({ data: email, select: { id: true } });
  return row.id;
}

/** Queues several emails in `tx` (sent only if it commits). */
export async function queueEmails(
  emails: { to: string; subject: string; text: string; replyTo?: string }[],
  tx: Tx,
): Promise<void> {
  if (emails.length > 0) await tx.outboxEmail.createMany({ data: emails });
}

export interface EmailState {
  sentAt: Date | null;
  lastError: string | null;
  /** no attempt left: it will not be sent */
  givenUp: boolean;
}

/** Where these emails are (the messages' delivery log reads an email's status here). */
export async function emailStates(ids: string[]): Promise<Map<string, EmailState>> {
  if (ids.length === 0) return new Map();
  const prisma = await db();
  const rows = await prisma.outboxEmail.findMany({
    where: { id: { in: ids } },
    select: { id: true, sentAt: true, lastError: true, attempts: true },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      { sentAt: row.sentAt, lastError: row.lastError, givenUp: !row.sentAt && row.attempts >= MAX_ATTEMPTS },
    ]),
  );
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

/** The outbox's backlog (GET /metrics): unsent emails, those whose last attempt failed, those given up, the oldest's age. */
export async function outboxBacklog(now = new Date()) {
  const prisma = await db();
  const [pending, failing, givenUp, oldest] = await Promise.all([
    prisma.outboxEmail.count({ where: { sentAt: null } }),
    prisma.outboxEmail.count({ where: { sentAt: null, lastError: { not: null } } }),
    prisma.outboxEmail.count({ where: { sentAt: null, attempts: { gte: MAX_ATTEMPTS } } }),
    prisma.outboxEmail.findFirst({ where: { sentAt: null }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  return { pending, failing, givenUp, oldestAgeSeconds: oldest ? (now.getTime() - oldest.createdAt.getTime()) / 1000 : 0 };
}

/** Deletes the emails sent before `before` (housekeeping: they hold personal data). */
export async function deleteSentEmails(before: Date): Promise<number> {
  const prisma = await db();
  return (await prisma.outboxEmail.deleteMany({ where: { sentAt: { lt: before } } })).count;
}
