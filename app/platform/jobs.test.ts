// Periodic jobs run once a period by the fleet: here one process, and on PostgreSQL a second
// "instance" played by a connection of the test's own that holds the job's advisory lock.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { announceChange, heldJobLocks, joinFleet, leaveFleet, LINK_NAME, onChange } from "~/platform/fleet.server";
import { type PeriodicJob, runJobIfDue } from "~/platform/jobs.server";

const onPostgres = Boolean(process.env.DATABASE_URL);
const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

function countingJob(name: string): PeriodicJob & { runs: Date[] } {
  const runs: Date[] = [];
  return {
    name,
    everyMs: MINUTE,
    runs,
    async run(now) {
      runs.push(now);
      await new Promise((done) => setTimeout(done, 20));
      return { done: 1 };
    },
  };
}

beforeAll(async () => {
  await db();
  await joinFleet();
});
afterAll(() => leaveFleet());

describe("periodic jobs", () => {
  it("runs a job once in each period, however often it is checked", async () => {
    const job = countingJob("count-once");
    expect(await runJobIfDue(job, at("2030-01-01T10:00:05Z"))).toBe("ran");
    expect(await runJobIfDue(job, at("2030-01-01T10:00:40Z"))).toBe("done this period");
    expect(await runJobIfDue(job, at("2030-01-01T10:01:00Z"))).toBe("ran");
    expect(job.runs.map((run) => run.toISOString())).toEqual(["2030-01-01T10:00:05.000Z", "2030-01-01T10:01:00.000Z"]);
  });

  it("never runs two of the same job at once in one instance", async () => {
    const job = countingJob("not-twice");
    const outcomes = await Promise.all([
      runJobIfDue(job, at("2030-01-01T10:00:00Z")),
      runJobIfDue(job, at("2030-01-01T10:00:00Z")),
    ]);
    expect(outcomes.sort()).toEqual(["ran", "running"]);
    expect(job.runs).toHaveLength(1);
  });

  it("reports a failed run and tries again the next period", async () => {
    let calls = 0;
    const job: PeriodicJob = {
      name: "fails-once",
      everyMs: MINUTE,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error("SMTP down");
      },
    };
    expect(await runJobIfDue(job, at("2030-01-01T10:00:00Z"))).toBe("failed");
    expect(await runJobIfDue(job, at("2030-01-01T10:00:30Z"))).toBe("done this period");
    expect(await runJobIfDue(job, at("2030-01-01T10:01:00Z"))).toBe("ran");
  });

  it.runIf(onPostgres)(
    "skips a period another instance took, and runs it when that instance died without finishing",
    async () => {
      const job = countingJob("other-instance");
      const now = at("2030-01-01T10:00:00Z");
      const slot = Math.floor(now.getTime() / MINUTE);
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      const [{ locked }] = (
        await other.query<{ locked: boolean }>("SELECT pg_try_advisory_lock(72707371, hashtext($1)) AS locked", [
          `${job.name}@${slot}`,
        ])
      ).rows;
      expect(locked).toBe(true);
      expect(await runJobIfDue(job, now)).toBe("taken by another instance");
      expect(job.runs).toHaveLength(0);
      // The other instance's connection ends (the process died): its lock goes with it.
      await other.end();
      expect(await runJobIfDue(job, now)).toBe("ran");
      expect(job.runs).toHaveLength(1);
      // This instance keeps the period's lock until its next period, then lets it go.
      expect(heldJobLocks()).toContain(`${job.name}@${slot}`);
      expect(await runJobIfDue(job, at("2030-01-01T10:01:00Z"))).toBe("ran");
      expect(heldJobLocks()).not.toContain(`${job.name}@${slot}`);
    },
  );
});

describe("changes announced to every instance", () => {
  it("runs this instance's handlers at once", () => {
    let heard = 0;
    onChange("test-local", () => (heard += 1));
    announceChange("test-local");
    expect(heard).toBe(1);
  });

  it.runIf(onPostgres)("reaches another instance listening on the same database", async () => {
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("LISTEN tour_booking_changes");
      const heard = new Promise<string>((done) => other.once("notification", (message) => done(message.payload ?? "")));
      announceChange("test-remote");
      expect(await heard).toMatch(/^[0-9a-f]{12} test-remote$/);
      // And this instance hears the others: a notification from another id runs the handler.
      let handled = 0;
      onChange("test-from-other", () => (handled += 1));
      await other.query("SELECT pg_notify('tour_booking_changes', 'another00000 test-from-other')");
      await expect.poll(() => handled, { timeout: 2_000 }).toBe(1);
    } finally {
      await other.end();
    }
  });

  it.runIf(onPostgres)(
    "opens its link again when the connection is cut, and forgets what it may have missed meanwhile",
    async () => {
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        let handled = 0;
        onChange("test-after-cut", () => (handled += 1));
        const cut = await other.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
          [LINK_NAME],
        );
        expect(cut.rowCount).toBe(1);
        // Reconnected: every handler runs once (a change announced meanwhile went unheard).
        await expect.poll(() => handled, { timeout: 5_000 }).toBe(1);
        await other.query("SELECT pg_notify('tour_booking_changes', 'another00000 test-after-cut')");
        await expect.poll(() => handled, { timeout: 2_000 }).toBe(2);
      } finally {
        await other.end();
      }
    },
  );
});
