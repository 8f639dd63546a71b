// The bookings whose travellers still lack a name, or an ID number where the package asks one
// (app/booking/travellers/traveller-reminders.server.ts): read in batches, and each reminder marked sent and
// queued in one transaction with the order's row locked, so two instances remind a booking once.
import { bookingFactsSelect } from "~/booking/core/booking-row.server";
import type { EmailMessage } from "~/booking/core/lifecycle-emails";
import { type Prisma } from "~/generated/prisma/client";
import { db, type Tx } from "~/platform/db.server";
import { queueEmail } from "~/platform/outbox-store.server";

/** A live website booking not reminded yet with a name, or a required ID number, still to follow. */
function missingDetails(now: Date) {
  return {
    channel: "WEBSITE",
    deletedAt: null,
    travellersReminderSentAt: null,
    OR: [
      { bookingStatus: "CONFIRMED" },
      { bookingStatus: "PENDING", OR: [{ holdExpiresAt: null }, { holdExpiresAt: { gt: now } }] },
    ],
    AND: [
      {
        OR: [
          { travellers: { some: { name: null } } },
          { service: { idRequired: true }, travellers: { some: { idNumber: null, idErasedAt: null } } },
        ],
      },
    ],
  } satisfies Prisma.OrderWhereInput;
}

const reminderSelect = {
  ...bookingFactsSelect,
  service: { select: { idRequired: true } },
  travellers: { select: { categoryName: true, name: true, idNumber: true, idErasedAt: true }, orderBy: { position: "asc" } },
} as const;

export type TravellersReminderBooking = Prisma.OrderGetPayload<{ select: typeof reminderSelect }>;

/** The bookings to remind travelling from `from` to `until` (YYYY-MM-DD), after `afterId`, by id. */
export async function bookingsMissingDetails(range: { from: string; until: string }, now: Date, limit: number, afterId?: string) {
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where: {
      ...missingDetails(now),
      travelDate: { gte: new Date(`${range.from}T00:00:00Z`), lte: new Date(`${range.until}T00:00:00Z`) },
      ...(afterId ? { id: { gt: afterId } } : {}),
    },
    orderBy: { id: "asc" },
    take: limit,
    select: reminderSelect,
  });
  return { rows, last: rows.at(-1)?.id ?? null, full: rows.length === limit };
}

async function lockMissing(tx: Tx, orderId: string, now: Date): Promise<TravellersReminderBooking | null> {
  await tx.$queryRaw`SELECT "id" FROM "Order" WHERE "id" = ${orderId} FOR UPDATE`;
  return tx.order.findFirst({ where: { id: orderId, ...missingDetails(now) }, select: reminderSelect });
}

/** Marks the reminder sent and queues its email, once; false when it went already or nothing is missing any more. */
export async function sendTravellersReminder(
  orderId: string,
  email: (order: TravellersReminderBooking) => EmailMessage,
  now: Date,
): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const order = await lockMissing(tx, orderId, now);
    if (!order) return false;
    await tx.order.update({ where: { id: orderId }, data: { travellersReminderSentAt: now } });
    await queueEmail(email(order), tx);
    return true;
  });
}
