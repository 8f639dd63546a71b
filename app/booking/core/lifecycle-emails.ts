// The emails of a booking's life after ordering: the payment receipt, a cancellation with its
// refund (to the customer, and a copy to the agency), a departure cancelled by the agency, and a
// payment refunded because it came after the booking's seats were gone. Pure texts, to the ordering
// account's address (BookingFacts.accountEmail); they go to the outbox (app/backoffice/message-store.server.ts)
// in the same transaction as the change they report.
import { travellersOf } from "~/booking/core/traveller-count";
import { formatCalendarDate } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface BookingFacts {
  id: string;
  /** "TB-7K3P9Q": what the customer quotes (app/booking/core/booking-reference.ts) */
  reference: string;
  /**
   * The ordering account's own address: every email of the booking goes there, never to the
   * contact email typed at checkout (anyone can type a stranger's; it stays contact data).
   */
  accountEmail: string;
  firstName: string;
  lastName: string;
  serviceTitle: string;
  /** the seats (an infant on a lap takes none): the travellers are counted from `travellers` */
  quantity: number;
  /** in order, for the travellers' phrase (app/booking/core/traveller-count.ts) */
  travellers: readonly { categoryName: string }[];
  packageType: string;
  priceCents: number;
  /** YYYY-MM-DD, null for an order without a departure */
  travelDate: string | null;
}

/** "Payment received: … [TB-7K3P9Q]": every subject ends with the reference. */
const withReference = (subject: string, order: BookingFacts) => `${subject} [${order.reference}]`;

/** The departure's date as people read it, " on 8 Jan 2027", or "". */
const onDate = (order: BookingFacts) => (order.travelDate ? ` on ${formatCalendarDate(order.travelDate)}` : "");

/** The booking's lines shared by every email: reference, package, date, persons, total. */
function bookingLines(order: BookingFacts): string[] {
  return [
    `Booking reference: ${order.reference}`,
    `Package: ${order.serviceTitle} (${order.packageType})`,
    ...(order.travelDate ? [`Departure date: ${formatCalendarDate(order.travelDate)}`] : []),
    `Travellers: ${
      travellersOf(
        order.travellers.map((traveller) => traveller.categoryName),
        order.quantity,
      ).text
    }`,
    `Total: ${formatDollars(order.priceCents)}`,
  ];
}

/** The receipt sent once a payment is recorded and the booking confirmed. */
export function receiptEmail(
  order: BookingFacts,
  payment: { amountCents: number; transaction: string; last4: string },
  /** the absolute link to the booking's voucher */
  voucherUrl: string,
  /** what is left to pay after this payment, and by when (YYYY-MM-DD) */
  left: { balanceCents: number; balanceDue: string | null } = { balanceCents: 0, balanceDue: null },
): EmailMessage {
  return {
    to: order.accountEmail,
    subject: withReference(`Payment received: ${order.serviceTitle}`, order),
    text: [
      `Dear ${order.firstName},`,
      "",
      `we have received your payment of ${formatDollars(payment.amountCents)} for ${order.serviceTitle}. Your booking is confirmed.`,
      "",
      ...bookingLines(order),
      `Paid: ${formatDollars(payment.amountCents)}${payment.last4 ? ` (card ending in ${payment.last4})` : ""}`,
      `Transaction: ${payment.transaction}`,
      ...(left.balanceCents > 0
        ? [
            `Balance: ${formatDollars(left.balanceCents)}${left.balanceDue ? `, due by ${formatCalendarDate(left.balanceDue)}` : ""}`,
          ]
        : []),
      "",
      `Your voucher (show it at the meeting point): ${voucherUrl}`,
      "Your receipt is also on your order page under My Orders.",
      "Thank you for booking with us.",
    ].join("\n"),
  };
}

export interface CancellationFacts {
  order: BookingFacts;
  refundCents: number;
  /** Stripe's refund id, when money was refunded */
  refundId: string | null;
  /** what the agency owes back of what was paid offline (bKash, Nagad, bank, cash) */
  offlineCents: number;
  reason: string;
  /** "customer", "agency" or "departure" */
  by: "customer" | "agency" | "departure";
}

function refundLines(refundCents: number, refundId: string | null, offlineCents: number): string[] {
  const offline = `Refund of what you paid by bKash, Nagad, bank transfer or cash: ${formatDollars(offlineCents)}. We will send it back the way you paid and email you its reference.`;
  if (refundCents > 0)
    return [
      `Refund: ${formatDollars(refundCents)} to the card you paid with (reference ${refundId}). It usually shows on your statement within 5 to 10 days.`,
      ...(offlineCents > 0 ? [offline] : []),
    ];
  return [offlineCents > 0 ? offline : "Refund: none."];
}

/** To the customer, and a copy to the agency (CONTACT_TO). */
export function cancellationEmails(
  { order, refundCents, refundId, offlineCents, reason, by }: CancellationFacts,
  agency: string,
): EmailMessage[] {
  const customer: EmailMessage =
    by === "departure"
      ? {
          to: order.accountEmail,
          subject: withReference(`Departure cancelled: ${order.serviceTitle}${onDate(order)}`, order),
          text: [
            `Dear ${order.firstName},`,
            "",
            `we are sorry: we had to cancel the departure of ${order.serviceTitle}${onDate(order)}. Your booking is cancelled.`,
            "",
            ...bookingLines(order),
            ...refundLines(refundCents, refundId, offlineCents),
            "",
            "Please contact us if you would like to book another date.",
          ].join("\n"),
        }
      : {
          to: order.accountEmail,
          subject: withReference(`Booking cancelled: ${order.serviceTitle}`, order),
          text: [
            `Dear ${order.firstName},`,
            "",
            by === "customer"
              ? `your booking of ${order.serviceTitle} is cancelled, as you asked.`
              : `your booking of ${order.serviceTitle} was cancelled by our team. Reason: ${reason}`,
            "",
            ...bookingLines(order),
            ...refundLines(refundCents, refundId, offlineCents),
            "",
            "Thank you for considering us.",
          ].join("\n"),
        };
  const copy: EmailMessage = {
    to: agency,
    replyTo: order.accountEmail,
    subject: withReference(`Cancelled: order ${order.id} (${order.serviceTitle})`, order),
    text: [
      `${order.firstName} ${order.lastName} <${order.accountEmail}>: booking cancelled (${by}).`,
      `Reason: ${reason}`,
      "",
      ...bookingLines(order),
      refundCents > 0 ? `Refunded: ${formatDollars(refundCents)} (${refundId})` : "Refunded: nothing",
      ...(offlineCents > 0
        ? [
            `To pay back offline: ${formatDollars(offlineCents)} of what was paid by bKash, Nagad, bank or cash. Record it on the order page once sent; it is listed under Payment claims, Refunds owed.`,
          ]
        : []),
    ].join("\n"),
  };
  return [customer, copy];
}

/** A payment that came after the booking expired or was cancelled, when its seats were gone: refunded in full. */
export function latePaymentRefundEmails(
  order: BookingFacts,
  refund: { cents: number; refundId: string },
  agency: string,
): EmailMessage[] {
  return [
    {
      to: order.accountEmail,
      subject: withReference(`Payment refunded: ${order.serviceTitle}`, order),
      text: [
        `Dear ${order.firstName},`,
        "",
        `your payment for ${order.serviceTitle} arrived after your booking's hold had ended, and its seats are no longer available. We have refunded the whole payment and cancelled the booking.`,
        "",
        ...bookingLines(order),
        ...refundLines(refund.cents, refund.refundId, 0),
        "",
        "Please book another date, or contact us and we will help you find one.",
      ].join("\n"),
    },
    {
      to: agency,
      replyTo: order.accountEmail,
      subject: withReference(`Cancelled: order ${order.id} (${order.serviceTitle})`, order),
      text: [
        `${order.firstName} ${order.lastName} <${order.accountEmail}>: paid after the booking ended and no seats were left; refunded in full.`,
        "",
        ...bookingLines(order),
        `Refunded: ${formatDollars(refund.cents)} (${refund.refundId})`,
      ].join("\n"),
    },
  ];
}

/** A part of the payment refunded (in Stripe's dashboard) while the booking stays as it is. */
export function refundEmails(order: BookingFacts, refund: { cents: number; refundIds: string }, agency: string): EmailMessage[] {
  return [
    {
      to: order.accountEmail,
      subject: withReference(`Refund: ${order.serviceTitle}`, order),
      text: [
        `Dear ${order.firstName},`,
        "",
        `we have refunded ${formatDollars(refund.cents)} of your payment for ${order.serviceTitle}. Your booking is unchanged.`,
        "",
        ...bookingLines(order),
        ...refundLines(refund.cents, refund.refundIds, 0),
      ].join("\n"),
    },
    {
      to: agency,
      replyTo: order.accountEmail,
      subject: withReference(`Refund recorded: order ${order.id} (${order.serviceTitle})`, order),
      text: [
        `Refunded in the payment provider's dashboard: ${formatDollars(refund.cents)} (${refund.refundIds})`,
        "",
        ...bookingLines(order),
      ].join("\n"),
    },
  ];
}

/** An offline refund the agency recorded: the customer is told how and with which reference. */
export function offlineRefundEmail(
  order: BookingFacts,
  refund: { cents: number; method: string; reference: string; creditNoteNumber: string },
): EmailMessage {
  return {
    to: order.accountEmail,
    subject: withReference(`Refund: ${order.serviceTitle}`, order),
    text: [
      `Dear ${order.firstName},`,
      "",
      `we have paid back ${formatDollars(refund.cents)} of your payment for ${order.serviceTitle} by ${refund.method} (reference ${refund.reference}).`,
      `Credit note: ${refund.creditNoteNumber}.`,
      "",
      ...bookingLines(order),
    ].join("\n"),
  };
}

/** A balance still to pay: 7 days and 1 day before its day (app/booking/paying/balance-dues.server.ts). */
export function balanceReminderEmail(
  order: BookingFacts,
  balance: { cents: number; dueDate: string; daysLeft: number },
  /** the absolute link to the booking's payment page */
  payUrl: string,
): EmailMessage {
  const when = balance.daysLeft <= 0 ? "today" : balance.daysLeft === 1 ? "tomorrow" : `in ${balance.daysLeft} days`;
  return {
    to: order.accountEmail,
    subject: withReference(`Balance due ${when}: ${order.serviceTitle}`, order),
    text: [
      `Dear ${order.firstName},`,
      "",
      `the balance of ${formatDollars(balance.cents)} for ${order.serviceTitle}${onDate(order)} is due by ${formatCalendarDate(balance.dueDate)}.`,
      "If it is not paid by then, the booking will be cancelled and its seats given to other travellers; the deposit is not refunded.",
      "",
      ...bookingLines(order),
      `Balance: ${formatDollars(balance.cents)}, due by ${formatCalendarDate(balance.dueDate)}`,
      "",
      `Pay by card or send a bKash/Nagad transaction ID: ${payUrl}`,
    ].join("\n"),
  };
}

/** A booking cancelled because its balance was not paid in time: to the customer, and a copy to the agency. */
export function overdueCancellationEmails(
  order: BookingFacts,
  money: { paidCents: number; dueDate: string },
  agency: string,
): EmailMessage[] {
  const kept = money.paidCents > 0 ? `The ${formatDollars(money.paidCents)} paid is kept as the deposit.` : "";
  return [
    {
      to: order.accountEmail,
      subject: withReference(`Booking cancelled: ${order.serviceTitle}`, order),
      text: [
        `Dear ${order.firstName},`,
        "",
        `your booking of ${order.serviceTitle} is cancelled because its balance was not paid by ${formatCalendarDate(money.dueDate)}. ${kept}`.trim(),
        "",
        ...bookingLines(order),
        "",
        "Please contact us if you would still like to travel with us.",
      ].join("\n"),
    },
    {
      to: agency,
      replyTo: order.accountEmail,
      subject: withReference(`Cancelled, balance overdue: order ${order.id} (${order.serviceTitle})`, order),
      text: [
        `${order.firstName} ${order.lastName} <${order.accountEmail}>: booking cancelled, balance due ${formatCalendarDate(money.dueDate)} not paid.`,
        "",
        ...bookingLines(order),
        `Paid and kept: ${formatDollars(money.paidCents)}`,
      ].join("\n"),
    },
  ];
}

/** A card payment that arrived when the balance was paid already (offline, say): its excess went back at once. */
export function overpaymentRefundEmails(
  order: BookingFacts,
  refund: { cents: number; refundIds: string },
  agency: string,
): EmailMessage[] {
  return [
    {
      to: order.accountEmail,
      subject: withReference(`Refund: ${order.serviceTitle}`, order),
      text: [
        `Dear ${order.firstName},`,
        "",
        `your card payment for ${order.serviceTitle} arrived after the booking was already paid, so we have refunded ${formatDollars(refund.cents)} of it to your card. Your booking is unchanged.`,
        "",
        ...bookingLines(order),
        ...refundLines(refund.cents, refund.refundIds, 0),
      ].join("\n"),
    },
    {
      to: agency,
      replyTo: order.accountEmail,
      subject: withReference(`Overpayment refunded: order ${order.id} (${order.serviceTitle})`, order),
      text: [
        `A card payment beyond the balance was refunded automatically: ${formatDollars(refund.cents)} (${refund.refundIds})`,
        "",
        ...bookingLines(order),
      ].join("\n"),
    },
  ];
}

/** A bKash/Nagad claim closed because its booking was cancelled: the customer is told. */
export function claimClosedEmail(
  order: BookingFacts,
  claim: { method: string; amountCents: number; reference: string },
): EmailMessage {
  return {
    to: order.accountEmail,
    subject: withReference(`Payment claim closed: ${order.serviceTitle}`, order),
    text: [
      `Dear ${order.firstName},`,
      "",
      `your ${claim.method} payment of ${formatDollars(claim.amountCents)} (transaction ${claim.reference}) was not verified before the booking was cancelled, so its claim is closed: booking cancelled.`,
      "If you did send this money, reply to this email with the transaction and we will pay it back.",
      "",
      ...bookingLines(order),
    ].join("\n"),
  };
}

/** A claim that has waited PAYMENT_CLAIM_HOLD_HOURS: the administrators are reminded to decide it. */
export function claimReminderEmail(
  claim: { bookingReference: string; method: string; amountCents: number; reference: string; waitingHours: number },
  agency: string,
  claimsUrl: string,
): EmailMessage {
  return {
    to: agency,
    subject: `Payment claim waiting ${claim.waitingHours} hours: booking ${claim.bookingReference}`,
    text: [
      `A ${claim.method} payment claim of ${formatDollars(claim.amountCents)} (transaction ${claim.reference}) for booking ${claim.bookingReference} still awaits verification.`,
      "Its booking's seats are no longer kept for it: please accept or reject it.",
      "",
      claimsUrl,
    ].join("\n"),
  };
}

/**
 * Names or ID numbers still to follow some days before the travellers' cutoff (once a booking:
 * app/booking/travellers/traveller-reminders.server.ts).
 */
export function travellersReminderEmail(
  order: BookingFacts,
  /** "2 names and 1 ID number to follow" (detailsToFollowText) */
  missing: string,
  /** until when the customer can give them, as people read it */
  cutoff: string,
  /** the absolute link to the booking's page */
  orderUrl: string,
): EmailMessage {
  return {
    to: order.accountEmail,
    subject: withReference(`Travellers' details needed: ${order.serviceTitle}`, order),
    text: [
      `Dear ${order.firstName},`,
      "",
      `your booking of ${order.serviceTitle}${onDate(order)} still has ${missing}.`,
      `Please add them on the booking's page by ${cutoff}: after that, only the agency can change them.`,
      "",
      ...bookingLines(order),
      "",
      `Add the travellers' details: ${orderUrl}`,
    ].join("\n"),
  };
}
