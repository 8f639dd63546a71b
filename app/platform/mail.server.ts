// Every email is written to the outbox first (queueEmail in app/platform/outbox-store.server.ts: nothing is
// lost when SMTP is down), then sent over SMTP when SMTP_URL is configured. Failed sends keep the
// row with the error for a retry.
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/platform/env.server";
import type { PeriodicJob } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";
import { claimEmail, dueEmails, markEmailFailed, markEmailSent, MAX_ATTEMPTS } from "~/platform/outbox-store.server";

/**
 * Longer than one send can take (the timeouts below add up to 20 s); an email an instance claimed
 * and did not send (it stopped, it died) is sent by another one after that.
 */
const CLAIM_MS = 30_000;

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

/** Sends what is due in the outbox; returns how many were sent. Safe to call from several instances. */
export async function deliverOutbox(limit = 20): Promise<number> {
  const mailer = smtp();
  if (!mailer) return 0;
  const due = await dueEmails(limit, MAX_ATTEMPTS);
  let sent = 0;
  for (const email of due) {
    // Claim the row: only the instance whose update matches the attempt count sends it.
    if (!(await claimEmail(email.id, email.attempts, CLAIM_MS))) continue;
    try {
      await mailer.sendMail({
        from: env().MAIL_FROM,
        to: email.to,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.text,
      });
      await markEmailSent(email.id);
      sent += 1;
    } catch (error) {
      await markEmailFailed(email.id, (error as Error).message);
      logger.warn({ id: email.id, error: (error as Error).message }, "email not sent, kept in the outbox");
    }
  }
  return sent;
}

/**
 * Sends what could not be sent at once (SMTP was down, the instance that queued it stopped):
 * every 10 seconds, by one instance at a time, until it goes through.
 */
const OUTBOX_BATCH = 20;

export const outboxJob: PeriodicJob = {
  name: "outbox",
  everyMs: 10_000,
  run: async () => {
    let sent = 0;
    // A whole batch sent: more may be waiting (a failed email waits for the next period).
    for (let batch = OUTBOX_BATCH; batch === OUTBOX_BATCH; sent += batch) batch = await deliverOutbox(OUTBOX_BATCH);
    return { sent };
  },
};
