// The newsletter box's schema, shared by the browser and the action.
import { z } from "zod";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "Please enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address.")
    .max(254, "This email address is too long.")
    .email("Please enter a valid email address."),
});
