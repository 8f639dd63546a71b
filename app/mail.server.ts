// Every email is written to the outbox first (nothing is lost when SMTP is down), then sent
// over SMTP when SMTP_URL is configured. Failed sends keep the row with the error for a retry.
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { logger } from "~/logger.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

const MAX_ATTEMPTS = 8;

let transport: Transporter | undefined;
let transportUrl: string | undefined;
function smtp(): Transporter | undefined {
  const url = env().SMTP_URL;
  if (!url) return undefined;
  if (transport && transportUrl !== url) transport = undefined;
  transportUrl = url;
  // The timeouts go with the url in one object: a second argument would be message defaults.
  transport ??= nodemailer.createTransport({
    url,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return transport;
}

export async function queueEmail(email: OutgoingEmail): Promise<string> {
  const prisma = await db();
  const row = await prisma.outboxEmail.create({ data: email, select: { id: true } });
  return row.id;
}

/** Sends what is due in the outbox; returns how many were sent. Safe to call from several instances. */
export async function deliverOutbox(limit = 20): Promise<number> {
  const mailer = smtp();
  if (!mailer) return 0;
  const prisma = await db();
  const due = await prisma.outboxEmail.findMany({
    where: { sentAt: null, attempts: { lt: MAX_ATTEMPTS } },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let sent = 0;
  for (const email of due) {
    // Claim the row: only the instance whose update matches the attempt count sends it.
    const claimed = await prisma.outboxEmail.updateMany({
      where: { id: email.id, attempts: email.attempts, sentAt: null },
      data: { attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue;
    try {
      await mailer.sendMail({
        from: env().MAIL_FROM,
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
      });
      await prisma.outboxEmail.update({ where: { id: email.id }, data: { sentAt: new Date(), lastError: null } });
      sent += 1;
    } catch (error) {
      await prisma.outboxEmail.update({ where: { id: email.id }, data: { lastError: (error as Error).message.slice(0, 500) } });
      logger.warn({ id: email.id, error: (error as Error).message }, "email not sent, kept in the outbox");
    }
  }
  return sent;
}
