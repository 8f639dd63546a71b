import { z } from "zod";
import { db } from "~/db.server";

export const newsletterSchema = z.object({
  email: z
    .string({ required_error: "Please enter your email address." })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email address.")
    .max(254, "This email address is too long.")
    .email("Please enter a valid email address."),
});

/** Subscribing twice is fine: the address is stored once. */
export async function subscribe(email: string): Promise<"subscribed" | "already-subscribed"> {
  const prisma = await db();
  const created = await prisma.newsletterSubscriber.createMany({ data: [{ email }], skipDuplicates: true });
  return created.count === 1 ? "subscribed" : "already-subscribed";
}
