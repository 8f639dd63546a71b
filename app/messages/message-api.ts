// The messages' part of the JSON API (issue 40 item 8): a booking's delivery log and a broadcast to
// a departure, validated and answered with these schemas (in /api/openapi.json).
import { z } from "zod";

const channelSchema = z.enum(["sms", "whatsapp", "email"]);
const statusSchema = z.enum(["queued", "sent", "delivered", "read", "failed"]);

/** GET /api/my-orders/{id}/messages: one message sent (or to be sent) about the booking. */
export const messageLogEntrySchema = z.object({
  channel: channelSchema,
  kind: z
    .string()
    .describe(
      "booking_confirmed, balance_due_7, balance_due_1, travellers_missing, day_before, departure_morning, review_request, broadcast",
    ),
  to: z.string().describe("8801XXXXXXXXX for SMS and WhatsApp, an address for email"),
  status: statusSchema,
  error: z.string().optional().describe("The provider's reason, when it failed (or its last attempt did)"),
  created: z.string().datetime(),
  sendsAt: z
    .string()
    .datetime()
    .optional()
    .describe("A queued message held by the quiet hours (22:00 to 08:00 Dhaka) or a retry goes then"),
});

export const broadcastInputSchema = z.object({
  text: z
    .string({ required_error: "text is required: the message to every booking of the departure." })
    .trim()
    .min(1, "text is required: the message to every booking of the departure.")
    .max(1000, "text can be at most 1000 characters."),
  channels: z
    .array(channelSchema, { required_error: 'channels is required: one or more of "sms", "whatsapp", "email".' })
    .min(1, 'channels is required: one or more of "sms", "whatsapp", "email".')
    .transform((channels) => [...new Set(channels)]),
  urgent: z
    .boolean()
    .default(false)
    .describe("Sent at once, also in the quiet hours (22:00 to 08:00 Dhaka): a hartal, a cyclone signal"),
});

/** The departure page's broadcast form: the API's input, from checkboxes (a checked urgent box says "on"). */
export const broadcastFormSchema = z.object({
  text: z
    .string({ required_error: "Please write the message." })
    .trim()
    .min(1, "Please write the message.")
    .max(1000, "The message can be at most 1000 characters."),
  channels: z
    .array(z.string(), { required_error: "Please choose at least one channel." })
    .min(1, "Please choose at least one channel.")
    .refine(
      (channels): channels is z.infer<typeof channelSchema>[] =>
        channels.every((channel) => channelSchema.safeParse(channel).success),
      "Please choose only the channels offered.",
    ),
  urgent: z.boolean().default(false),
});

export const broadcastResultSchema = z.object({
  recipients: z.array(
    z.object({
      order: z.string().describe("The booking's _id"),
      channel: channelSchema,
      to: z.string(),
      status: statusSchema,
    }),
  ),
});

export function messageLogEntryJson(message: {
  channel: string;
  kind: string;
  to: string;
  status: string;
  error: string | null;
  created: Date;
  notBefore: Date;
}): z.infer<typeof messageLogEntrySchema> {
  return {
    channel: message.channel as z.infer<typeof channelSchema>,
    kind: message.kind,
    to: message.to,
    status: message.status as z.infer<typeof statusSchema>,
    ...(message.error ? { error: message.error } : {}),
    created: message.created.toISOString(),
    ...(message.status === "queued" && message.notBefore > message.created ? { sendsAt: message.notBefore.toISOString() } : {}),
  };
}
