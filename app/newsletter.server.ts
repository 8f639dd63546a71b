import { z } from "zod";
import { db } from "~/db.server";
import { email, EMAIL_MESSAGES } from "~/fields";

export const newsletterSchema = z.object({ email: email(EMAIL_MESSAGES, { lowerCase: true, blankIsMissing: true }) });

/** Subscribing twice is fine: the address is stored once. */
export async function subscribe(email: string): Promise<"subscribed" | "already-subscribed"> {
  const prisma = await db();
  const created = await prisma.newsletterSubscriber.createMany({ data: [{ email }], skipDuplicates: true });
  return created.count === 1 ? "subscribed" : "already-subscribed";
}
