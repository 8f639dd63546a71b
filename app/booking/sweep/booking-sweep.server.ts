// The periodic jobs of bookings (bookingJobs, run once a period by the fleet through
// app/platform/jobs.server.ts): unpaid holds past their deadline expire and give their seats back;
// confirmed trips whose date has passed are completed; travellers' ID numbers are erased
// ID_NUMBER_RETENTION_DAYS after their trip, or after their booking ended without one (cancelled,
// expired). Each item changes once even when two instances run a
// job at once (app/booking/sweep/booking-sweep-store.server.ts). Pages do not wait for them:
// effectiveStatus (app/booking/core/booking-status.ts) shows an overdue hold as expired at once.
import { balanceJobs } from "~/booking/paying/balance-dues.server";
import { checkOpenSessions, retryGatewayRefunds } from "~/booking/paying/gateway-payments.server";
import { claimJobs } from "~/booking/paying/offline-payments.server";
import { bookingMessagesJob } from "~/booking/sweep/booking-messages.server";
import {
  completeTrip,
  eraseIdNumbers,
  expireHold,
  finishedTrips,
  overdueHolds,
} from "~/booking/sweep/booking-sweep-store.server";
import { tripMessagesJob } from "~/booking/sweep/trip-messages.server";
import { remindTravellerDetails } from "~/booking/travellers/traveller-reminders.server";
import { waitlistJob } from "~/booking/waitlist/waitlist.server";
import { agencyToday } from "~/platform/dates";
import { env } from "~/platform/env.server";
import type { PeriodicJob } from "~/platform/jobs.server";

const BATCH = 100;

/** The agency's date `days` before `today` (both YYYY-MM-DD). */
function daysBefore(today: string, days: number): string {
  const [year, month, day] = today.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

async function expireOverdueHolds(now: Date): Promise<{ expired: number }> {
  let expired = 0;
  for (;;) {
    const due = await overdueHolds(now, BATCH);
    for (const { id } of due) if (await expireHold(id)) expired += 1;
    if (due.length < BATCH) return { expired };
  }
}

async function completeFinishedTrips(now: Date): Promise<{ completed: number }> {
  let completed = 0;
  for (;;) {
    const due = await finishedTrips(agencyToday(now), BATCH);
    for (const { id } of due) if (await completeTrip(id)) completed += 1;
    if (due.length < BATCH) return { completed };
  }
}

/** A trip `retentionDays` ago or earlier: its travellers' ID numbers are no longer needed. */
async function eraseOldIdNumbers(now: Date, retentionDays = env().ID_NUMBER_RETENTION_DAYS): Promise<{ erased: number }> {
  const endedBy = new Date(now.getTime() - retentionDays * DAY);
  return { erased: await eraseIdNumbers(daysBefore(agencyToday(now), retentionDays), endedBy, now) };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const bookingJobs: readonly PeriodicJob[] = [
  { name: "expire-holds", everyMs: MINUTE, run: expireOverdueHolds },
  { name: "complete-trips", everyMs: 10 * MINUTE, run: completeFinishedTrips },
  { name: "erase-id-numbers", everyMs: 60 * MINUTE, run: (now) => eraseOldIdNumbers(now) },
  { name: "remind-traveller-details", everyMs: 60 * MINUTE, run: (now) => remindTravellerDetails(now) },
  tripMessagesJob,
  bookingMessagesJob,
  // waitlist offers not taken in time pass to the next party
  waitlistJob,
  ...balanceJobs,
  ...claimJobs,
  // local gateways' sessions left open (a lost callback or IPN): their gateway decides
  { name: "check-gateway-sessions", everyMs: MINUTE, run: (now) => checkOpenSessions(now) },
  // automatic gateway refunds (beyond the balance, after the booking ended) the gateway did not make: asked again
  { name: "retry-gateway-refunds", everyMs: 5 * MINUTE, run: () => retryGatewayRefunds() },
];

/** Every booking job at once, for `now` (tests: a chosen time instead of the clock's periods). */
export async function sweepBookings(
  now: Date = new Date(),
  { retentionDays }: { retentionDays?: number } = {},
): Promise<{ expired: number; completed: number; erased: number }> {
  const { expired } = await expireOverdueHolds(now);
  const { completed } = await completeFinishedTrips(now);
  const { erased } = await eraseOldIdNumbers(now, retentionDays);
  return { expired, completed, erased };
}
