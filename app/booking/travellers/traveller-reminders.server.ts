// A booking placed with names or ID numbers to follow (the checkout and the API take it so) gets
// one email REMINDER_HOURS before its travellers' cutoff (TRAVELLERS_CUTOFF_HOURS before the
// departure), while something is still missing: a periodic job of bookingJobs, once across
// instances (app/platform/jobs.server.ts), each booking reminded once
// (app/booking/travellers/traveller-reminder-store.server.ts).
import { bookingFacts } from "~/booking/cancelling/cancellation.server";
import { travellersReminderEmail } from "~/booking/core/lifecycle-emails";
import { dateDaysBefore } from "~/booking/core/payment-plan";
import { travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { bookingsMissingDetails, sendTravellersReminder } from "~/booking/travellers/traveller-reminder-store.server";
import { detailsToFollow, detailsToFollowText } from "~/booking/travellers/travellers";
import { agencyToday, formatDateTime, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { publicUrl } from "~/platform/public-url.server";

/** How long before the cutoff the reminder goes: three days to find the names and ID numbers. */
export const REMINDER_HOURS = 72;

const HOUR = 3_600_000;
const BATCH = 200;

/** Queues the reminders due at `now`; returns how many went. */
export async function remindTravellerDetails(
  now: Date,
  cutoffHours = env().TRAVELLERS_CUTOFF_HOURS,
): Promise<{ reminded: number }> {
  const today = agencyToday(now);
  // Every date whose reminder can be due: the exact moment is checked per booking below.
  const range = { from: today, until: dateDaysBefore(today, -(Math.ceil((cutoffHours + REMINDER_HOURS) / 24) + 1)) };
  let reminded = 0;
  let after: string | undefined;
  for (;;) {
    const { rows, last, full } = await bookingsMissingDetails(range, now, BATCH, after);
    for (const order of rows) {
      const cutoff = travellersCutoff(isoDate(order.travelDate!), cutoffHours);
      if (now.getTime() < cutoff.getTime() - REMINDER_HOURS * HOUR || now >= cutoff) continue;
      const sent = await sendTravellersReminder(
        order.id,
        (locked) => {
          const missing = detailsToFollow(
            locked.travellers.map((traveller) => ({ ...traveller, idErased: traveller.idErasedAt !== null })),
            locked.service?.idRequired ?? false,
          );
          return travellersReminderEmail(
            bookingFacts(locked),
            detailsToFollowText(missing) ?? "details to follow",
            `${formatDateTime(cutoff)} (Dhaka time)`,
            publicUrl(`/dashboard/orders/${locked.id}`),
          );
        },
        now,
      );
      if (sent) reminded += 1;
    }
    if (!full || !last) return { reminded };
    after = last;
  }
}
