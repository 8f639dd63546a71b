#!/usr/bin/env node
// `npm run bench:profile`: where the production server's CPU goes under load. Starts the built app
// (server/start.mjs, NODE_ENV=production, a fresh embedded database, or a fresh PostgreSQL database
// with DATABASE_URL) with bench/cpu-probe.mjs preloaded, builds the bench's signed-in fixture,
// loads each route with autocannon (50 connections) while V8's sampling profiler records, and
// prints each route's top frames by self time and by total time, and the self time of each package
// (node_modules/<name>, node:*, the app's build). The .cpuprofile files stay in bench/profiles/
// (not committed): Chromium's DevTools (Performance, "Load profile") or speedscope draw them as a
// flame graph.
//
// Options: --routes=/dashboard,/dashboard/myOrder (default: the three signed-in pages),
// --duration=SECONDS (default 15 per route), --connections=N (default 50), --top=N (default 20),
// --summarise=FILE.cpuprofile (only print the summary of an existing profile).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { BENCH_LIMITS, log, ROOT, serverDatabase, signedInFixture, startServer } from "./app-client.mjs";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const DURATION = Number(args.get("duration") ?? 15);
const CONNECTIONS = Number(args.get("connections") ?? 50);
const TOP = Number(args.get("top") ?? 20);
const ROUTES = String(args.get("routes") ?? "/dashboard,/dashboard/myOrder,/dashboard/manageAllOrders").split(",");
const OUT = path.join(ROOT, "bench", "profiles");

/** Self and total time per frame (function, file, line), and self time per package. */
export function summarise(profile, top = TOP) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++)
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const total = profile.samples.length ? dt.reduce((a, b) => a + b, 0) : 0;
  const frameKey = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || "(anonymous)"} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ""}`;
  };
  const selfByFrame = new Map();
  const totalByFrame = new Map();
  const selfByPackage = new Map();
  for (const [id, time] of self) {
    const node = byId.get(id);
    const key = frameKey(node);
    selfByFrame.set(key, (selfByFrame.get(key) ?? 0) + time);
    const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
    selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + time);
    // Total time: every distinct frame on the sample's stack counts the sample once.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = frameKey(byId.get(at));
      if (seen.has(frame)) continue;
      seen.add(frame);
      totalByFrame.set(frame, (totalByFrame.get(frame) ?? 0) + time);
    }
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, time]) => ({ frame, ms: Math.round(time / 1000), percent: Math.round((time / total) * 1000) / 10 }));
  return { totalMs: Math.round(total / 1000), self: rank(selfByFrame), total: rank(totalByFrame), packages: rank(selfByPackage) };
}

function shortUrl(url) {
  if (!url) return "";
  const at = url.lastIndexOf("node_modules/");
  if (at >= 0) return url.slice(at + "node_modules/".length);
  return url.replace(`file://${ROOT}/`, "");
}

function packageOf(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node:*";
  const at = url.lastIndexOf("node_modules/");
  if (at < 0) return url.includes("/build/") ? "app (build/index.js)" : shortUrl(url);
  const rest = url.slice(at + "node_modules/".length).split("/");
  return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
}

function print(title, summary) {
  console.log(`\n## ${title}: ${summary.totalMs} ms sampled`);
  for (const [name, rows] of [
    ["self time", summary.self],
    ["total time", summary.total],
    ["self time per package", summary.packages],
  ]) {
    console.log(`\n${name}:\n`);
    console.log("| % | ms | frame |\n| --: | --: | --- |");
    for (const row of rows) console.log(`| ${row.percent} | ${row.ms} | \`${row.frame.replaceAll("|", "\\|")}\` |`);
  }
}

function cannon(url, headers) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

async function main() {
  if (args.has("summarise")) {
    const file = String(args.get("summarise"));
    print(path.basename(file), summarise(JSON.parse(readFileSync(file, "utf8"))));
    return;
  }
  const label = process.env.DATABASE_URL ? "postgresql" : "embedded";
  const database = process.env.DATABASE_URL ? await serverDatabase(process.env.DATABASE_URL) : null;
  const dataDir = path.join(os.tmpdir(), `bench-profile-${process.pid}`);
  const profileDir = path.join(OUT, `${label}-${Date.now()}`);
  mkdirSync(profileDir, { recursive: true });
  const server = await startServer({
    name: "profile",
    cwd: ROOT,
    env: {
      ...BENCH_LIMITS,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      // Required in production with DATABASE_URL.
      ...(database ? { SESSION_SECRET: `profile-${Math.random().toString(36).slice(2)}-secret-0123456789` } : {}),
    },
    readyPath: "/readyz",
    nodeArgs: ["--import", new URL("./cpu-probe.mjs", import.meta.url).href],
  });
  const files = [];
  try {
    log(`${label}: signed-in fixture`);
    const cookies = await signedInFixture(server.origin);
    for (const route of ROUTES) {
      const cookie = route === "/dashboard/myOrder" ? cookies.customer : route.startsWith("/dashboard") ? cookies.admin : "";
      const headers = { accept: "text/html,*/*", ...(cookie ? { cookie } : {}) };
      log(
        `${label}: ${route}: ${DURATION} s at ${CONNECTIONS} connections, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}`,
      );
      await server.ask({ type: "profile:start" }, "profile:started");
      const result = await cannon(server.origin + route, headers);
      const { profile } = await server.ask({ type: "profile:stop" }, "profile:stopped");
      const file = path.join(profileDir, `${route.replace(/\W+/g, "_") || "root"}.cpuprofile`);
      writeFileSync(file, profile);
      files.push({ route, file });
      log(
        `${label}: ${route}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
      );
    }
  } finally {
    await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const { route, file } of files)
    print(`${label} ${route} (${path.relative(ROOT, file)})`, summarise(JSON.parse(readFileSync(file, "utf8"))));
}

await main();
