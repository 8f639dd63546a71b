// The periodic sweep of bookings, run in every instance (started in app/entry.server.tsx): unpaid
// holds past their deadline expire and give their seats back; confirmed trips whose date has passed
// are completed; travellers' ID numbers are erased ID_NUMBER_RETENTION_DAYS after their trip. Safe
// with several instances (see app/booking/booking-sweep-store.server.ts). Pages do not wait for it:
// effectiveStatus (app/booking/booking-status.ts) shows an overdue hold as expired at once.
import { completeTrip, eraseIdNumbers, expireHold, finishedTrips, overdueHolds } from "~/booking/booking-sweep-store.server";
import { agencyToday } from "~/platform/dates";
import { env } from "~/platform/env.server";

const BATCH = 100;

/** The agency's date `days` before `today` (both YYYY-MM-DD). */
function daysBefore(today: string, days: number): string {
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

export async function sweepBookings(
  now: Date = new Date(),
  { retentionDays = env().ID_NUMBER_RETENTION_DAYS }: { retentionDays?: number } = {},
): Promise<{ expired: number; completed: number; erased: number }> {
  let expired = 0;
  let completed = 0;
  for (;;) {
    const due = await overdueHolds(now, BATCH);
    for (const { id } of due) if (await expireHold(id)) expired += 1;
    if (due.length < BATCH) break;
  }
  for (;;) {
    const due = await finishedTrips(agencyToday(now), BATCH);
    for (const { id } of due) if (await completeTrip(id)) completed += 1;
    if (due.length < BATCH) break;
  }
  // A trip `retentionDays` ago or earlier: its travellers' ID numbers are no longer needed.
  const erased = await eraseIdNumbers(daysBefore(agencyToday(now), retentionDays), now);
  return { expired, completed, erased };
}
