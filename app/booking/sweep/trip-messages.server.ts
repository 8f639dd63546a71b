// The messages of a trip (issue 40 item 2), sent by the `trip-messages` job in the travellers'
// language by every channel set up here, each once per booking, kind and channel (the messages'
// outbox refuses a second one, also from another instance):
// - the day before departure: once the departure's day (00:00 Dhaka) is less than 36 hours away,
//   so a booking made later gets it at once: the meeting point with a map link, the guide;
// - the morning of departure: on the day (SMS and WhatsApp wait for 08:00, the quiet hours' end);
// - a review request the day after the return (the departure's date plus the package's days).
import { bookingsTravellingOn } from "~/booking/sweep/trip-messages-store.server";
import { sendKind } from "~/messages/index.server";
import { agencyToday, formatCalendarDate, isoDate } from "~/platform/dates";
import { isLanguage, type Language } from "~/platform/i18n";
import { translator } from "~/platform/i18n.server";
import type { PeriodicJob } from "~/platform/jobs.server";
import { publicUrl } from "~/platform/public-url.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DHAKA_OFFSET_MS = 6 * HOUR;
/** The day-before message goes once the departure's day starts in less than this. */
const DAY_BEFORE_WITHIN_MS = 36 * HOUR;
/** The longest trip whose review request is looked for. */
const MAX_TRIP_DAYS = 31;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** When the departure's day begins in Dhaka. */
function dayStarts(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - DHAKA_OFFSET_MS;
}

type Booking = Awaited<ReturnType<typeof bookingsTravellingOn>>[number];

function recipientOf(booking: Booking) {
  const language: Language = isLanguage(booking.user.language) ? booking.user.language : "en";
  return { phone: booking.mobileNumber, email: booking.email, language, optedOut: booking.user.messagesOptOut };
}

function tripFacts(booking: Booking, language: Language) {
  const { t } = translator(language);
  const meetingPoint = booking.service?.meetingPoint ?? null;
  const guide = booking.departure?.guide;
  const orderLink = publicUrl(`/dashboard/orders/${booking.id}`);
  return {
    trip: booking.serviceTitle,
    date: booking.departure ? formatCalendarDate(booking.departure.startDate, language) : "",
    meetingPoint: meetingPoint ?? t("message.meetingPointTba"),
    mapLink: meetingPoint ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(meetingPoint)}` : orderLink,
    guide: guide ? (guide.phone ? `${guide.displayName} (${guide.phone})` : guide.displayName) : t("message.noGuideYet"),
    orderLink,
  };
}

export async function sendTripMessages(now: Date): Promise<{ dayBefore: number; morning: number; review: number }> {
  const today = agencyToday(now);
  const counts = { dayBefore: 0, morning: 0, review: 0 };
  const once = { once: true, now };
  // Today's departures (their morning) and tomorrow's and the day after's (the day before, within 36 h).
  for (const booking of await bookingsTravellingOn([today, addDays(today, 1), addDays(today, 2)], ["CONFIRMED"])) {
    if (!booking.departure) continue;
    const date = isoDate(booking.departure.startDate);
    const recipient = recipientOf(booking);
    const facts = tripFacts(booking, recipient.language);
    if (date === today) {
      const sent = await sendKind("departure_morning", facts, recipient, { orderId: booking.id, ...once });
      counts.morning += sent.length;
    } else if (dayStarts(date) - now.getTime() < DAY_BEFORE_WITHIN_MS) {
      const sent = await sendKind("day_before", facts, recipient, { orderId: booking.id, ...once });
      counts.dayBefore += sent.length;
    }
  }
  // The day after the return: trips that started `durationDays` days ago (one day when unknown).
  const started = Array.from({ length: MAX_TRIP_DAYS }, (_, index) => addDays(today, -(index + 1)));
  for (const booking of await bookingsTravellingOn(started, ["CONFIRMED", "COMPLETED"])) {
    if (!booking.departure) continue;
    const days = Math.max(1, booking.service?.durationDays ?? 1);
    if (addDays(isoDate(booking.departure.startDate), days) !== today) continue;
    const recipient = recipientOf(booking);
    const reviewLink = publicUrl("/dashboard/addReview");
    const sent = await sendKind("review_request", { trip: booking.serviceTitle, reviewLink }, recipient, {
      orderId: booking.id,
      ...once,
    });
    counts.review += sent.length;
  }
  return counts;
}

export const tripMessagesJob: PeriodicJob = { name: "trip-messages", everyMs: 15 * 60_000, run: sendTripMessages };
