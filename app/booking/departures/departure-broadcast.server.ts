// A broadcast to a departure (issue 40 item 4): an administrator or the departure's guide writes one
// message to the contact of every booking holding seats on it, by the channels chosen; each
// recipient's message is the broadcast template in their language around the text, queued through
// the messages' outbox (an urgent one is not held by the quiet hours).
import { findBroadcastRecipients, findDepartureOrderReferences } from "~/booking/departures/broadcast-store.server";
import { configuredChannels, messagesOfOrders, sendKind } from "~/messages/index.server";
import { formatCalendarDate } from "~/platform/dates";
import { isLanguage } from "~/platform/i18n";

export type BroadcastChannel = "sms" | "whatsapp" | "email";

export class BroadcastError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export interface BroadcastRecipient {
  order: string;
  channel: BroadcastChannel;
  to: string;
  status: "queued" | "sent" | "delivered" | "read" | "failed";
}

export async function broadcastToDeparture(
  departure: { id: string; startDate: Date },
  input: { text: string; channels: BroadcastChannel[]; urgent: boolean },
  now = new Date(),
): Promise<BroadcastRecipient[]> {
  const available = configuredChannels();
  const missing = input.channels.filter((channel) => !available.includes(channel));
  if (missing.length > 0)
    throw new BroadcastError(
      `channels: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set up on this site (available: ${available.join(", ")}).`,
      "channels",
    );
  const recipients: BroadcastRecipient[] = [];
  for (const order of await findBroadcastRecipients(departure.id, now)) {
    const language = isLanguage(order.user.language) ? order.user.language : "en";
    const sent = await sendKind(
      "broadcast",
      { trip: order.serviceTitle, date: formatCalendarDate(departure.startDate, language), text: input.text },
      { phone: order.mobileNumber, email: order.email, language, optedOut: order.user.messagesOptOut },
      { orderId: order.id, channels: input.channels, urgent: input.urgent, now },
    );
    for (const message of sent)
      recipients.push({ order: order.id, channel: message.channel, to: message.to, status: message.status });
  }
  return recipients;
}

export interface SentBroadcast {
  sent: Date;
  /** the first recipient's message, as sent (in their language) */
  text: string;
  recipients: {
    reference: string;
    channel: BroadcastChannel;
    to: string;
    status: BroadcastRecipient["status"];
    error: string | null;
    created: Date;
    notBefore: Date;
  }[];
}

/**
 * The broadcasts sent to the departure, newest first, each with every recipient's message and its
 * status now. One broadcast's messages share their creation time (broadcastToDeparture's `now`).
 */
export async function departureBroadcasts(departureId: string): Promise<SentBroadcast[]> {
  const orders = await findDepartureOrderReferences(departureId);
  const references = new Map(orders.map((order) => [order.id, order.reference]));
  const byTime = new Map<number, SentBroadcast>();
  for (const message of await messagesOfOrders([...references.keys()], "broadcast")) {
    const time = message.created.getTime();
    const broadcast = byTime.get(time) ?? { sent: message.created, text: message.text, recipients: [] };
    byTime.set(time, broadcast);
    broadcast.recipients.push({
      reference: references.get(message.orderId) ?? "",
      channel: message.channel,
      to: message.to,
      status: message.status,
      error: message.error,
      created: message.created,
      notBefore: message.notBefore,
    });
  }
  return [...byTime.values()].sort((a, b) => b.sent.getTime() - a.sent.getTime());
}
