// What an operator scrapes from GET /metrics (Prometheus text format, prom-client): requests per
// route pattern, the database pool, the outbox, the periodic jobs, seats held, and the process
// (CPU, memory, event-loop delay). Each instance answers for itself: requests it served, jobs it
// ran, its own pool; the database's figures (outbox, seats) are the same on every instance
// (docs/operations.md, Metrics).
import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { databasePool, queriesRun } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { outboxBacklog } from "~/platform/outbox-store.server";

const PREFIX = "tour_booking_";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: `${PREFIX}http_requests_total`,
      help: "HTTP requests answered, per method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    durations: new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Time to answer an HTTP request (until its last byte was handed to the socket), per method and route pattern",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pool: new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: "PostgreSQL pool connections by state (total, idle, max) and requests waiting for one (waiting); absent on the embedded database, which has one connection and no pool",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.reset();
        const pool = databasePool();
        if (!pool) return;
        for (const state of ["total", "idle", "waiting", "max"] as const) this.set({ state }, pool[state]);
      },
    }),
    queries: new Gauge({
      name: `${PREFIX}db_queries_total`,
      help: "SQL queries this instance has sent since it started",
      registers,
      collect() {
        this.set(queriesRun());
      },
    }),
    outbox: new Gauge({
      name: `${PREFIX}outbox_emails`,
      help: "Unsent emails in the outbox: pending (all), failing (last attempt failed), given_up (no attempts left)",
      labelNames: ["state"] as const,
      registers,
    }),
    outboxAge: new Gauge({
      name: `${PREFIX}outbox_oldest_pending_seconds`,
      help: "Age of the oldest unsent email (0: none)",
      registers,
    }),
    jobSuccess: new Gauge({
      name: `${PREFIX}job_last_success_timestamp_seconds`,
      help: "When this instance last finished the periodic job without error (Unix time)",
      labelNames: ["job"] as const,
      registers,
    }),
    jobDuration: new Gauge({
      name: `${PREFIX}job_last_duration_seconds`,
      help: "How long this instance's last run of the periodic job took",
      labelNames: ["job"] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: `${PREFIX}job_runs_total`,
      help: "Runs of the periodic job on this instance, per outcome (ran, failed)",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    seatsHeld: new Gauge({
      name: `${PREFIX}seats_held`,
      help: "Seats held by unpaid bookings whose hold has not run out, per sales channel",
      labelNames: ["channel"] as const,
      registers,
    }),
  };
}

// One set per process: `npm run dev` loads each new build into the same process, and the server's
// request hook (from the first build) and the route (from the newest) must count into the same one.
const globalForMetrics = globalThis as typeof globalThis & { __tourBookingMetrics?: ReturnType<typeof createMetrics> };
function metrics() {
  globalForMetrics.__tourBookingMetrics ??= createMetrics();
  return globalForMetrics.__tourBookingMetrics;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request (server/start.mjs): `route` is a pattern ("/dashboard/orders/:id"), never a path with ids or tokens. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const { requests, durations } = metrics();
  const knownMethod = METHODS.has(method) ? method : "OTHER";
  requests.inc({ method: knownMethod, route, status: String(status) });
  durations.observe({ method: knownMethod, route }, seconds);
}

/** One run of a periodic job on this instance (app/platform/jobs.server.ts). */
export function recordJobRun(job: string, ok: boolean, seconds: number, now = new Date()): void {
  const { jobSuccess, jobDuration, jobRuns } = metrics();
  jobRuns.inc({ job, outcome: ok ? "ran" : "failed" });
  jobDuration.set({ job }, seconds);
  if (ok) jobSuccess.set({ job }, now.getTime() / 1000);
}

/**
 * Who may read /metrics: null when the request may, else the answer. Without METRICS_TOKEN there
 * is no endpoint (404); otherwise `Authorization: Bearer <METRICS_TOKEN>`, compared in constant
 * time (digests of equal length), or 401.
 */
export function metricsRefusal(request: Request): Response | null {
  const token = env().METRICS_TOKEN;
  if (!token) return new Response("Not found", { status: 404 });
  const given = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (timingSafeEqual(digest(given), digest(token))) return null;
  return new Response("Unauthorized", { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } });
}

/** The Prometheus text of this instance, with the figures read from the database now. */
export async function metricsText(figures: { seatsHeld: { channel: string; seats: number }[] }): Promise<{
  body: string;
  contentType: string;
}> {
  const { registry, outbox, outboxAge, seatsHeld } = metrics();
  const backlog = await outboxBacklog();
  outbox.set({ state: "pending" }, backlog.pending);
  outbox.set({ state: "failing" }, backlog.failing);
  outbox.set({ state: "given_up" }, backlog.givenUp);
  outboxAge.set(backlog.oldestAgeSeconds);
  seatsHeld.reset();
  for (const { channel, seats } of figures.seatsHeld) seatsHeld.set({ channel }, seats);
  return { body: await registry.metrics(), contentType: registry.contentType };
}
