// A booking's .ics for its owner or an administrator (issue 40 item 6): confirmed (or completed)
// bookings with a date offer it; a cancelled one's cancels the event; others have none.
import { bookingCalendar } from "~/booking/documents/booking-calendar";
import { findCalendarBooking } from "~/booking/documents/booking-calendar-store.server";
import { isoDate } from "~/platform/dates";
import type { Language } from "~/platform/i18n";
import { translator } from "~/platform/i18n.server";
import { isPlausibleId } from "~/platform/ids";
import { publicUrl } from "~/platform/public-url.server";

/** The file and its name, or null: no such booking of this person, or none to put in a calendar. */
export async function calendarOf(
  orderId: string,
  user: { id: string; isAdmin: boolean },
  language: Language,
  now = new Date(),
): Promise<{ ics: string; filename: string } | null> {
  if (!isPlausibleId(orderId)) return null;
  const booking = await findCalendarBooking(orderId, user.isAdmin ? undefined : user.id);
  if (!booking?.travelDate) return null;
  const cancelled = booking.bookingStatus === "CANCELLED";
  if (!cancelled && booking.bookingStatus !== "CONFIRMED" && booking.bookingStatus !== "COMPLETED") return null;
  const { t } = translator(language);
  const url = publicUrl(`/dashboard/orders/${booking.id}`);
  const ics = bookingCalendar(
    {
      id: booking.id,
      date: isoDate(booking.travelDate),
      days: booking.service?.durationDays ?? 1,
      summary: t("calendar.summary", { trip: booking.serviceTitle, reference: booking.reference }),
      description: t("calendar.description", { reference: booking.reference, link: url }),
      location: booking.service?.meetingPoint ?? null,
      url,
      cancelled,
      changedAt: booking.updatedAt,
    },
    now,
  );
  return { ics, filename: `booking-${booking.reference}.ics` };
}
