import { db } from "~/db.server";
import { env } from "~/env.server";
import type { ContactMessageInput } from "~/contact";
import { deliverOutbox, queueEmail } from "~/mail.server";

/** Stores the message, queues the mail to the agency and tries to send it right away. */
export async function receiveContactMessage(input: ContactMessageInput): Promise<void> {
  const prisma = await db();
  await prisma.contactMessage.create({ data: input });
  await queueEmail({
    to: env().CONTACT_TO,
    replyTo: input.email,
    subject: `Contact form: ${input.subject || "(no subject)"}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
  });
  // A mail failure never fails the visitor's request: the message is stored and retried.
  await deliverOutbox().catch(() => 0);
}
