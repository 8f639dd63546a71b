// The emails of a new booking (written to the outbox with the order, app/booking/core/booking-store.server.ts):
// "booking received" to the ordering account's address, with the link to pay before the hold ends,
// and a notice to the agency. The contact email typed at checkout is only shown to the agency:
// anyone can type a stranger's, and the site must not mail them "please pay" with a link.
import { travellersOf } from "~/booking/core/traveller-count";
import { formatCalendarDate, formatDateTime } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

interface NewBooking {
  orderId: string;
  /** "TB-7K3P9Q" (app/booking/core/booking-reference.ts) */
  reference: string;
  /** the site's origin, for the absolute link */
  origin: string;
  title: string;
  /** YYYY-MM-DD, or null for a package without departures */
  travelDate: string | null;
  /** the travellers' categories in order (app/booking/core/traveller-count.ts) */
  travellers: readonly string[];
  priceCents: number;
  holdExpiresAt: Date | null;
  /** the ordering account's own address: the only one the site mails */
  accountEmail: string;
  /** as typed at checkout: contact data for the agency */
  customer: { name: string; email: string; mobileNumber: string };
}

/** "24 Nov 2026, 18:30 (Dhaka time)": a reader abroad is told whose clock it is. */
function formatDeadline(date: Date): string {
  return `${formatDateTime(date)} (Dhaka time)`;
}

/** The customer's email (to their account's address) and the agency's (to `agency`, CONTACT_TO). */
export function bookingEmails(
  booking: NewBooking,
  agency: string,
): { to: string; subject: string; text: string; replyTo?: string }[] {
  const persons = travellersOf(booking.travellers, booking.travellers.length).text;
  const date = booking.travelDate ? formatCalendarDate(booking.travelDate) : null;
  const facts = [
    `Booking reference: ${booking.reference}`,
    `Package: ${booking.title}`,
    ...(date ? [`Date: ${date}`] : []),
    `Travellers: ${persons}`,
    `Total: ${formatDollars(booking.priceCents)}`,
  ];
  const payLink = `${booking.origin}/dashboard/payment/${booking.orderId}`;
  return [
    {
      to: booking.accountEmail,
      subject: `Booking received: ${booking.title}${date ? `, ${date}` : ""} [${booking.reference}]`,
      text: [
        `Hello ${booking.customer.name},`,
        "",
        "Thank you for your booking. We have received it:",
        "",
        ...facts,
        "",
        booking.holdExpiresAt
          ? `Your seats are held until ${formatDeadline(booking.holdExpiresAt)}. Please pay before then, or the booking expires:`
          : "You can pay it here:",
        payLink,
        "",
        "Tour Booking",
      ].join("\n"),
    },
    {
      to: agency,
      replyTo: booking.accountEmail,
      subject: `New booking: ${booking.title}${date ? `, ${date}` : ""} (${persons}) [${booking.reference}]`,
      text: [
        `${booking.customer.name} (${booking.customer.email}, ${booking.customer.mobileNumber}) booked:`,
        `Account: ${booking.accountEmail}`,
        "",
        ...facts,
        ...(booking.holdExpiresAt ? [`Held unpaid until: ${formatDeadline(booking.holdExpiresAt)}`] : []),
        "",
        `Order ${booking.orderId}`,
      ].join("\n"),
    },
  ];
}
