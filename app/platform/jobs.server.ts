// Periodic jobs, run once per period by the whole fleet of instances
// (docs/decisions/0016-jobs-across-instances.md). Time is cut into slots of the job's period
// (00:00–00:01, 00:01–00:02, … for a minute); the first instance to take the job's advisory lock
// for the slot runs it and keeps the lock until the slot is over, so the others skip it. An
// instance that dies lets its lock go with its connection, and another one runs the slot again:
// every job must be safe to run twice, each due item taken by one conditional statement (a status
// changed from, an outbox row claimed). A new job: a PeriodicJob on its capability's server door,
// listed in app/entry.server.tsx.
import { releaseJobLock, tryJobLock } from "~/platform/fleet.server";
import { logger } from "~/platform/logger.server";
import { recordJobRun } from "~/platform/metrics.server";

export interface PeriodicJob {
  /** Unique and stable: it names the job's lock and its log lines. */
  name: string;
  /** The fleet runs it once in every period of this length. */
  everyMs: number;
  /** What it did (counts), for the log. */
  run(now: Date): Promise<Record<string, number> | void>;
}

export type JobOutcome = "ran" | "failed" | "done this period" | "taken by another instance" | "running";

/** The slot this instance last ran each job in. */
const ranInSlot = new Map<string, number>();
const running = new Map<string, Promise<JobOutcome>>();

/** Runs the job unless it already ran in this period, here or on another instance. */
export function runJobIfDue(job: PeriodicJob, now = new Date()): Promise<JobOutcome> {
  if (running.has(job.name)) return Promise.resolve("running");
  const attempt = attemptJob(job, now)
    .catch((error: Error) => {
      // The lock could not be asked for (the database is away): the next check tries again.
      logger.warn({ job: job.name, error: error.message }, "job not started");
      return "failed" as const;
    })
    .finally(() => running.delete(job.name));
  running.set(job.name, attempt);
  return attempt;
}

async function attemptJob(job: PeriodicJob, now: Date): Promise<JobOutcome> {
  const slot = Math.floor(now.getTime() / job.everyMs);
  const previous = ranInSlot.get(job.name);
  if (previous === slot) return "done this period";
  // The lock of an earlier period is no longer needed.
  if (previous !== undefined) await releaseJobLock(lockName(job, previous));
  if (!(await tryJobLock(lockName(job, slot)))) return "taken by another instance";
  ranInSlot.set(job.name, slot);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const result = await job.run(now);
    recordJobRun(job.name, true, seconds());
    const did = Object.entries(result ?? {}).filter(([, count]) => count > 0);
    if (did.length > 0)
      logger.info({ job: job.name, ...Object.fromEntries(did), durationMs: Math.round(seconds() * 1000) }, "job ran");
    return "ran";
  } catch (error) {
    recordJobRun(job.name, false, seconds());
    logger.warn({ job: job.name, error: (error as Error).message }, "job failed, next period tries again");
    return "failed";
  }
}

function lockName(job: PeriodicJob, slot: number) {
  return `${job.name}@${slot}`;
}

let timers: NodeJS.Timeout[] = [];

/**
 * Checks every job at once and then a few times a period (a slot started while another instance
 * was busy is not missed by much): at start-up, after the migrations.
 */
export function startJobs(jobs: readonly PeriodicJob[]): void {
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error("Two periodic jobs have the same name.");
  for (const job of jobs) {
    const check = () => void runJobIfDue(job);
    check();
    const timer = setInterval(check, Math.max(1_000, Math.min(job.everyMs / 4, 15_000)));
    timer.unref();
    timers.push(timer);
  }
}

/** Stops the checks and waits for the runs in progress (shutdown, before the database closes). */
export async function stopJobs(): Promise<void> {
  for (const timer of timers) clearInterval(timer);
  timers = [];
  await Promise.allSettled(running.values());
}
