// Housekeeping: one periodic job (once across instances, app/platform/jobs.server.ts) deleting rows
// nothing reads any more: rate-limit counters past their window, sent emails older than
// OUTBOX_RETENTION_DAYS (they hold names, addresses and booking details), and what the capabilities
// pass in (accounts: expired sessions, used and expired reset links). Each step is one DELETE of
// rows that are dead whatever happens meanwhile, so running it twice is harmless.
import { env } from "~/platform/env.server";
import type { PeriodicJob } from "~/platform/jobs.server";
import { deleteSentEmails } from "~/platform/outbox-store.server";
import { deleteEndedWindows } from "~/platform/rate-limit.server";

/** A step of housekeeping: deletes what is dead at `now` and says how many rows went. */
type Sweep = (now: Date) => Promise<number>;

export function housekeepingJob(capabilities: Record<string, Sweep>): PeriodicJob {
  const steps: Record<string, Sweep> = {
    endedRateLimits: deleteEndedWindows,
    oldSentEmails: (now) => deleteSentEmails(new Date(now.getTime() - env().OUTBOX_RETENTION_DAYS * 86_400_000)),
    ...capabilities,
  };
  return {
    name: "housekeeping",
    everyMs: 60 * 60_000,
    run: async (now) => {
      const deleted: Record<string, number> = {};
      for (const [name, step] of Object.entries(steps)) deleted[name] = await step(now);
      return deleted;
    },
  };
}
