// A booking's calendar file (issue 40 item 6), RFC 5545: one all-day event from the departure's day
// for the package's days, its meeting point and a link back. The same UID for the booking's whole
// life; SEQUENCE grows with every change of the booking (its date moved: calendars replace the
// event), and a cancelled booking's file says METHOD:CANCEL and STATUS:CANCELLED. Written here (no
// calendar library is installed); the format is small: CRLF lines folded at 75 octets, text escaped.

export interface CalendarBooking {
  id: string;
  /** YYYY-MM-DD, the departure's day */
  date: string;
  days: number;
  summary: string;
  description: string;
  location: string | null;
  url: string;
  cancelled: boolean;
  /** when the booking last changed: the event's SEQUENCE */
  changedAt: Date;
}

/** SEQUENCE counts seconds from this day: it grows with each change and stays a 32-bit integer until 2088. */
const SEQUENCE_EPOCH = Date.UTC(2020, 0, 1);

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character (3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (date: string) => date.replace(/-/g, "");

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const utcStamp = (moment: Date) => `${moment.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

export function bookingCalendar(booking: CalendarBooking, now = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Tour Booking//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${booking.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:booking-${booking.id}@tour-booking`,
    `DTSTAMP:${utcStamp(now)}`,
    `SEQUENCE:${Math.max(0, Math.floor((booking.changedAt.getTime() - SEQUENCE_EPOCH) / 1000))}`,
    `DTSTART;VALUE=DATE:${compactDate(booking.date)}`,
    // DTEND of an all-day event is the day after the last one
    `DTEND;VALUE=DATE:${compactDate(addDays(booking.date, Math.max(1, booking.days)))}`,
    `SUMMARY:${escapeText(booking.summary)}`,
    `DESCRIPTION:${escapeText(booking.description)}`,
    ...(booking.location ? [`LOCATION:${escapeText(booking.location)}`] : []),
    `URL:${booking.url}`,
    `STATUS:${booking.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
