// GET /metrics of a running production server (docs/operations.md, Metrics): only with the bearer
// token, requests counted per route pattern (never a path's ids or a link's token), the pool, the
// jobs; and LOG_LEVEL=warn keeps the info lines out of the log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, type AppProcess, type TestDatabase } from "./support/app";

const TOKEN = "reliability-metrics-token";
const RESET_SECRET = "S3cretResetTokenS3cretResetTokenS3cretRes_x";
const ORDER_ID = "00000000-0000-4000-8000-00000000abcd";

let database: TestDatabase;
let app: AppProcess;

beforeAll(async () => {
  database = await createDatabase("metrics");
  app = await startApp(database.url, { METRICS_TOKEN: TOKEN, LOG_LEVEL: "warn" });
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.origin + path, { headers, redirect: "manual" });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("GET /metrics", () => {
  it("answers 401 without the bearer token or with another one", async () => {
    const missing = await get("/metrics");
    expect(missing.status).toBe(401);
    expect(missing.headers.get("WWW-Authenticate")).toContain("Bearer");
    expect((await get("/metrics", { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get("/metrics", { Authorization: TOKEN })).status).toBe(401);
  });

  it("counts requests per route pattern with their durations, and shows the pool and the jobs", async () => {
    expect((await get("/healthz")).status).toBe(200);
    await get(`/reset-password/${RESET_SECRET}`);
    await get(`/order/${ORDER_ID}`);
    const { status, headers, text } = await get("/metrics", { Authorization: `Bearer ${TOKEN}` });
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toContain("text/plain");
    expect(text).toMatch(/tour_booking_http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/tour_booking_http_request_duration_seconds_count\{method="GET",route="\/healthz"\} [1-9]/);
    expect(text).toContain('route="/reset-password/:token?"');
    expect(text).toContain('route="/order/:id"');
    // no path of a request, only patterns
    expect(text).not.toContain(RESET_SECRET);
    expect(text).not.toContain(ORDER_ID);
    expect(text).toMatch(/tour_booking_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/tour_booking_db_pool_connections\{state="waiting"\} \d+/);
    // the jobs ran at start-up
    expect(text).toMatch(/tour_booking_job_last_success_timestamp_seconds\{job="housekeeping"\} \d/);
    expect(text).toMatch(/tour_booking_job_last_duration_seconds\{job="outbox"\} \d/);
    expect(text).toMatch(/tour_booking_seats_held\{channel="website"\} \d+/);
    expect(text).toMatch(/tour_booking_outbox_emails\{state="pending"\} \d+/);
    expect(text).toContain("tour_booking_nodejs_eventloop_lag_seconds");
  });

  it("logs nothing below LOG_LEVEL (warn): no request or start-up info lines", () => {
    const levels = app
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { level: string }).level);
    expect(levels).not.toContain("info");
  });
});
