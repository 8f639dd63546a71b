// One interface in front of every provider (issue 40): a sender takes a message and says the
// provider's id of it, or throws a ProviderError saying why and whether another attempt may help.
// Each channel is there only when its settings are (app/platform/env.server.ts).
import type { MessageChannel } from "~/messages/channels";
import type { Sender } from "~/messages/provider-calls.server";
import { bulkSmsBdSender } from "~/messages/sms-bulksmsbd.server";
import { sslWirelessSender } from "~/messages/sms-sslwireless.server";
import { whatsAppSender } from "~/messages/whatsapp-cloud.server";
import { type Env, env } from "~/platform/env.server";

/** The sender of a channel, null when the channel is not configured (email goes through the mail outbox). */
export function senderFor(channel: Exclude<MessageChannel, "email">, settings: Env = env()): Sender | null {
  if (channel === "whatsapp") return whatsAppSender(settings);
  if (settings.SMS_PROVIDER === "sslwireless") return sslWirelessSender(settings);
  if (settings.SMS_PROVIDER === "bulksmsbd") return bulkSmsBdSender(settings);
  return null;
}

/** The channels a message can go by here: email always (stored when SMTP is unset), SMS and WhatsApp when set up. */
export function configuredChannels(settings: Env = env()): MessageChannel[] {
  return [
    "email",
    ...(settings.SMS_PROVIDER ? (["sms"] as const) : []),
    ...(settings.WHATSAPP_TOKEN && settings.WHATSAPP_PHONE_NUMBER_ID ? (["whatsapp"] as const) : []),
  ];
}
