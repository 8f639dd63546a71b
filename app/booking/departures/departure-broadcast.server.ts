// A broadcast to a departure (issue 40 item 4): an administrator or the departure's guide writes one
// message to the contact of every booking holding seats on it, by the channels chosen; each
// recipient's message is the broadcast template in their language around the text, queued through
// the messages' outbox (an urgent one is not held by the quiet hours).
import { findBroadcastRecipients } from "~/booking/departures/broadcast-store.server";
import { configuredChannels, sendKind } from "~/messages/index.server";
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
      { phone: order.mobileNumber, email: order.email, language, optedOut: false },
      { orderId: order.id, channels: input.channels, urgent: input.urgent, now },
    );
    for (const message of sent)
      recipients.push({ order: order.id, channel: message.channel, to: message.to, status: message.status });
  }
  return recipients;
}
