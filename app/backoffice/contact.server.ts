import type { ContactMessageInput } from "~/backoffice/contact";
import { saveContactMessage } from "~/backoffice/message-store.server";
import { env } from "~/platform/env.server";
import { deliverOutbox } from "~/platform/mail.server";
import { queueEmail } from "~/platform/outbox-store.server";

/** Stores the message, queues the mail to the agency and tries to send it right away. */
export async function receiveContactMessage(input: ContactMessageInput): Promise<void> {
  await saveContactMessage(input);
  await queueEmail({
    to: env().CONTACT_TO,
    replyTo: input.email,
    subject: `Contact form: ${input.subject || "(no subject)"}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
  });
  // A mail failure never fails the visitor's request: the message is stored and retried.
  await deliverOutbox().catch(() => 0);
}
