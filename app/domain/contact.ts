// The contact form's schema, shared by the browser and the action.
import { z } from "zod";

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
