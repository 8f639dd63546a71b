// The contact messages' inbox: which messages a page lists and what an admin can do with one.
import { z } from "zod";

export const INBOX_FILTERS = ["unhandled", "all", "handled"] as const;
export type InboxFilterName = (typeof INBOX_FILTERS)[number];

/** ?state=…: unhandled messages first, as an inbox opens. */
export function inboxFilter(searchParams: URLSearchParams): InboxFilterName {
  const state = searchParams.get("state");
  return (INBOX_FILTERS as readonly string[]).includes(state ?? "") ? (state as InboxFilterName) : "unhandled";
}

export const messageActionSchema = z.object({
  id: z.string({ required_error: "Unknown message." }).max(64),
  intent: z.enum(["handled", "unhandled"], { errorMap: () => ({ message: "Unknown action." }) }),
});

/** A mailto: link answering the message, with its subject. */
export function replyHref(message: { email: string; subject: string }): string {
  const subject = message.subject ? `Re: ${message.subject}` : "Re: your message to Tour Booking";
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
