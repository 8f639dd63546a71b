// The contact form's schema, shared by the browser and the action.
import { z } from "zod";
import { email, EMAIL_MESSAGES, optionalText, requiredText } from "~/platform/fields";

export const contactSchema = z.object({
  name: requiredText({ max: 100, missing: "Please enter your name.", tooLong: "Your name can be at most 100 characters." }),
  email: email(EMAIL_MESSAGES, { blankIsMissing: true }),
  subject: optionalText(150, "The subject can be at most 150 characters.").transform((value) => value ?? ""),
  message: requiredText({
    max: 5000,
    missing: "Please write your message.",
    tooLong: "Your message can be at most 5000 characters.",
  }),
});

export type ContactMessageInput = z.infer<typeof contactSchema>;
