// What is sent, kind by kind (issue 40 item 2): each kind is a template in both languages
// (app/locales en.json and bn.json, `message.<kind>.text` and `.subject`, ICU), filled with the
// kind's values in the recipient's language; no text is assembled in code. On WhatsApp each kind is
// a pre-approved template of the same name whose body takes the same values, in this order
// (docs/messages.md lists them for the agency to create).
import type { Language, MessageKey } from "~/platform/i18n";
import { translator } from "~/platform/i18n.server";

const MESSAGE_KINDS = {
  booking_confirmed: ["reference", "trip", "date", "travellers", "paid", "due", "orderLink", "voucherLink"],
  balance_due_7: ["trip", "reference", "due", "dueDate", "payLink"],
  balance_due_1: ["trip", "reference", "due", "dueDate", "payLink"],
  travellers_missing: ["trip", "reference", "cutoff", "orderLink"],
  day_before: ["date", "trip", "meetingPoint", "mapLink", "guide", "orderLink"],
  departure_morning: ["trip", "meetingPoint", "guide"],
  review_request: ["trip", "reviewLink"],
  broadcast: ["trip", "date", "text"],
} as const;

export type MessageKind = keyof typeof MESSAGE_KINDS;
export type KindValues<Kind extends MessageKind> = Record<(typeof MESSAGE_KINDS)[Kind][number], string | number>;

/** Kinds a customer who turned messages off still gets: what the booking needs to happen. */
const BOOKING_CRITICAL = new Set<MessageKind>([
  "booking_confirmed",
  "balance_due_7",
  "balance_due_1",
  "travellers_missing",
  "day_before",
  "departure_morning",
  "broadcast",
]);

export function isBookingCritical(kind: MessageKind): boolean {
  return BOOKING_CRITICAL.has(kind);
}

export interface ComposedMessage {
  subject: string;
  text: string;
  /** the WhatsApp template's name and its body's parameters */
  template: string;
  params: string[];
}

/** The kind's texts in the language, filled with its values. */
/** booking_confirmed's texts are message.bookingConfirmed.* (keys are camelCase). */
function keyOf(kind: MessageKind, part: "subject" | "text"): MessageKey {
  return `message.${kind.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}.${part}` as MessageKey;
}

export function composeMessage<Kind extends MessageKind>(
  kind: Kind,
  values: KindValues<Kind>,
  language: Language,
): ComposedMessage {
  const { t } = translator(language);
  return {
    subject: t(keyOf(kind, "subject"), values),
    text: t(keyOf(kind, "text"), values),
    template: kind,
    params: MESSAGE_KINDS[kind].map((name) => String((values as Record<string, string | number>)[name])),
  };
}
