#!/usr/bin/env node
// `npm run bench`: the performance budgets of docs/performance.md, measured on this machine.
//
// Builds the app and the reference fixture (bench/fixture, a bare Remix "hello" page), starts
// both with server/start.mjs in production mode, and measures, in one run:
//   - requests/s, p50 and p99 latency (autocannon, 50 connections, 10 s after a short warm-up)
//     of /, /services, /order/{first id}, GET /api/services (when it answers 200), the signed-in
//     pages /dashboard and /dashboard/manageAllOrders (the administrator, ~140 orders in the
//     fixture) and /dashboard/myOrder (a customer with 4 orders), and of the reference page; the
//     ratio of each route to the reference;
//   - SQL statements per request of each route (driver-level count, bench/count-queries.mjs);
//   - JavaScript the browser downloads for each page (real page load in Chromium, gzip bytes);
//   - Lighthouse (mobile defaults, median of 3) performance / accessibility / best practices / SEO,
//     first and largest contentful paint, total blocking time, and that sum over each task's CPU
//     time (bench/trace-figures.mjs);
//   - a login burst: 40 concurrent failed logins from one address while
//     another visitor loads /services one request after another; that visitor's p50/p95.
// The embedded database always; with DATABASE_URL, a second run on that PostgreSQL server (in a
// fresh database created and dropped by the bench when the role may, else in DATABASE_URL itself).
// Prints one table and writes bench/results.json.
//
// Options: --skip-build, --no-lighthouse, --no-browser, --duration=SECONDS, --connections=N,
// --only=KEY,KEY (only these routes: home, services, order, api, dashboard, myOrder,
// manageAllOrders; no [br] row, no login burst), --no-burst,
// --burst-only (only the login burst, printed as JSON; bench/results.json is left as it is),
// --lighthouse-only (only Lighthouse and the JavaScript per page, of /, /services and /order/{id}
// unless --only names others: no load, no reference, no login burst), --lighthouse-runs=N (3),
// --soak (bench/soak.mjs: the server's memory under 10 minutes of mixed traffic)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { BENCH_LIMITS, log, ROOT, serverDatabase, SIGNED_IN_ORDERS, signedInFixture, sleep, startServer } from "./app-client.mjs";
import { traceFigures } from "./trace-figures.mjs";

const FIXTURE = path.join(ROOT, "bench", "fixture");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const DURATION = Number(args.get("duration") ?? 10);
const CONNECTIONS = Number(args.get("connections") ?? 50);
const WARMUP = 2;
const LIGHTHOUSE_RUNS = Number(args.get("lighthouse-runs") ?? 3);
// Only the browser's figures: nothing loads the server (or the shared machine) meanwhile.
const LIGHTHOUSE_ONLY = args.has("lighthouse-only");
// Server-side rendering throughput is measured without compression (no Accept-Encoding), so the
// ratio compares rendering work; `/` of both servers is measured a second time with the
// Accept-Encoding a browser sends, which shows what compression (brotli, here) costs.
const PLAIN_HEADERS = { accept: "text/html,*/*" };
const BROWSER_HEADERS = { ...PLAIN_HEADERS, "accept-encoding": "gzip, deflate, br" };

const started = Date.now();

// ---------------------------------------------------------------------------------------------
// Servers

// ---------------------------------------------------------------------------------------------
// Measurements

function cannon(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is missing. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

async function throughput(server, route, headers = PLAIN_HEADERS) {
  const url = server.origin + route;
  await cannon(url, { connections: 10, duration: WARMUP, headers });
  const cpuBefore = cpuMs(server.pid);
  // The machine may be shared: its 1-minute load average as the measurement starts, in the table.
  const load = Math.round(os.loadavg()[0] * 10) / 10;
  const result = await cannon(url, { connections: CONNECTIONS, duration: DURATION, headers });
  const cpuAfter = cpuMs(server.pid);
  // Server CPU per request: steadier than req/s when other processes share the machine. It counts
  // the Node process only (with PGlite inside it), not a PostgreSQL server's own processes.
  const cpuPerRequest =
    cpuBefore === null || cpuAfter === null || result.requests.total === 0
      ? null
      : Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100;
  return {
    load,
    cpuMsPerRequest: cpuPerRequest,
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** SQL statements for one request, on an otherwise idle server (the lowest of 3 samples), and the response size. */
async function queriesPerRequest(server, url, headers = PLAIN_HEADERS) {
  const samples = [];
  let body = Buffer.alloc(0);
  // Requests of the previous load run may still be in the server's queue: wait for quiet.
  for (let last = await server.queryCount(), i = 0; last !== null && i < 40; i++) {
    await sleep(250);
    const now = await server.queryCount();
    if (now === last) break;
    last = now;
  }
  for (let i = 0; i < 3; i++) {
    const before = await server.queryCount();
    const response = await fetch(url, { headers, redirect: "manual" });
    body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const after = await server.queryCount();
    if (before !== null && after !== null) samples.push(after - before);
  }
  return { queries: samples.length === 3 ? Math.min(...samples) : null, html: { raw: body.length, gzip: gzipSync(body).length } };
}

/** Gzip bytes of every script the page downloads (same URL counted once), by a real page load. */
async function scriptBytes(browser, url, { signIn } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (signIn) await signIn(page);
  const scripts = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      const body = await response.body();
      scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body).length });
    } catch {
      // redirects and aborted loads carry no body
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await sleep(300);
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const entry of scripts.values()) {
    raw += entry.raw;
    gzip += entry.gzip;
  }
  return { files: scripts.size, raw, gzip };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function lighthouseRoute(lighthouse, chromePort, url) {
  const runs = [];
  const traces = [];
  // Lighthouse simulates a phone from the wall time its trace measured: a loaded machine slows it.
  const load = [os.loadavg()[0]];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const { lhr, artifacts } = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    runs.push(lhr);
    if (artifacts?.Trace) traces.push(traceFigures(artifacts.Trace));
    load.push(os.loadavg()[0]);
  }
  const cpuBlocking = traces.filter(Boolean).map((figures) => figures.cpuBlockingMs);
  const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const categories = {};
  for (const id of ["performance", "accessibility", "best-practices", "seo"]) {
    categories[id] = median(runs.map((lhr) => score(lhr, id)));
  }
  // Each metric's median over the runs that measured it (on a loaded machine they vary from run to
  // run; a run Lighthouse could not finish has none).
  const values = (id) => runs.map((lhr) => lhr.audits[id]?.numericValue).filter((value) => typeof value === "number");
  const metric = (id) => (values(id).length > 0 ? median(values(id)) : null);
  // Audits below a full score in the categories whose goal is 100, and failing performance audits.
  const failing = {};
  for (const lhr of runs) {
    for (const [categoryId, category] of Object.entries(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual") continue;
        if (audit.scoreDisplayMode === "informative" || audit.score === null) continue;
        // Accessibility, best practices, SEO: any weighted audit below 1; performance: below 0.9.
        if (categoryId === "performance" ? audit.score >= 0.9 : audit.score >= 1 || ref.weight === 0) continue;
        const key = `${categoryId}:${ref.id}`;
        failing[key] ??= {
          category: categoryId,
          id: ref.id,
          title: audit.title,
          runs: 0,
          score: audit.score,
          displayValue: audit.displayValue,
          items: [],
        };
        failing[key].runs += 1;
        if (failing[key].items.length === 0) failing[key].items = auditItems(audit);
      }
    }
  }
  return {
    ...categories,
    load: { min: Math.min(...load), max: Math.max(...load) },
    // Lighthouse's own measure of the host's speed (higher is faster; it falls as the load rises).
    benchmarkIndex: median(runs.map((lhr) => lhr.environment?.benchmarkIndex ?? 0)),
    // Such as "The tested device appears to have a slower CPU than Lighthouse expects" (index < 1000).
    warnings: [...new Set(runs.flatMap((lhr) => lhr.runWarnings ?? []))],
    // Each run's first contentful paint, for the spread.
    fcpRunsMs: values("first-contentful-paint").map(Math.round),
    runtimeErrors: runs.filter((lhr) => lhr.runtimeError).map((lhr) => lhr.runtimeError.code),
    metrics: {
      fcpMs: Math.round(metric("first-contentful-paint")),
      lcpMs: Math.round(metric("largest-contentful-paint")),
      tbtMs: Math.round(metric("total-blocking-time")),
      cls: Math.round((metric("cumulative-layout-shift") ?? 0) * 1000) / 1000,
      speedIndexMs: Math.round(metric("speed-index")),
      // The same sum as total blocking time, of each task's CPU time (bench/trace-figures.mjs).
      cpuBlockingMs: cpuBlocking.length > 0 ? median(cpuBlocking) : null,
    },
    // Each run's longest tasks after the first paint, CPU ms, and its observed largest paint.
    traces,
    failing: Object.values(failing),
  };
}

function auditItems(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 5).map((item) => {
    if (item.node) return item.node.snippet ?? item.node.selector;
    if (item.url) return item.url;
    return JSON.stringify(item).slice(0, 160);
  });
}

const BURST_LOGINS = 40;
const BURST_MIN_VISITS = 20;

/**
 * 40 concurrent failed logins (unknown emails, wrong passwords) from one address, while another
 * visitor loads /services one request after another until the burst is answered (and at least
 * 20 times): the visitor's latencies, the logins' answers and the server's CPU time.
 */
async function loginBurst(server) {
  const visit = async () => {
    const sent = performance.now();
    const response = await fetch(server.origin + "/services", { headers: PLAIN_HEADERS });
    await response.arrayBuffer();
    return performance.now() - sent;
  };
  const quiet = [];
  for (let i = 0; i < 10; i++) quiet.push(await visit());
  const cpuBefore = cpuMs(server.pid);
  let answered = false;
  const visits = (async () => {
    const times = [];
    while (!answered || times.length < BURST_MIN_VISITS) times.push(await visit());
    return times;
  })();
  const statuses = {};
  const loginTimes = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BURST_LOGINS }, async (_, i) => {
      const sent = performance.now();
      const response = await fetch(server.origin + "/login", {
        method: "POST",
        headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: `nobody${i}@bench.test`, password: "not-the-password" }),
        redirect: "manual",
      });
      await response.arrayBuffer();
      loginTimes.push(performance.now() - sent);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }),
  );
  const burstMs = performance.now() - started;
  answered = true;
  const times = await visits;
  const cpuAfter = cpuMs(server.pid);
  const round = (value) => Math.round(value);
  return {
    logins: BURST_LOGINS,
    statuses,
    burstMs: round(burstMs),
    loginP50: round(percentile(loginTimes, 50)),
    loginMax: round(Math.max(...loginTimes)),
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore),
    quiet: { p50: round(percentile(quiet, 50)), p95: round(percentile(quiet, 95)) },
    visitor: {
      requests: times.length,
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      max: round(Math.max(...times)),
    },
  };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function burstLine(burst) {
  const statuses = Object.entries(burst.statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(", ");
  return (
    `Login burst: ${burst.logins} concurrent failed logins (${statuses}) answered in ${burst.burstMs} ms, server CPU ${burst.serverCpuMs ?? "n/a"} ms; ` +
    `/services meanwhile p50 ${burst.visitor.p50} ms, p95 ${burst.visitor.p95} ms, max ${burst.visitor.max} ms over ${burst.visitor.requests} requests (quiet: p50 ${burst.quiet.p50} ms, p95 ${burst.quiet.p95} ms).`
  );
}

// ---------------------------------------------------------------------------------------------
// Runs

async function findRoutes(origin) {
  const html = await (await fetch(`${origin}/services`)).text();
  const match = html.match(/href="\/order\/([^"/?#]+)"/);
  const routes = { home: "/", services: "/services", order: match ? `/order/${match[1]}` : null, api: "/api/services" };
  const api = await fetch(origin + routes.api, { headers: { accept: "application/json" } });
  await api.arrayBuffer();
  if (api.status !== 200) routes.api = null;
  return routes;
}

function selected(key) {
  const only = args.get("only");
  if (typeof only === "string") return only.split(",").includes(key);
  return !LIGHTHOUSE_ONLY || ["home", "services", "order"].includes(key);
}

async function measureApp({ label, env, browserWork, reference }) {
  log(`${label}: starting the app`);
  const server = await startServer({
    name: label,
    cwd: ROOT,
    env: { ...BENCH_LIMITS, ...env },
    readyPath: "/readyz",
    countQueries: true,
  });
  try {
    const routes = await findRoutes(server.origin);
    const signedIn = {};
    if (["dashboard", "myOrder", "manageAllOrders"].some(selected)) {
      log(`${label}: signed-in fixture (${SIGNED_IN_ORDERS.customer + SIGNED_IN_ORDERS.others} orders)`);
      const cookies = await signedInFixture(server.origin);
      Object.assign(routes, {
        dashboard: "/dashboard",
        myOrder: "/dashboard/myOrder",
        manageAllOrders: "/dashboard/manageAllOrders",
      });
      Object.assign(signedIn, { dashboard: cookies.admin, myOrder: cookies.customer, manageAllOrders: cookies.admin });
    }
    for (const key of Object.keys(routes)) if (!selected(key)) delete routes[key];
    log(`${label}: routes ${JSON.stringify(routes)}`);
    const result = { database: label, routes: {} };
    if (LIGHTHOUSE_ONLY) {
      for (const [key, route] of Object.entries(routes)) {
        result.routes[key] = route ? { path: route, available: true } : { path: `/${key}/{id}`, available: false };
      }
      await browserWork?.(server.origin, routes, result).catch((error) => {
        log(`${label}: browser measurements failed: ${error.message}`);
        result.browserError = error.message;
      });
      return result;
    }
    // The reference is measured right before and right after the routes: on a shared machine the
    // load of other processes drifts, and the ratio uses the mean of the two.
    log(`${label}: reference before`);
    const before = await throughput(reference, "/");
    for (const [key, route] of Object.entries(routes)) {
      if (!route) {
        result.routes[key] = { path: key === "api" ? "/api/services" : `/${key}/{id}`, available: false };
        continue;
      }
      const url = server.origin + route;
      const headers = signedIn[key] ? { ...PLAIN_HEADERS, cookie: signedIn[key] } : PLAIN_HEADERS;
      const { queries, html } = await queriesPerRequest(server, url, headers);
      log(`${label}: ${route}: ${DURATION} s at ${CONNECTIONS} connections`);
      const load = await throughput(server, route, headers);
      const path = signedIn[key] ? `${route} (${key === "myOrder" ? "customer" : "admin"})` : route;
      result.routes[key] = { path, available: true, queries, html, ...load };
    }
    log(`${label}: reference after`);
    const after = await throughput(reference, "/");
    const mean = (key) =>
      before[key] === null || after[key] === null ? null : Math.round(((before[key] + after[key]) / 2) * 100) / 100;
    result.reference = { before, after, rps: mean("rps"), p99: mean("p99"), cpuMsPerRequest: mean("cpuMsPerRequest") };
    if (!args.has("only")) {
      log(`${label}: / with a browser's Accept-Encoding`);
      result.compressed = { path: "/ [br]", ...(await throughput(server, "/", BROWSER_HEADERS)) };
    }
    if (browserWork) {
      // A missing or crashing Chromium costs these columns, not the run.
      await browserWork(server.origin, routes, result).catch((error) => {
        log(`${label}: browser measurements failed: ${error.message}`);
        result.browserError = error.message;
      });
    }
    // Last: its failed logins use up this address's login limit, which the admin's sign-in above needs.
    if (!args.has("only") && !args.has("no-burst")) {
      log(`${label}: login burst`);
      result.loginBurst = await loginBurst(server);
    }
    return result;
  } finally {
    await server.stop();
  }
}

async function measureReference(server) {
  if (args.has("only") || LIGHTHOUSE_ONLY) return { path: "/ (bench/fixture)", js: null, compressed: null };
  log("reference: / with a browser's Accept-Encoding");
  const compressed = await throughput(server, "/", BROWSER_HEADERS);
  let js = null;
  if (!args.has("no-browser")) {
    try {
      const browser = await launchPlaywright();
      js = await scriptBytes(browser, server.origin + "/").finally(() => browser.close());
    } catch (error) {
      log(`reference: page load failed: ${error.message}`);
    }
  }
  return { path: "/ (bench/fixture)", js, compressed: { path: "/ [br] (bench/fixture)", ...compressed } };
}

async function signInAsAdmin(page, origin) {
  await page.goto(origin + "/login");
  await page.getByPlaceholder("Your Email").fill(process.env.ADMIN_EMAIL ?? "admin@tourbooking.test");
  await page.getByPlaceholder("Your Password").fill(process.env.ADMIN_PASSWORD ?? "admin12345");
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/login")),
    page.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
}

async function launchPlaywright() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((flag) => flag !== "--headless=new") });
}

async function browserMeasurements(origin, routes, result) {
  const pages = ["home", "services", "order"].filter((key) => routes[key]);
  if (!args.has("no-browser")) {
    log("embedded: JavaScript per page (Chromium)");
    const browser = await launchPlaywright();
    try {
      for (const key of pages) result.routes[key].js = await scriptBytes(browser, origin + routes[key]);
      // The dashboard as the seeded admin sees it (every sidebar link): JavaScript only.
      const js = await scriptBytes(browser, origin + "/dashboard", { signIn: (page) => signInAsAdmin(page, origin) });
      if (result.routes.dashboard) result.routes.dashboard.js = js;
      else result.routes.dashboard = { path: "/dashboard (admin, JS only)", available: true, js };
    } finally {
      await browser.close();
    }
  }
  if (!args.has("no-lighthouse")) {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      for (const key of pages) {
        log(`embedded: Lighthouse ${routes[key]} (${LIGHTHOUSE_RUNS} runs)`);
        result.routes[key].lighthouse = await lighthouseRoute(lighthouse, chrome.port, origin + routes[key]);
      }
    } finally {
      await chrome.kill();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Output

const fmt = (value, digits = 0) => (value === null || value === undefined ? "n/a" : Number(value).toFixed(digits));
const kb = (bytes) => (bytes === null || bytes === undefined ? "n/a" : `${(bytes / 1024).toFixed(1)} KB`);

/** The median first contentful paint, and the runs' lowest and highest, in seconds. */
const fcpCell = (lh) => {
  const s = (ms) => (ms / 1000).toFixed(1);
  const runs = lh.fcpRunsMs ?? [];
  return runs.length > 1 ? `${s(lh.metrics.fcpMs)} (${s(Math.min(...runs))}–${s(Math.max(...runs))})` : s(lh.metrics.fcpMs);
};

const cpuRatio = (reference, route) => (reference && route ? (reference / route).toFixed(2) : "n/a");

function table(results) {
  const head = [
    "database",
    "route",
    "req/s",
    "p50 ms",
    "p99 ms",
    "ratio",
    "p99 ratio",
    "load",
    "CPU ms/req",
    "CPU ratio",
    "queries",
    "HTML raw/gzip",
    "JS gzip",
    "LH perf/a11y/bp/seo",
    "LH FCP s",
    "LH LCP s",
    "LH TBT ms (CPU)",
  ];
  const rows = [];
  for (const run of results.runs) {
    const ref = run.reference;
    const refCell = (key, digits = 0) => `${fmt(ref.before[key], digits)}/${fmt(ref.after[key], digits)}`;
    if (ref)
      rows.push([
        run.database,
        `${results.reference.path} before/after`,
        refCell("rps"),
        refCell("p50"),
        refCell("p99"),
        "1.00",
        "1.00",
        refCell("load", 1),
        refCell("cpuMsPerRequest", 2),
        "1.00",
        "0",
        "",
        kb(results.reference.js?.gzip),
        "",
        "",
        "",
        "",
      ]);
    for (const route of Object.values(run.routes)) {
      if (!route.available) {
        rows.push([
          run.database,
          route.path,
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "n/a",
          "",
          "",
          "",
          "",
          "",
          "",
        ]);
        continue;
      }
      const lh = route.lighthouse;
      rows.push([
        run.database,
        route.path,
        fmt(route.rps),
        fmt(route.p50),
        fmt(route.p99),
        route.rps === undefined ? "n/a" : fmt(route.rps / run.reference.rps, 2),
        route.p99 === undefined ? "n/a" : fmt(route.p99 / run.reference.p99, 2),
        route.load === undefined && lh?.load
          ? `${fmt(lh.load.min, 1)}–${fmt(lh.load.max, 1)} (BI ${fmt(lh.benchmarkIndex)})`
          : fmt(route.load, 1),
        fmt(route.cpuMsPerRequest, 2),
        cpuRatio(run.reference?.cpuMsPerRequest, route.cpuMsPerRequest),
        fmt(route.queries),
        route.html ? `${kb(route.html.raw)} / ${kb(route.html.gzip)}` : "",
        route.js ? kb(route.js.gzip) : "",
        lh ? `${lh.performance}/${lh.accessibility}/${lh["best-practices"]}/${lh.seo}` : "",
        lh ? fcpCell(lh) : "",
        lh ? fmt(lh.metrics.lcpMs / 1000, 1) : "",
        lh ? `${fmt(lh.metrics.tbtMs)} (${fmt(lh.metrics.cpuBlockingMs)})` : "",
      ]);
    }
  }
  // With compression: against the reference measured the same way.
  const rc = results.reference.compressed;
  if (rc)
    rows.push([
      "-",
      rc.path,
      fmt(rc.rps),
      fmt(rc.p50),
      fmt(rc.p99),
      "1.00",
      "1.00",
      fmt(rc.load, 1),
      fmt(rc.cpuMsPerRequest, 2),
      "1.00",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
  for (const run of results.runs) {
    const c = run.compressed;
    if (c && rc)
      rows.push([
        run.database,
        c.path,
        fmt(c.rps),
        fmt(c.p50),
        fmt(c.p99),
        fmt(c.rps / rc.rps, 2),
        fmt(c.p99 / rc.p99, 2),
        fmt(c.load, 1),
        fmt(c.cpuMsPerRequest, 2),
        cpuRatio(rc.cpuMsPerRequest, c.cpuMsPerRequest),
        "",
        "",
        "",
        "",
        "",
        "",
        "",
      ]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

function findings(results) {
  const lines = [];
  for (const run of results.runs) {
    for (const route of Object.values(run.routes)) {
      for (const audit of route.lighthouse?.failing ?? []) {
        lines.push(
          `${route.path}  ${audit.category}  ${audit.id}  (${audit.runs}/${LIGHTHOUSE_RUNS} runs, score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""}): ${audit.title}`,
        );
      }
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (args.has("burst-only")) return burstOnly();
  if (args.has("soak")) {
    const { soak } = await import("./soak.mjs");
    return soak({ args, buildApp: () => run("npm", ["run", "build"], ROOT) });
  }
  if (!args.has("skip-build")) {
    log("building the app (npm run build)");
    run("npm", ["run", "build"], ROOT);
    if (!LIGHTHOUSE_ONLY) {
      log("building the reference fixture");
      run(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build", FIXTURE], ROOT);
    }
  }

  const results = {
    date: new Date().toISOString(),
    commit:
      process.env.BENCH_COMMIT ??
      (spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout?.trim() || null),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION,
      warmupS: WARMUP,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      headers: PLAIN_HEADERS,
      compressedHeaders: BROWSER_HEADERS,
    },
    reference: null,
    runs: [],
  };

  if (LIGHTHOUSE_ONLY) {
    await measureAll(results, null);
  } else {
    log("reference: starting the fixture");
    const reference = await startServer({ name: "reference", cwd: FIXTURE, env: {}, readyPath: "/", countQueries: false });
    try {
      await measureAll(results, reference);
    } finally {
      await reference.stop();
    }
  }

  results.durationS = Math.round((Date.now() - started) / 1000);
  writeFileSync(path.join(ROOT, "bench", "results.json"), JSON.stringify(results, null, 2) + "\n");

  console.log(
    `\nBenchmark ${results.date} (commit ${results.commit}, ${results.machine.cpus} CPUs, Node ${results.machine.node}), ${CONNECTIONS} connections, ${DURATION} s per route\n`,
  );
  console.log(table(results));
  if (results.postgresqlError) console.log(`\nPostgreSQL run failed: ${results.postgresqlError}`);
  for (const run of results.runs) if (run.loginBurst) console.log(`\n${run.database}: ${burstLine(run.loginBurst)}`);
  const warnings = new Set(
    results.runs.flatMap((run) => Object.values(run.routes).flatMap((route) => route.lighthouse?.warnings ?? [])),
  );
  if (warnings.size > 0) console.log(`\nLighthouse's warnings:\n${[...warnings].map((text) => `  ${text}`).join("\n")}`);
  const failing = findings(results);
  if (failing.length > 0) {
    console.log("\nLighthouse audits below a full score (route, category, audit id):");
    for (const line of failing) console.log(`  ${line}`);
  }
  console.log(
    `\n[br] rows: the Accept-Encoding of a browser (the server answers gzip: it skips brotli for its CPU cost); ratio against the reference's [br] row.`,
  );
  console.log(
    `CPU ms/req = the server process's CPU time per request during the measurement; CPU ratio = reference's ÷ route's (the ratio an idle machine would show, when the database is in-process).`,
  );
  console.log(
    `ratio = route req/s ÷ mean of the reference before/after (goal ≥ 0.5; ≥ 0.9 for / and /services); p99 ratio = route p99 ÷ mean of the reference's (goal ≤ 2); load = the machine's 1-minute load average as the route's measurement started (with --lighthouse-only: its lowest–highest over the Lighthouse runs, and BI, Lighthouse's benchmark index of the host, median);`,
  );
  console.log(`JS = gzip bytes of the scripts a page load downloads (goal ≤ 120 KB for /);`);
  console.log(
    `queries = SQL statements per request; Lighthouse = median of ${LIGHTHOUSE_RUNS}, mobile defaults (goal 95/100/100/100); LH FCP = its first contentful paint, median (lowest–highest run; goal ≤ 1.5 s); LH LCP = its largest contentful paint, median; LH TBT = its total blocking time, median, and in brackets the same sum of each task's CPU time (what an idle machine would show: bench/trace-figures.mjs);`,
  );
  console.log(`Written to bench/results.json in ${results.durationS} s.`);
}

async function measureAll(results, reference) {
  results.reference = await measureReference(reference);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  try {
    results.runs.push(
      await measureApp({
        label: "embedded",
        env: { DATA_DIR: dataDir, DATABASE_URL: "" },
        browserWork: browserMeasurements,
        reference,
      }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Lighthouse runs on the embedded database only.
  if (process.env.DATABASE_URL && !LIGHTHOUSE_ONLY) {
    const database = await serverDatabase(process.env.DATABASE_URL);
    const pgDataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
    try {
      results.runs.push(
        await measureApp({
          label: "postgresql",
          env: {
            DATABASE_URL: database.url,
            DATA_DIR: pgDataDir,
            SESSION_SECRET: `bench-${Math.random().toString(36).slice(2)}-secret-0123456789`,
          },
          reference,
        }),
      );
    } catch (error) {
      // Keep the embedded figures: report the PostgreSQL run as failed.
      log(`postgresql run failed: ${error.message}`);
      results.postgresqlError = error.message;
      process.exitCode = 1;
    } finally {
      await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
}

async function burstOnly() {
  if (!args.has("skip-build")) run("npm", ["run", "build"], ROOT);
  const burst = async (label, env) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
    const server = await startServer({
      name: label,
      cwd: ROOT,
      env: { DATA_DIR: dataDir, ...env },
      readyPath: "/readyz",
      countQueries: false,
    });
    try {
      const result = await loginBurst(server);
      console.log(JSON.stringify({ database: label, ...result }));
      console.log(`${label}: ${burstLine(result)}`);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  await burst("embedded", { DATABASE_URL: "" });
  if (process.env.DATABASE_URL) {
    const database = await serverDatabase(process.env.DATABASE_URL);
    try {
      await burst("postgresql", {
        DATABASE_URL: database.url,
        SESSION_SECRET: `bench-${Math.random().toString(36).slice(2)}-secret-0123456789`,
      });
    } finally {
      await database.drop();
    }
  }
}

function run(command, commandArgs, cwd) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed (${result.status})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
