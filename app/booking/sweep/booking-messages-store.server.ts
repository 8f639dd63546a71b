// The bookings whose emails of the last days (confirmation, balance reminders, travellers'
// details) still want their SMS and WhatsApp twin: what those messages say and who reads them.
import { db } from "~/platform/db.server";

const bookingMessageSelect = {
  id: true,
  reference: true,
  serviceTitle: true,
  mobileNumber: true,
  email: true,
  quantity: true,
  priceCents: true,
  paidCents: true,
  travelDate: true,
  balanceDueDate: true,
  bookingStatus: true,
  updatedAt: true,
  balanceReminder7SentAt: true,
  balanceReminder1SentAt: true,
  travellersReminderSentAt: true,
  user: { select: { language: true, messagesOptOut: true } },
  _count: { select: { travellers: true } },
} as const;

/**
 * Website bookings changed since `since` that were confirmed, or whose balance or travellers'
 * reminder email went since then (resellers tell their own customers).
 */
export async function bookingsToMessage(since: Date, take: number, after?: string) {
  const prisma = await db();
  return prisma.order.findMany({
    where: {
      deletedAt: null,
      channel: "WEBSITE",
      OR: [
        { bookingStatus: "CONFIRMED", updatedAt: { gte: since } },
        { balanceReminder7SentAt: { gte: since } },
        { balanceReminder1SentAt: { gte: since } },
        { travellersReminderSentAt: { gte: since } },
      ],
      ...(after ? { id: { gt: after } } : {}),
    },
    orderBy: { id: "asc" },
    take,
    select: bookingMessageSelect,
  });
}
