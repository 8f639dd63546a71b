// The booking's own messages by SMS and WhatsApp (issue 40 item 2): its confirmation, the balance
// reminders 7 days and 1 day before the balance day, and the reminder to give the travellers'
// names and ID numbers. Their emails go as before, in the transaction that confirms or reminds;
// this job, every minute, sends the SMS and WhatsApp twin of each, once per booking, kind and channel
// (the messages' outbox refuses a second one, also from another instance). Sent from the database's
// state, not from the step that changed it, so an instance dying after that step loses nothing.
import { voucherPath } from "~/booking/documents/voucher";
import { bookingsToMessage } from "~/booking/sweep/booking-messages-store.server";
import { travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { sendKind } from "~/messages/index.server";
import { formatCalendarDate, formatDateTime, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isLanguage, type Language } from "~/platform/i18n";
import type { PeriodicJob } from "~/platform/jobs.server";
import { formatDollars } from "~/platform/money";
import { publicUrl } from "~/platform/public-url.server";

/** How far back a confirmation or a reminder email still gets its SMS and WhatsApp. */
const LOOK_BACK_MS = 2 * 24 * 60 * 60_000;
const BATCH = 200;
/** Email is sent by the step itself (the receipt, the reminder): these go by phone only. */
const PHONE_CHANNELS = ["sms", "whatsapp"] as const;

type Booking = Awaited<ReturnType<typeof bookingsToMessage>>[number];

async function messagesOf(booking: Booking, since: Date, now: Date): Promise<number> {
  const language: Language = isLanguage(booking.user.language) ? booking.user.language : "en";
  const recipient = { phone: booking.mobileNumber, email: null, language, optedOut: booking.user.messagesOptOut };
  const options = { orderId: booking.id, channels: PHONE_CHANNELS, once: true, now };
  const due = formatDollars(Math.max(0, booking.priceCents - booking.paidCents), language);
  const base = { reference: booking.reference, trip: booking.serviceTitle };
  let sent = 0;
  if (booking.bookingStatus === "CONFIRMED" && booking.updatedAt >= since) {
    const values = {
      ...base,
      date: booking.travelDate ? formatCalendarDate(booking.travelDate, language) : "",
      travellers: booking._count.travellers || booking.quantity,
      paid: formatDollars(booking.paidCents, language),
      due,
      orderLink: publicUrl(`/dashboard/orders/${booking.id}`),
      voucherLink: publicUrl(voucherPath(booking.id)),
    };
    sent += (await sendKind("booking_confirmed", values, recipient, options)).length;
  }
  for (const [kind, at] of [
    ["balance_due_7", booking.balanceReminder7SentAt],
    ["balance_due_1", booking.balanceReminder1SentAt],
  ] as const) {
    if (!at || at < since || !booking.balanceDueDate) continue;
    const values = {
      ...base,
      due,
      dueDate: formatCalendarDate(booking.balanceDueDate, language),
      payLink: publicUrl(`/dashboard/payment/${booking.id}`),
    };
    sent += (await sendKind(kind, values, recipient, options)).length;
  }
  if (booking.travellersReminderSentAt && booking.travellersReminderSentAt >= since && booking.travelDate) {
    const cutoff = travellersCutoff(isoDate(booking.travelDate), env().TRAVELLERS_CUTOFF_HOURS);
    const values = { ...base, cutoff: formatDateTime(cutoff, language), orderLink: publicUrl(`/dashboard/orders/${booking.id}`) };
    sent += (await sendKind("travellers_missing", values, recipient, options)).length;
  }
  return sent;
}

/** Queues the SMS and WhatsApp messages of the bookings confirmed or reminded lately; how many were queued or already were. */
export async function sendBookingMessages(now: Date): Promise<{ messages: number }> {
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  let messages = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await bookingsToMessage(since, BATCH, after);
    for (const booking of rows) messages += await messagesOf(booking, since, now);
    if (rows.length < BATCH) return { messages };
    after = rows[rows.length - 1].id;
  }
}

export const bookingMessagesJob: PeriodicJob = { name: "booking-messages", everyMs: 60_000, run: sendBookingMessages };
