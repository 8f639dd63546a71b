// The periodic sweep of bookings, run in every instance (started in app/entry.server.tsx): unpaid
// holds past their deadline expire and give their seats back; confirmed trips whose date has passed
// are completed. Safe with several instances (see app/booking/booking-sweep-store.server.ts). Pages do not
// wait for it: effectiveStatus (app/booking/booking-status.ts) shows an overdue hold as expired at once.
import { completeTrip, expireHold, finishedTrips, overdueHolds } from "~/booking/booking-sweep-store.server";
import { agencyToday } from "~/platform/dates";

const BATCH = 100;

export async function sweepBookings(now: Date = new Date()): Promise<{ expired: number; completed: number }> {
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
  return { expired, completed };
}
