// When a booking's balance asks for something (no I/O): a reminder 7 days and 1 day before the
// balance's day, and cancellation once the day plus BALANCE_GRACE_DAYS has passed. Dates are the
// agency's calendar days (YYYY-MM-DD, Asia/Dhaka). The jobs (balance-dues.server.ts) and the
// order lists' filters read these rules.
import { dateDaysBefore } from "~/booking/core/payment-plan";

export type BalanceReminder = "7-days" | "1-day";

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 on the day itself, negative after it. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day.slice(0, 10)}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder due today, or null. A reminder whose day was missed (no job ran) still goes while
 * the balance's day has not passed; the 1-day one replaces the 7-day one when both are late.
 */
export function reminderDue(
  balanceDueDate: string,
  today: string,
  sent: { sevenDays: boolean; oneDay: boolean },
): BalanceReminder | null {
  const days = daysUntil(balanceDueDate, today);
  if (days < 0 || days > 7) return null;
  if (days <= 1) return sent.oneDay ? null : "1-day";
  return sent.sevenDays ? null : "7-days";
}

/** The last balance day whose bookings are overdue today: a day before `today − graceDays`. */
export function lastOverdueDueDate(today: string, graceDays: number): string {
  return dateDaysBefore(today, graceDays + 1);
}

/** Past its day plus the grace period, with a balance left: the booking is cancelled. */
export function isOverdue(balanceDueDate: string, today: string, graceDays: number): boolean {
  return balanceDueDate.slice(0, 10) <= lastOverdueDueDate(today, graceDays);
}
