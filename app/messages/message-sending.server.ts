// Sending one kind of message to one person by every channel it may go by (issue 40): the kind's
// template in the person's language, SMS and WhatsApp to their phone read as 8801XXXXXXXXX, email
// to their address; a customer who turned messages off gets only what their booking needs.
import type { MessageChannel, MessageStatus } from "~/messages/channels";
import { queueMessage } from "~/messages/delivery.server";
import { composeMessage, isBookingCritical, type KindValues, type MessageKind } from "~/messages/message-kinds.server";
import { configuredChannels } from "~/messages/senders.server";
import type { Language } from "~/platform/i18n";
import { toMsisdn } from "~/platform/phones";

export interface Recipient {
  /** as typed (the booking's mobileNumber, the profile's phone) */
  phone: string | null;
  email: string | null;
  language: Language;
  /** the customer turned off everything but booking-critical messages (their profile) */
  optedOut: boolean;
}

export interface SentTo {
  id: string;
  channel: MessageChannel;
  to: string;
  status: MessageStatus;
}

export interface SendOptions {
  orderId: string | null;
  /** default: every channel set up here */
  channels?: readonly MessageChannel[];
  /** not held by the quiet hours (a broadcast marked urgent) */
  urgent?: boolean;
  /** once per booking, kind and channel: a second call sends nothing more (the scheduled kinds) */
  once?: boolean;
  now?: Date;
}

/** Queues the kind to the recipient by each channel that reaches them; what was queued (or was already, `once`). */
export async function sendKind<Kind extends MessageKind>(
  kind: Kind,
  values: KindValues<Kind>,
  recipient: Recipient,
  options: SendOptions,
): Promise<SentTo[]> {
  if (recipient.optedOut && !isBookingCritical(kind)) return [];
  const now = options.now ?? new Date();
  const available = configuredChannels();
  const channels = (options.channels ?? available).filter((channel) => available.includes(channel));
  const composed = composeMessage(kind, values, recipient.language);
  const msisdn = recipient.phone ? toMsisdn(recipient.phone) : null;
  const sent: SentTo[] = [];
  for (const channel of channels) {
    const to = channel === "email" ? recipient.email : msisdn;
    if (!to) continue;
    const queued = await queueMessage(
      {
        channel,
        kind,
        orderId: options.orderId,
        to,
        language: recipient.language,
        text: composed.text,
        ...(channel === "email" ? { subject: composed.subject } : {}),
        ...(channel === "whatsapp" ? { template: composed.template, params: composed.params } : {}),
        urgent: options.urgent,
        ...(options.once && options.orderId ? { dedupeKey: `${options.orderId}:${kind}:${channel}` } : {}),
      },
      now,
    );
    sent.push({ id: queued.id, channel, to, status: queued.status });
  }
  return sent;
}
