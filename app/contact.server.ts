import { z } from "zod";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { deliverOutbox, queueEmail } from "~/mail.server";

const required = (message: string, max: number, tooLong: string) =>
  z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong);

export const contactSchema = z.object({
  name: required("Please enter your name.", 100, "Your name can be at most 100 characters."),
  email: required("Please enter your email address.", 254, "This email address is too long.").pipe(
    z.string().email("Please enter a valid email address."),
  ),
  subject: z.string().trim().max(150, "The subject can be at most 150 characters.").optional().default(""),
  message: required("Please write your message.", 5000, "Your message can be at most 5000 characters."),
});

export type ContactMessageInput = z.infer<typeof contactSchema>;

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
