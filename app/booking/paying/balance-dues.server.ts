// The periodic jobs of balances (run once a period across instances, app/platform/jobs.server.ts):
// a reminder 7 days and 1 day before a booking's balance day, and cancellation once the day and
// BALANCE_GRACE_DAYS have passed with a balance left. The deposit is kept (DESIGN.md §13: deposits
// are not refunded); the seats go back to the departure. Each booking changes once
// (app/booking/paying/balance-dues-store.server.ts).
import { bookingFacts, claimClosedEmailOf } from "~/booking/cancelling/cancellation.server";
import { balanceReminderEmail, overdueCancellationEmails } from "~/booking/core/lifecycle-emails";
import { dateDaysBefore } from "~/booking/core/payment-plan";
import { daysUntil, isOverdue, lastOverdueDueDate, reminderDue } from "~/booking/paying/balance-dues";
import {
  bookingsWithBalanceDue,
  cancelOverdue,
  sendBalanceReminder,
  type BalanceDueBooking,
} from "~/booking/paying/balance-dues-store.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import type { PeriodicJob } from "~/platform/jobs.server";
import { publicUrl } from "~/platform/public-url.server";

const BATCH = 200;

/** Every booking whose balance day is in the given range, a batch at a time. */
async function* owing(range: { from?: string; until: string }) {
  let after: string | undefined;
  for (;;) {
    const { rows, last, full } = await bookingsWithBalanceDue(range, BATCH, after);
    yield* rows;
    if (!full || !last) return;
    after = last;
  }
}

const dueDateOf = (order: BalanceDueBooking) => isoDate(order.balanceDueDate!);

/** Queues the reminders due today (Dhaka): balance days from today to 7 days ahead. */
export async function sendBalanceReminders(now: Date): Promise<{ reminded: number }> {
  const today = agencyToday(now);
  let reminded = 0;
  for await (const order of owing({ from: today, until: dateDaysBefore(today, -7) })) {
    const which = reminderDue(dueDateOf(order), today, {
      sevenDays: order.balanceReminder7SentAt !== null,
      oneDay: order.balanceReminder1SentAt !== null,
    });
    if (!which) continue;
    const sent = await sendBalanceReminder(
      order.id,
      which,
      (locked) =>
        balanceReminderEmail(
          bookingFacts(locked),
          {
            cents: locked.priceCents - locked.paidCents,
            dueDate: dueDateOf(locked),
            daysLeft: daysUntil(dueDateOf(locked), today),
          },
          publicUrl(`/dashboard/payment/${locked.id}`),
        ),
      now,
    );
    if (sent) reminded += 1;
  }
  return { reminded };
}

/** Cancels the bookings whose balance day and grace period have passed. */
export async function cancelOverdueBookings(now: Date, graceDays = env().BALANCE_GRACE_DAYS): Promise<{ cancelled: number }> {
  const today = agencyToday(now);
  const lastDueDate = lastOverdueDueDate(today, graceDays);
  let cancelled = 0;
  for await (const order of owing({ until: lastDueDate })) {
    if (!isOverdue(dueDateOf(order), today, graceDays)) continue;
    const done = await cancelOverdue(
      order.id,
      lastDueDate,
      (locked) =>
        overdueCancellationEmails(
          bookingFacts(locked),
          { paidCents: locked.paidCents, dueDate: dueDateOf(locked) },
          env().CONTACT_TO,
        ),
      claimClosedEmailOf,
      new Date(now.getTime() - env().PAYMENT_CLAIM_HOLD_HOURS * 3_600_000),
    );
    if (done) cancelled += 1;
  }
  return { cancelled };
}

const MINUTE = 60_000;

export const balanceJobs: readonly PeriodicJob[] = [
  { name: "balance-reminders", everyMs: 15 * MINUTE, run: sendBalanceReminders },
  { name: "overdue-balances", everyMs: 15 * MINUTE, run: (now) => cancelOverdueBookings(now) },
];
