#!/usr/bin/env node
// `npm run bench:scale`: the back office at an agency's scale, on PostgreSQL.
//
// Creates a database of its own (tour_booking_scale on DATABASE_URL's server, default
// postgresql://postgres@127.0.0.1:5432), lets the production server migrate and seed it, fills it
// with 1,000 packages, 10,000 users, 100,000 orders and 20,000 reviews in a few INSERT … SELECT
// generate_series statements, restarts the server on it and measures, for every page and API
// list in LISTS below, one client's p50/p95 time over sequential requests, the answer's size
// (raw and gzip) and the SQL statements per request (bench/count-queries.mjs); for the CSV exports
// the time to the first byte and to the last. Then the OCTO API as a reseller polls it (OCTO below:
// a year's availability calendar under 20 concurrent clients of one key, the products list), and
// EXPLAIN of the orders list's filters and search, to show each is served by an index. Prints a
// table and writes bench/scale-results.json.
//
// Options: --skip-build, --keep (leave the database), --requests=N (default 30),
//          --orders=N --users=N --packages=N --reviews=N, --only=octo (the OCTO measures alone)
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import bcrypt from "bcryptjs";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const COUNTS = {
  packages: Number(args.get("packages") ?? 1_000),
  users: Number(args.get("users") ?? 10_000),
  orders: Number(args.get("orders") ?? 100_000),
  reviews: Number(args.get("reviews") ?? 20_000),
};
const REQUESTS = Number(args.get("requests") ?? 30);
const SERVER_URL = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
const DATABASE = "tour_booking_scale";
const DATABASE_URL = Object.assign(new URL(SERVER_URL), { pathname: `/${DATABASE}` }).toString();
const ADMIN = { email: "admin@tourbooking.test", password: "admin12345" };
// The customer with many orders (every 50th order: 2,000 of 100,000).
const MANY = { email: "many@scale.test", password: "scale-customer-1" };

// The reseller key of the fixture (a key's shape: tbr_ and 43 characters; the database keeps its SHA-256).
const OCTO_KEY = "tbr_scaleBenchResellerKey0000000000000000000000";
const OCTO_CLIENTS = 20;
// The package the calendar is asked for (every package departs weekly in the fixture).
const OCTO_PACKAGE = "bpkg000007";

const log = (msg) => console.error(`[scale] ${msg}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What is measured, as whom. Add a line for a new list; a path that answers 404 (a page another
 * branch builds) is reported as missing, not as a failure.
 */
const LISTS = [
  { name: "Manage All Orders", path: "/dashboard/manageAllOrders", as: "admin" },
  { name: "Manage All Orders, page 2", path: "/dashboard/manageAllOrders", as: "admin", followNext: true },
  { name: "Manage All Orders, search name", path: "/dashboard/manageAllOrders?q=nusrat", as: "admin" },
  { name: "Manage All Orders, search email", path: "/dashboard/manageAllOrders?q=user4242%40", as: "admin" },
  { name: "Manage All Orders, search phone", path: "/dashboard/manageAllOrders?q=0171000042", as: "admin" },
  { name: "Manage All Orders, search reference", path: "/dashboard/manageAllOrders?q=tb-7k3", as: "admin" },
  { name: "Manage All Orders, rare filter", path: "/dashboard/manageAllOrders?status=CANCELLED&payment=FAILED", as: "admin" },
  {
    name: "Manage All Orders, month + package",
    path: "/dashboard/manageAllOrders?month=2027-01&package=bpkg000007",
    as: "admin",
  },
  { name: "Manage All Orders, package name", path: "/dashboard/manageAllOrders?packageName=tour%2012", as: "admin" },
  { name: "Manage All Orders, by price", path: "/dashboard/manageAllOrders?sort=price-desc", as: "admin" },
  { name: "Manage All Orders, channel website", path: "/dashboard/manageAllOrders?channel=website", as: "admin" },
  { name: "My Orders (2,000 orders)", path: "/dashboard/myOrder", as: "many" },
  { name: "Manage Products", path: "/dashboard/manageProducts", as: "admin" },
  { name: "/services", path: "/services", as: null },
  { name: "Users page", path: "/dashboard/users", as: "admin" },
  { name: "Users page, search", path: "/dashboard/users?q=user42", as: "admin" },
  { name: "Reviews moderation", path: "/dashboard/reviews", as: "admin" },
  { name: "Messages inbox", path: "/dashboard/messages?state=all", as: "admin" },
  { name: "Subscribers", path: "/dashboard/subscribers", as: "admin" },
  { name: "Dashboard (charts)", path: "/dashboard", as: "admin" },
  { name: "/services, search and sort", path: "/services?q=tour&sort=price-asc", as: null },
  { name: "Home page", path: "/", as: null },
  { name: "GET /api/my-orders", path: "/api/my-orders", as: "admin" },
  { name: "GET /api/my-orders?email=", path: `/api/my-orders?email=${encodeURIComponent(MANY.email)}`, as: "many" },
  { name: "GET /api/review", path: "/api/review", as: null },
  { name: "GET /api/users", path: "/api/users", as: "admin" },
  { name: "GET /api/services", path: "/api/services", as: null },
  { name: "CSV orders (CONFIRMED)", path: "/dashboard/export/orders.csv?status=CONFIRMED", as: "admin", csv: true },
  { name: "CSV users", path: "/dashboard/export/users.csv", as: "admin", csv: true },
];

// ---------------------------------------------------------------------------------------------
// Database

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function recreateDatabase() {
  await withClient(SERVER_URL.toString(), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
}

const FIRST = [
  "Rina",
  "Karim",
  "Nusrat",
  "Tanvir",
  "Farzana",
  "Arif",
  "Sadia",
  "Imran",
  "Mitu",
  "Rafiq",
  "Shirin",
  "Habib",
  "Lima",
  "Sumon",
  "Ayesha",
  "Jamal",
  "Ruma",
  "Kamal",
  "Tania",
  "Bashir",
];
const LAST = [
  "Das",
  "Rahman",
  "Hossain",
  "Islam",
  "Ahmed",
  "Chowdhury",
  "Khan",
  "Akter",
  "Sarkar",
  "Roy",
  "Miah",
  "Begum",
  "Uddin",
  "Sikder",
  "Talukder",
  "Bhuiyan",
  "Paul",
  "Saha",
  "Molla",
  "Sheikh",
];
const sqlArray = (values) => `ARRAY[${values.map((value) => `'${value}'`).join(",")}]`;

async function fill() {
  const { packages, users, orders, reviews } = COUNTS;
  const manyHash = bcrypt.hashSync(MANY.password, 10);
  await withClient(DATABASE_URL, async (client) => {
    const step = async (label, sql, params) => {
      const started = performance.now();
      const result = await client.query(sql, params);
      log(`${label}: ${result.rowCount ?? ""} rows in ${Math.round(performance.now() - started)} ms`);
    };
    await step(
      "packages",
      `INSERT INTO "Service" (id, title, "costCents", image, description, "createdAt", "updatedAt")
       SELECT 'bpkg' || lpad(g::text, 6, '0'), 'Tour ' || g || ' of ' || (${sqlArray(["Sajek", "Bandarban", "Sylhet", "Cox's Bazar".replace("'", "''"), "Sundarbans"])})[1 + g % 5],
              5000 + (g % 50) * 1000, '/images/tours/bandarban.svg', repeat('Hills, rivers and tea gardens. ', 8),
              now() - g * interval '1 hour', now()
       FROM generate_series(1, $1::int) g`,
      [packages],
    );
    await step(
      "users",
      `INSERT INTO "User" (id, email, "displayName", role, "createdAt", "updatedAt")
       SELECT 'buser' || lpad(g::text, 6, '0'), 'user' || g || '@scale.test',
              (${sqlArray(FIRST)})[1 + g % 20] || ' ' || (${sqlArray(LAST)})[1 + (g / 20) % 20],
              'CUSTOMER', now() - (${users} - g) * interval '10 minutes', now()
       FROM generate_series(1, $1::int) g`,
      [users],
    );
    await step(
      "the customer with many orders",
      `WITH u AS (INSERT INTO "User" (id, email, "displayName", role, "updatedAt") VALUES ('bmany', $1, 'Many Orders', 'CUSTOMER', now()) RETURNING id)
       INSERT INTO "Password" ("userId", hash, "updatedAt") SELECT id, $2, now() FROM u`,
      [MANY.email, manyHash],
    );
    // Every 50th order is the customer's with many orders; travel dates six months either way; statuses
    // and payments mixed as an agency's would be (mostly confirmed and paid, some pending).
    await step(
      "orders",
      `INSERT INTO "Order" (id, reference, "userId", "serviceId", "serviceTitle", "unitPriceCents", quantity, "packageType", "priceCents",
         "firstName", "lastName", "streetAddress", "townName", district, "mobileNumber", email,
         "bookingStatus", "paymentStatus", "travelDate", "holdExpiresAt", "createdAt", "updatedAt")
       SELECT 'bord' || lpad(g::text, 7, '0'),
              -- distinct references (the migration booking_reference's backfill): the default draws at random
              booking_reference(g::bigint * 387420489 % 887503681),
              CASE WHEN g % 50 = 0 THEN 'bmany' ELSE 'buser' || lpad((1 + g % $2::int)::text, 6, '0') END,
              'bpkg' || lpad((1 + g % $3::int)::text, 6, '0'), 'Tour ' || (1 + g % $3::int),
              5000 + (g % 50) * 1000, 1 + g % 6, (ARRAY['city','couple','adventure','vacation','group'])[1 + g % 5]::"PackageType",
              (5000 + (g % 50) * 1000) * (1 + g % 6),
              (${sqlArray(FIRST)})[1 + g % 20], (${sqlArray(LAST)})[1 + (g / 20) % 20],
              'House ' || g % 90 || ', Road ' || g % 30, 'Dhanmondi', 'Dhaka', '0171' || lpad(g::text, 7, '0'),
              CASE WHEN g % 50 = 0 THEN $4 ELSE 'user' || (1 + g % $2::int) || '@scale.test' END,
              (CASE WHEN g % 10 < 6 THEN 'CONFIRMED' WHEN g % 10 < 8 THEN 'COMPLETED' WHEN g % 10 = 8 THEN 'PENDING' ELSE 'CANCELLED' END)::"BookingStatus",
              (CASE WHEN g % 10 < 8 THEN 'PAID' WHEN g % 20 = 9 THEN 'FAILED' ELSE 'UNPAID' END)::"PaymentStatus",
              -- consistent with the booking sweep: confirmed and pending trips are ahead, completed ones past,
              -- holds not yet due (else the server's first sweeps would expire and complete them during the measures)
              CASE WHEN g % 10 < 6 OR g % 10 = 8 THEN current_date + 1 + (g % 180) ELSE current_date - 1 - (g % 180) END,
              CASE WHEN g % 10 = 8 THEN now() + (1 + g % 24) * interval '1 hour' END,
              now() - ($1::int - g) * interval '5 minutes', now()
       FROM generate_series(1, $1::int) g`,
      [orders, users, packages, MANY.email],
    );
    await step(
      "reviews",
      `INSERT INTO "Review" (id, "userId", name, email, rating, review, "createdAt")
       SELECT 'brev' || lpad(g::text, 6, '0'), 'buser' || lpad((1 + g % $2::int)::text, 6, '0'),
              (${sqlArray(FIRST)})[1 + g % 20] || ' ' || (${sqlArray(LAST)})[1 + (g / 20) % 20],
              'user' || (1 + g % $2::int) || '@scale.test', g % 6, 'A wonderful trip, well organised. ' || g, now() - g * interval '7 minutes'
       FROM generate_series(1, $1::int) g`,
      [reviews, users],
    );
    // Every package departs weekly for the next year (53 departures each), seats partly taken, some
    // sold out; one reseller with a key (OCTO).
    await step(
      "departures",
      `INSERT INTO "Departure" (id, "serviceId", "startDate", seats, "seatsTaken", "updatedAt")
       SELECT 'bdep' || lpad(p::text, 6, '0') || '-' || w, 'bpkg' || lpad(p::text, 6, '0'), current_date + 7 * w + 1 + p % 7,
              40, (p * 7 + w * 3) % 41, now()
       FROM generate_series(1, $1::int) p, generate_series(0, 52) w`,
      [packages],
    );
    await step(
      "a reseller and its key",
      `WITH r AS (INSERT INTO "Reseller" (id, name, email, "commissionBasisPoints") VALUES ('bres000001', 'Scale Partner', 'ops@partner.scale.test', 1000) RETURNING id)
       INSERT INTO "ResellerKey" (id, "resellerId", hash, prefix) SELECT 'bkey000001', id, $1, $2 FROM r`,
      [createHash("sha256").update(OCTO_KEY).digest("hex"), OCTO_KEY.slice(0, 12)],
    );
    await step("analyze", "ANALYZE");
  });
}

// ---------------------------------------------------------------------------------------------
// Server

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** server/start.mjs in production mode on the scale database, counting its SQL statements. */
async function startServer() {
  const port = await freePort();
  const logDir = mkdtempSync(path.join(os.tmpdir(), "bench-scale-log-"));
  const logFile = path.join(logDir, "server.log");
  const fd = openSync(logFile, "w");
  const child = spawn(
    process.execPath,
    ["--import", new URL(`file://${path.join(ROOT, "bench", "count-queries.mjs")}`).href, path.join(ROOT, "server", "start.mjs")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL,
        SESSION_SECRET: "scale-bench-secret",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: logDir,
        SEED_DEMO_DATA: "true",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: "warn",
        // 20 clients polling with one key for minutes: far over a reseller's 600 calls a minute.
        RATE_LIMIT_OCTO_MAX: "1000000",
      },
      stdio: ["ignore", fd, fd, "ipc"],
    },
  );
  closeSync(fd);
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; ; await sleep(250)) {
    if (exited) throw new Error(`server exited (${JSON.stringify(exited)}):\n${readFileSync(logFile, "utf8").slice(-2000)}`);
    if (Date.now() > deadline) throw new Error("server not ready after 180 s");
    try {
      if ((await fetch(`${origin}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
  }
  let nextId = 0;
  return {
    origin,
    queryCount() {
      return this.probe().then((answer) => answer?.count ?? null);
    },
    /** The server's CPU time so far, in ms (null without an answer). */
    cpuMs() {
      return this.probe().then((answer) => (answer?.cpuMicros === undefined ? null : answer.cpuMicros / 1000));
    },
    probe() {
      const id = ++nextId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 2_000);
        const onMessage = (message) => {
          if (message?.type !== "bench:queries" || message.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(message);
        };
        child.on("message", onMessage);
        child.send({ type: "bench:queries", id });
      });
    },
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await done;
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

async function signIn(origin, { email, password }) {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  if (!cookie) throw new Error(`could not sign in as ${email}: ${response.status}`);
  return cookie.split(";")[0];
}

// ---------------------------------------------------------------------------------------------
// Measurements

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;

async function measure(server, list, cookies) {
  const headers = { accept: "text/html,application/json,*/*" };
  if (list.as) headers.cookie = cookies[list.as];
  let url = server.origin + list.path;
  if (list.followNext) {
    const html = await (await fetch(url, { headers })).text();
    const next = /<a[^>]*rel="next"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*rel="next"/.exec(html);
    if (!next) return { name: list.name, path: list.path, missing: "no next page" };
    url = new URL((next[1] ?? next[2]).replaceAll("&amp;", "&"), url).toString();
  }
  const probe = await fetch(url, { headers, redirect: "manual" });
  await probe.arrayBuffer();
  if (probe.status === 404) return { name: list.name, path: list.path, missing: "404 (not in this branch)" };
  if (probe.status !== 200) return { name: list.name, path: list.path, missing: `status ${probe.status}` };

  const times = [];
  const firstByte = [];
  let body = Buffer.alloc(0);
  for (let i = 0; i < (list.csv ? 5 : REQUESTS) + 3; i++) {
    const sent = performance.now();
    const response = await fetch(url, { headers });
    const reader = response.body.getReader();
    const chunks = [];
    let first = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (first === null) first = performance.now() - sent;
      if (done) break;
      chunks.push(value);
    }
    if (i < 3) continue; // warm-up
    times.push(performance.now() - sent);
    firstByte.push(first);
    body = Buffer.concat(chunks);
  }
  // Queries of one request on a quiet server: the lowest of 3.
  const samples = [];
  for (let i = 0; i < 3; i++) {
    const before = await server.queryCount();
    await (await fetch(url, { headers })).arrayBuffer();
    const after = await server.queryCount();
    if (before !== null && after !== null) samples.push(after - before);
  }
  return {
    name: list.name,
    path: url.slice(server.origin.length),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    ...(list.csv ? { ttfbP50: round(percentile(firstByte, 50)), rows: body.toString("utf8").split("\r\n").length - 2 } : {}),
    bytes: body.length,
    gzip: gzipSync(body).length,
    queries: samples.length === 3 ? Math.min(...samples) : null,
  };
}

/** YYYY-MM-DD `days` from today in Dhaka (the departures' dates). */
function dhakaDay(days) {
  const dhaka = new Date(Date.now() + 6 * 3_600_000);
  dhaka.setUTCDate(dhaka.getUTCDate() + days);
  return dhaka.toISOString().slice(0, 10);
}

/**
 * What a reseller's system does: the OCTO calls, with the fixture's key and octo/pricing. `clients`
 * of them at once, each sending its requests one after the other; the calendar is a year of the
 * package.
 */
const OCTO = [
  {
    name: `OCTO calendar, 12 months (${OCTO_CLIENTS} clients)`,
    path: "/octo/availability/calendar",
    method: "POST",
    body: () => ({ productId: OCTO_PACKAGE, optionId: "DEFAULT", localDateStart: dhakaDay(0), localDateEnd: dhakaDay(364) }),
    clients: OCTO_CLIENTS,
  },
  {
    name: "OCTO calendar, 12 months (1 client)",
    path: "/octo/availability/calendar",
    method: "POST",
    body: () => ({ productId: OCTO_PACKAGE, optionId: "DEFAULT", localDateStart: dhakaDay(0), localDateEnd: dhakaDay(364) }),
    clients: 1,
  },
  {
    name: "OCTO availability, a month",
    path: "/octo/availability",
    method: "POST",
    body: () => ({ productId: OCTO_PACKAGE, optionId: "DEFAULT", localDateStart: dhakaDay(0), localDateEnd: dhakaDay(30) }),
    clients: 1,
  },
  { name: "OCTO products (every package)", path: "/octo/products", method: "GET", clients: 1 },
];

async function measureOcto(server, call) {
  const url = server.origin + call.path;
  const send = async () => {
    const response = await fetch(url, {
      method: call.method,
      headers: {
        Authorization: `Bearer ${OCTO_KEY}`,
        "Octo-Capabilities": "octo/pricing",
        "Accept-Encoding": "gzip",
        ...(call.body ? { "Content-Type": "application/json" } : {}),
      },
      body: call.body ? JSON.stringify(call.body()) : undefined,
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${call.name}: ${response.status} ${body.toString("utf8").slice(0, 300)}`);
    return body;
  };
  const body = await send();
  // Queries of one request on a quiet server: the lowest of 3.
  const samples = [];
  for (let i = 0; i < 3; i++) {
    const before = await server.queryCount();
    await send();
    const after = await server.queryCount();
    if (before !== null && after !== null) samples.push(after - before);
  }
  const perClient = Math.max(REQUESTS, call.clients > 1 ? 15 : 0);
  const times = [];
  const started = performance.now();
  const cpuBefore = await server.cpuMs();
  await Promise.all(
    Array.from({ length: call.clients }, async () => {
      for (let i = 0; i < perClient + 2; i++) {
        const sent = performance.now();
        await send();
        if (i >= 2) times.push(performance.now() - sent); // warm-up
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await server.cpuMs();
  const sent = (perClient + 2) * call.clients;
  return {
    name: call.name,
    path: `${call.method} ${call.path}`,
    clients: call.clients,
    requests: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    perSecond: round(sent / seconds),
    // The server's own CPU per request (what a busy machine does not change much): its share of a core.
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / sent) : null,
    bytes: body.length,
    gzip: gzipSync(body).length,
    queries: samples.length === 3 ? Math.min(...samples) : null,
  };
}

// The orders list's query for each filter, as app/booking/lists/booking-list-store.server.ts writes it.
const LIST = `SELECT o.id FROM "Order" o WHERE o."deletedAt" IS NULL`;
const ORDER = `ORDER BY o."createdAt" DESC, o.id DESC LIMIT 26`;
const EXPLAINS = [
  ["newest first", `${LIST} ${ORDER}`],
  ["by price", `${LIST} ORDER BY o."priceCents" DESC, o.id DESC LIMIT 26`],
  ["status", `${LIST} AND o."bookingStatus" = 'CANCELLED' ${ORDER}`],
  ["payment", `${LIST} AND o."paymentStatus" = 'FAILED' ${ORDER}`],
  ["package", `${LIST} AND o."serviceId" = 'bpkg000007' ${ORDER}`],
  ["travel month", `${LIST} AND o."travelDate" >= '2027-01-01'::date AND o."travelDate" < '2027-02-01'::date ${ORDER}`],
  [
    "search",
    `${LIST} AND (lower(o.email) LIKE 'user4242@%' OR lower(o."firstName" || ' ' || o."lastName") LIKE 'user4242@%'
       OR lower(o."lastName") LIKE 'user4242@%' OR o.id LIKE 'user4242@%') ${ORDER}`,
  ],
  ["search reference", `${LIST} AND (lower(o.email) LIKE 'tb-7k3%' OR o.reference LIKE 'TB-7K3%') ${ORDER}`],
  ["search phone", `${LIST} AND (o."mobileNumber" LIKE '0171000042%' OR lower(o.email) LIKE '0171000042%') ${ORDER}`],
  ["package name", `${LIST} AND o."serviceId" IN (SELECT s.id FROM "Service" s WHERE lower(s.title) LIKE 'tour 12%') ${ORDER}`],
  ["channel: website", `${LIST} AND o.channel = 'WEBSITE' ${ORDER}`],
  ["channel: one reseller", `${LIST} AND o."resellerId" = 'bres000001' ${ORDER}`],
  ["customer's orders", `${LIST} AND o."userId" = 'bmany' ${ORDER}`],
  [
    "customer's orders by email (API)",
    `${LIST} AND o."userId" IN (SELECT id FROM "User" WHERE email = '${MANY.email}') ${ORDER}`,
  ],
  ["users page", `SELECT id FROM "User" ORDER BY "createdAt", id LIMIT 51`],
  ["reviews page", `SELECT id FROM "Review" ORDER BY "createdAt" DESC, id DESC LIMIT 51`],
];

async function explainAll() {
  return withClient(DATABASE_URL, async (client) => {
    const plans = [];
    for (const [name, sql] of EXPLAINS) {
      const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`);
      const lines = rows.map((row) => row["QUERY PLAN"]);
      const indexes = [
        ...new Set(
          lines.flatMap((line) =>
            [...line.matchAll(/(?:Index Scan|Index Only Scan)(?: Backward)? (?:using|on) "?([A-Za-z_]+)"?/g)].map((m) => m[1]),
          ),
        ),
      ];
      const seqScan = lines.some((line) => /Seq Scan on "?(Order|User|Review)/.test(line));
      const time = lines.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "");
      plans.push({ name, indexes, seqScan, time });
    }
    return plans;
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!args.has("skip-build")) {
    log("building");
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error("build failed");
  }
  log(`database ${DATABASE} on ${SERVER_URL.host}`);
  await recreateDatabase();
  let server = await startServer(); // migrates and seeds
  await server.stop();
  const filled = performance.now();
  await fill();
  const fillSeconds = round((performance.now() - filled) / 1000);
  server = await startServer();
  try {
    const onlyOcto = args.get("only") === "octo";
    const cookies = onlyOcto ? {} : { admin: await signIn(server.origin, ADMIN), many: await signIn(server.origin, MANY) };
    const results = [];
    for (const list of onlyOcto ? [] : LISTS) {
      log(list.name);
      results.push(await measure(server, list, cookies));
    }
    const octo = [];
    for (const call of OCTO) {
      log(call.name);
      octo.push(await measureOcto(server, call));
    }
    const plans = onlyOcto ? [] : await explainAll();
    const load = os.loadavg().map((value) => round(value));
    const report = {
      date: new Date().toISOString(),
      counts: COUNTS,
      fillSeconds,
      requests: REQUESTS,
      load: { cores: os.cpus().length, loadAverage: load },
      results,
      octo,
      plans,
    };
    writeFileSync(path.join(ROOT, "bench", "scale-results.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `Filled ${COUNTS.packages} packages, ${COUNTS.users} users, ${COUNTS.orders} orders, ${COUNTS.reviews} reviews in ${fillSeconds} s.\n`,
    );
    console.log("| list | p50 ms | p95 ms | KB (gzip) | queries |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    for (const row of results) {
      if (row.missing) console.log(`| ${row.name} | ${row.missing} | | | |`);
      else
        console.log(
          `| ${row.name} | ${row.p50}${row.ttfbP50 !== undefined ? ` (first byte ${row.ttfbP50})` : ""} | ${row.p95} | ${round(row.bytes / 1024)} (${round(row.gzip / 1024)})${row.rows !== undefined ? `, ${row.rows} rows` : ""} | ${row.queries ?? "n/a"} |`,
        );
    }
    console.log(`\nOCTO (key of one reseller, octo/pricing; load average ${load.join(", ")} on ${os.cpus().length} cores):\n`);
    console.log("| call | clients | p50 ms | p95 ms | requests/s | server CPU ms/request | KB (gzip) | queries |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const row of octo)
      console.log(
        `| ${row.name} | ${row.clients} | ${row.p50} | ${row.p95} | ${row.perSecond} | ${row.cpuMsPerRequest ?? "n/a"} | ${round(row.bytes / 1024)} (${round(row.gzip / 1024)}) | ${row.queries ?? "n/a"} |`,
      );
    console.log("\n| query | indexes used | sequential scan | execution |");
    console.log("| --- | --- | --- | ---: |");
    for (const plan of plans)
      console.log(`| ${plan.name} | ${plan.indexes.join(", ") || "—"} | ${plan.seqScan ? "yes" : "no"} | ${plan.time} |`);
  } finally {
    await server.stop();
    if (!args.has("keep"))
      await withClient(SERVER_URL.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
