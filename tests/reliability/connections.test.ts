// Keep-alive connections after an answer that came before the request body was read: a refused
// login, 401/403/405, a guard's 411/413, the webhook's 400. On one raw TCP socket, a second
// request sent after the first answer must be answered at once (server/unread-body.mjs), for
// bodies sent with Content-Length and chunked; a body over the drain bound closes the connection
// once the server has read that much. A chunked body over a limit gets the documented 413, not a reset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, type AppProcess, type TestDatabase } from "./support/app";
import { recordFigures, percentile } from "./support/figures";
import { RawConnection, type RawResponse } from "./support/raw-http";

let database: TestDatabase;
let app: AppProcess;

beforeAll(async () => {
  database = await createDatabase("connections");
  app = await startApp(database.url, { STRIPE_WEBHOOK_SECRET: "whsec_reliability" });
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

const KB = 1024;
const SIZES = [16 * KB, 127 * KB, 200 * KB, 2048 * KB];
/** Beyond server/unread-body.mjs's DRAIN_MAX_BYTES (4 MB). */
const HUGE = 6 * 1024 * KB;
/** An answer "at once"; a stalled connection waits for the 65 s keep-alive timeout. */
const PROMPT_MS = 1_000;
const WAIT_MS = 3_000;

type Kind = "json" | "form";

function body(kind: Kind, size: number): Buffer {
  const prefix = kind === "json" ? '{"title":"' : "title=";
  const suffix = kind === "json" ? '"}' : "";
  return Buffer.from(prefix + "a".repeat(size - prefix.length - suffix.length) + suffix);
}

interface Endpoint {
  name: string;
  method: string;
  path: string;
  kind: Kind;
  /** the status of a body of this size, sent chunked or with Content-Length */
  status: (size: number, chunked: boolean) => number;
}

// Page posts pass server/request-guards.mjs's formBodyGuard only with a length of at most 128 KB.
const pageStatus = (status: number) => (size: number, chunked: boolean) => (chunked ? 411 : size > 128 * KB ? 413 : status);

const ENDPOINTS: Endpoint[] = [
  { name: "POST /api/services (anonymous)", method: "POST", path: "/api/services", kind: "json", status: () => 401 },
  { name: "PUT /api/services", method: "PUT", path: "/api/services", kind: "json", status: () => 405 },
  { name: "POST /api/review (anonymous)", method: "POST", path: "/api/review", kind: "json", status: () => 401 },
  { name: "POST /webhooks/stripe (no signature)", method: "POST", path: "/webhooks/stripe", kind: "json", status: () => 400 },
  {
    name: "POST /dashboard/addProduct (anonymous)",
    method: "POST",
    path: "/dashboard/addProduct",
    kind: "form",
    status: pageStatus(403),
  },
  { name: "POST /about", method: "POST", path: "/about", kind: "form", status: pageStatus(405) },
];

const CONTENT_TYPE: Record<Kind, string> = { json: "application/json", form: "application/x-www-form-urlencoded" };

interface Trial {
  label: string;
  first: RawResponse | null;
  second: RawResponse | null;
  /** from sending the second request to its whole answer */
  secondMs: number;
}

/** The request, then (after its answer) GET /healthz on the same socket. */
async function twoInARow(endpoint: Endpoint, size: number, chunked: boolean): Promise<Trial> {
  const connection = await RawConnection.open(app.origin);
  try {
    connection.send({
      method: endpoint.method,
      path: endpoint.path,
      headers: { "Content-Type": CONTENT_TYPE[endpoint.kind], Origin: app.origin },
      body: body(endpoint.kind, size),
      chunked,
    });
    const first = await connection.response(WAIT_MS);
    const started = performance.now();
    connection.send({ method: "GET", path: "/healthz" });
    const second = await connection.response(WAIT_MS);
    const label = `${endpoint.name}, ${size / KB} KB ${chunked ? "chunked" : "with Content-Length"}`;
    return { label, first, second, secondMs: performance.now() - started };
  } finally {
    connection.close();
  }
}

describe("the next request on a keep-alive connection after an early answer", () => {
  const timings: number[] = [];
  const bySize: Record<string, number> = {};

  it.each(ENDPOINTS)("$name: answered at once, bodies of 16 KB to 2 MB, Content-Length and chunked", async (endpoint) => {
    const stalled: string[] = [];
    for (const size of SIZES) {
      for (const chunked of [false, true]) {
        const trial = await twoInARow(endpoint, size, chunked);
        expect(trial.first?.status, trial.label).toBe(endpoint.status(size, chunked));
        if (trial.second?.status !== 200 || trial.secondMs >= PROMPT_MS) {
          stalled.push(`${trial.label}: second answer ${trial.second?.status ?? "none"} after ${Math.round(trial.secondMs)} ms`);
          continue;
        }
        timings.push(trial.secondMs);
        const key = `${size / KB} KB`;
        bySize[key] = Math.max(bySize[key] ?? 0, trial.secondMs);
      }
    }
    expect(stalled).toEqual([]);
  });

  it("a body over the drain bound: answered, then the connection closes at once", async () => {
    const closeMs: number[] = [];
    for (const chunked of [false, true]) {
      const connection = await RawConnection.open(app.origin);
      try {
        connection.send({
          method: "POST",
          path: "/api/services",
          headers: { "Content-Type": "application/json" },
          body: body("json", HUGE),
          chunked,
        });
        const first = await connection.response(WAIT_MS);
        expect(first?.status, chunked ? "chunked" : "Content-Length").toBe(401);
        expect(JSON.parse(first!.body)).toEqual({ error: "Please log in." });
        const started = performance.now();
        expect(await connection.waitClosed(WAIT_MS), chunked ? "chunked" : "Content-Length").toBe(true);
        closeMs.push(performance.now() - started);
      } finally {
        connection.close();
      }
    }
    recordFigures("connections", {
      trials: timings.length,
      secondAnswerMedianMs: Math.round(percentile(timings, 50) * 10) / 10,
      secondAnswerMaxMs: Math.round(Math.max(...timings) * 10) / 10,
      secondAnswerMaxMsBySize: Object.fromEntries(Object.entries(bySize).map(([size, ms]) => [size, Math.round(ms * 10) / 10])),
      hugeBodyClosedAfterMs: closeMs.map((ms) => Math.round(ms * 10) / 10),
    });
    expect(Math.max(...closeMs)).toBeLessThan(PROMPT_MS);
  });
});

describe("a chunked body over a limit", () => {
  it("/api: the JSON 413, and the connection still serves the next request", async () => {
    for (const chunked of [true, false]) {
      const trial = await twoInARow(
        { name: "POST /api/auth/token", method: "POST", path: "/api/auth/token", kind: "json", status: () => 413 },
        200 * KB,
        chunked,
      );
      expect(trial.first?.status, trial.label).toBe(413);
      expect(trial.first?.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(trial.first!.body)).toEqual({ error: "The request body is too large (at most 64 KB)." });
      expect(trial.second?.status, trial.label).toBe(200);
    }
  });

  it("the Stripe webhook: its JSON 413 for an event over 512 KB", async () => {
    for (const chunked of [true, false]) {
      const connection = await RawConnection.open(app.origin);
      try {
        connection.send({
          method: "POST",
          path: "/webhooks/stripe",
          headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" },
          body: body("json", 1024 * KB),
          chunked,
        });
        const first = await connection.response(WAIT_MS);
        expect(first?.status).toBe(413);
        expect(JSON.parse(first!.body)).toEqual({ error: "Event too large." });
        connection.send({ method: "GET", path: "/healthz" });
        expect((await connection.response(PROMPT_MS))?.status).toBe(200);
      } finally {
        connection.close();
      }
    }
  });

  it("pages: the site's 413 page with a length over 128 KB, the documented 411 without one", async () => {
    const tooLarge = await twoInARow(ENDPOINTS[5], 200 * KB, false);
    expect(tooLarge.first?.status).toBe(413);
    expect(tooLarge.first?.headers["content-type"]).toMatch(/^text\/html/);
    expect(tooLarge.first?.body).toContain("The form is too large.");
    const unknownLength = await twoInARow(ENDPOINTS[5], 200 * KB, true);
    expect(unknownLength.first?.status).toBe(411);
    expect(unknownLength.first?.body).toContain("Please send the form with its length.");
  });
});
