// The newsletter box's schema, shared by the browser and the action.
import { z } from "zod";
import { email, EMAIL_MESSAGES } from "~/platform/fields";

export const newsletterSchema = z.object({ email: email(EMAIL_MESSAGES, { lowerCase: true, blankIsMissing: true }) });

export const SUBSCRIBER_FILTERS = ["confirmed", "pending", "unsubscribed"] as const;

/** ?state=… of the subscribers page and its export: the confirmed addresses unless told otherwise. */
export function subscriberFilter(searchParams: URLSearchParams): (typeof SUBSCRIBER_FILTERS)[number] {
  const state = searchParams.get("state");
  return (SUBSCRIBER_FILTERS as readonly string[]).includes(state ?? "")
    ? (state as (typeof SUBSCRIBER_FILTERS)[number])
    : "confirmed";
}

/** What the newsletter form answers: the same for a new address and a repeat. */
export type NewsletterResult = { ok: true; message: string } | { ok: false; message: string; email: string };
