// Newsletter subscriptions with double opt-in: an address counts once its owner opens the
// confirmation link; every email to a subscriber carries an unsubscribe link that needs no account.
import { randomBytes } from "node:crypto";
import { createSubscription, findSubscriber, renewSubscription } from "~/backoffice/message-store.server";
import { deliverOutbox } from "~/platform/mail.server";
import { publicUrl } from "~/platform/public-url.server";
import { take } from "~/platform/rate-limit.server";

function newsletterLinks(token: string) {
  return { confirm: publicUrl(`/newsletter/confirm/${token}`), unsubscribe: publicUrl(`/newsletter/unsubscribe/${token}`) };
}

function confirmationEmail(email: string, token: string) {
  const links = newsletterLinks(token);
  return {
    to: email,
    subject: "Please confirm your Tour Booking newsletter subscription",
    text: [
      "Hello,",
      "",
      "Please confirm that you would like our newsletter (new tours and seasonal offers, once a month) by opening this link:",
      "",
      links.confirm,
      "",
      "If you did not ask for it, ignore this email: you will not be subscribed.",
      "",
      `Unsubscribe at any time: ${links.unsubscribe}`,
    ].join("\n"),
  };
}

/**
 * Queues the confirmation email of a new, pending or lapsed subscription; a confirmed one gets
 * nothing. The caller answers the same whatever happened here, so the form tells nobody whether an
 * address is subscribed; and an address gets at most RATE_LIMIT_NEWSLETTER_EMAIL_MAX emails a day
 * (counted atomically in the database before the lookup, so concurrent submits cannot pass it).
 */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const counted = await take("newsletter-email", { account: email, address: null });
  if (counted.refused) return;
  const existing = await findSubscriber(email);
  if (existing?.confirmedAt && !existing.unsubscribedAt) return;
  if (existing) {
    await renewSubscription(existing.id, confirmationEmail(email, existing.token));
  } else {
    const token = randomBytes(24).toString("base64url");
    try {
      await createSubscription(email, token, confirmationEmail(email, token));
    } catch (error) {
      // The same address subscribed at the same moment: its confirmation is on its way.
      if ((error as { code?: string }).code !== "P2002") throw error;
    }
  }
  // A mail failure never fails the visitor's request: the email is in the outbox and retried.
  void deliverOutbox().catch(() => 0);
}

/** The token part of a newsletter link, or null when it cannot be one. */
export function newsletterToken(value: string | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null;
}
