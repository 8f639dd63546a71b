// Sending what the messages' outbox holds (issue 40): SMS and WhatsApp, once per message across
// instances (each attempt claims the row in one conditional update), retried with back-off when the
// provider fails (30 s, 1 min, 2 min, … up to MESSAGE_MAX_ATTEMPTS), then reported as failed with
// the provider's reason; never lost when an instance dies (its claim runs out and another sends
// it). Email goes through the mail outbox (app/platform/mail.server.ts).
import {
  claimMessage,
  dueMessages,
  insertMessage,
  markMessageAttemptFailed,
  markMessageSent,
  type NewMessage,
  type QueuedMessage,
} from "~/messages/delivery-store.server";
import { ProviderError } from "~/messages/provider-calls.server";
import { afterQuietHours } from "~/messages/quiet-hours";
import { senderFor } from "~/messages/senders.server";
import type { Env } from "~/platform/env.server";
import type { Language } from "~/platform/i18n";
import type { PeriodicJob } from "~/platform/jobs.server";
import { logger } from "~/platform/logger.server";

/** Attempts per message before it is reported failed. */
export const MESSAGE_MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** Longer than one send can take (the provider's time-out is 10 s). */
const CLAIM_MS = 60_000;
const BATCH = 20;

/** The wait before attempt `attempt + 1`, after `attempt` failed ones: 30 s, doubling, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/** What a caller queues: the row without its time, which the quiet hours decide. */
export type MessageToQueue = Omit<NewMessage, "notBefore"> & {
  /** an urgent broadcast is not held by the quiet hours */
  urgent?: boolean;
};

/** Queues a message: SMS and WhatsApp wait for 08:00 Dhaka time in quiet hours, unless urgent. */
export function queueMessage(message: MessageToQueue, now = new Date()): Promise<QueuedMessage> {
  const { urgent, ...rest } = message;
  const held = message.channel !== "email" && !urgent;
  const row: NewMessage = { ...rest, notBefore: held ? afterQuietHours(now) : now };
  return insertMessage(row, now);
}

/** Sends the SMS and WhatsApp messages due at `now`; returns how many went. Safe on several instances at once. */
export async function deliverMessages(
  options: { now?: Date; limit?: number; settings?: Env } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = await dueMessages(now, options.limit ?? BATCH, MESSAGE_MAX_ATTEMPTS);
  let sent = 0;
  let failed = 0;
  for (const message of due) {
    const channel = message.channel as "sms" | "whatsapp";
    const sender = senderFor(channel, options.settings);
    // The channel was switched off after queueing: the message waits (it is not lost) until it is back.
    if (!sender) continue;
    if (!(await claimMessage(message.id, message.attempts, now, CLAIM_MS))) continue;
    const attempt = message.attempts + 1;
    try {
      const { providerId } = await sender.send({
        id: message.id,
        to: message.to,
        text: message.text,
        language: message.language as Language,
        template: message.template,
        params: message.params,
      });
      await markMessageSent(message.id, providerId, now);
      sent += 1;
    } catch (error) {
      const reason = (error as Error).message;
      const retryable = error instanceof ProviderError ? error.retryable : true;
      const retryAt = retryable && attempt < MESSAGE_MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(attempt)) : null;
      await markMessageAttemptFailed(message.id, reason, retryAt);
      if (!retryAt) failed += 1;
      logger.warn(
        { id: message.id, channel, attempt, error: reason, retry: retryAt?.toISOString() ?? false },
        "message not sent",
      );
    }
  }
  return { sent, failed };
}

/** Sends the messages' outbox every 10 seconds, by one instance at a time (the claims keep it once anyway). */
export const messagesJob: PeriodicJob = {
  name: "messages",
  everyMs: 10_000,
  run: async (now) => {
    let sent = 0;
    let failed = 0;
    for (let round = 0; round < 10; round += 1) {
      const done = await deliverMessages({ now });
      sent += done.sent;
      failed += done.failed;
      if (done.sent + done.failed < BATCH) break;
    }
    return { sent, failed };
  },
};
