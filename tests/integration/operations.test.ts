// What an operator sees and what the fleet cleans up (docs/operations.md): /metrics without a
// token configured, the figures it reads from the database and the jobs, and housekeeping.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsHousekeeping } from "~/accounts/index.server";
import { seatsHeldNow } from "~/booking/index.server";
import { db } from "~/platform/db.server";
import { joinFleet, leaveFleet } from "~/platform/fleet.server";
import { housekeepingJob } from "~/platform/housekeeping.server";
import { runJobIfDue } from "~/platform/jobs.server";
import { metricsText } from "~/platform/metrics.server";
import { queueEmail } from "~/platform/outbox-store.server";
import * as metrics from "~/routes/metrics";
import { createUser } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { ORIGIN } from "../support/requests";

// On PostgreSQL a job runs under the fleet's advisory lock, taken through its link.
beforeAll(async () => {
  await db();
  await joinFleet();
});
afterAll(() => leaveFleet());

const DAY = 86_400_000;

/** The value of a sample line (`name{labels} value`) of the text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("does not exist while METRICS_TOKEN is unset, even with a bearer token", async () => {
    expect(process.env.METRICS_TOKEN).toBeUndefined();
    const answer = await metrics.loader({
      request: new Request(new URL("/metrics", ORIGIN), { headers: { Authorization: "Bearer anything-at-all-here" } }),
      params: {},
      context: {},
    });
    expect(answer.status).toBe(404);
  });

  it("reports seats held, the outbox's backlog and each job's last success and duration", async () => {
    const owner = await createUser();
    const order = await placeTestOrder(owner.id, { quantity: "3" });
    expect(order.bookingStatus).toBe("PENDING");
    await queueEmail({ to: "backlog@example.com", subject: "Waiting", text: "In the outbox" });
    const name = `metrics-probe-${randomUUID()}`;
    const job = { name, everyMs: 60_000, run: async () => ({ probed: 1 }) };
    const before = Date.now() / 1000;
    expect(await runJobIfDue(job)).toBe("ran");
    const held = await seatsHeldNow();
    const { body, contentType } = await metricsText({ seatsHeld: held });
    expect(contentType).toContain("text/plain");
    expect(sample(body, 'tour_booking_seats_held{channel="website"}')).toBeGreaterThanOrEqual(3);
    expect(sample(body, 'tour_booking_seats_held{channel="reseller"}')).toBeGreaterThanOrEqual(0);
    expect(sample(body, 'tour_booking_outbox_emails{state="pending"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'tour_booking_outbox_emails{state="failing"}')).toBeGreaterThanOrEqual(0);
    expect(sample(body, "tour_booking_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(body, `tour_booking_job_last_success_timestamp_seconds{job="${name}"}`)).toBeGreaterThanOrEqual(
      Math.floor(before),
    );
    expect(sample(body, `tour_booking_job_last_duration_seconds{job="${name}"}`)).toBeLessThan(5);
    expect(sample(body, `tour_booking_job_runs_total{job="${name}",outcome="ran"}`)).toBe(1);
    // the pool exists on the PostgreSQL server only
    const max = sample(body, 'tour_booking_db_pool_connections{state="max"}');
    if (process.env.DATABASE_URL) expect(max).toBeGreaterThan(0);
    else expect(max).toBeUndefined();
  });
});

describe("housekeeping", () => {
  it("deletes ended rate-limit windows, expired sessions, spent reset links and emails sent more than OUTBOX_RETENTION_DAYS ago, and keeps the rest", async () => {
    const prisma = await db();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const user = await createUser();
    const tag = user.id;
    await prisma.rateLimit.createMany({
      data: [
        // login's window is 15 minutes, a reset's an hour, a known address's 30 days
        { key: `login:address:${tag}-old`, count: 3, windowStart: ago(20 * 60_000) },
        { key: `login:address:${tag}-live`, count: 3, windowStart: ago(5 * 60_000) },
        { key: `password-reset:account:${tag}-live`, count: 3, windowStart: ago(20 * 60_000) },
        { key: `signed-in:${tag}-recent 192.0.2.1`, count: 1, windowStart: ago(10 * DAY) },
        { key: `signed-in:${tag}-old 192.0.2.1`, count: 1, windowStart: ago(31 * DAY) },
      ],
    });
    await prisma.session.createMany({
      data: [
        { id: `${tag}-expired`, userId: user.id, expiresAt: ago(60_000) },
        { id: `${tag}-live`, userId: user.id, expiresAt: new Date(now.getTime() + DAY) },
      ],
    });
    await prisma.passwordReset.createMany({
      data: [
        { tokenHash: `${tag}-used`, userId: user.id, expiresAt: new Date(now.getTime() + 60_000), usedAt: ago(1000) },
        { tokenHash: `${tag}-expired`, userId: user.id, expiresAt: ago(1000) },
        { tokenHash: `${tag}-live`, userId: user.id, expiresAt: new Date(now.getTime() + 60_000) },
      ],
    });
    const email = (subject: string, sentAt: Date | null) => ({ to: `${tag}@example.com`, subject, text: "Hello", sentAt });
    await prisma.outboxEmail.createMany({
      data: [email("old", ago(31 * DAY)), email("recent", ago(29 * DAY)), email("unsent", null)],
    });

    const deleted = await housekeepingJob(accountsHousekeeping).run(now);
    expect(deleted).toMatchObject({ expiredSessions: expect.any(Number), spentResetLinks: expect.any(Number) });

    const keys = (await prisma.rateLimit.findMany({ where: { key: { contains: tag } } })).map((row) => row.key).sort();
    expect(keys).toEqual([
      `login:address:${tag}-live`,
      `password-reset:account:${tag}-live`,
      `signed-in:${tag}-recent 192.0.2.1`,
    ]);
    expect((await prisma.session.findMany({ where: { userId: user.id } })).map((row) => row.id)).toEqual([`${tag}-live`]);
    expect((await prisma.passwordReset.findMany({ where: { userId: user.id } })).map((row) => row.tokenHash)).toEqual([
      `${tag}-live`,
    ]);
    const subjects = (await prisma.outboxEmail.findMany({ where: { to: `${tag}@example.com` } })).map((row) => row.subject);
    expect(subjects.sort()).toEqual(["recent", "unsent"]);
  });
});
