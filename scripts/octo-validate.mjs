#!/usr/bin/env node
// Runs the official OCTO validator's supplier checks (octotravel/validator) against this app's
// production server: the core, then with the capabilities GET /octo/capabilities lists (octo/pricing).
//
//   node scripts/octo-validate.mjs --validator=/path/to/validator [--skip-build] [--keep]
//
// The validator is a checkout of its repository (not part of ours, and never needed by the tests).
// Its checks are run as its ValidationController runs them, without its own server and database
// (a small runner written to a temporary file imports its flows); the packages they import are
// installed once into <validator>/backend/node_modules. Makes a database of its own
// (tour_booking_octo_validate on DATABASE_URL's server, default postgresql://postgres@127.0.0.1:5432),
// starts the built server on it, adds a reseller and its key, gives the first product two
// departures in the next 30 days and a sold-out one (the validator reserves there), prints every
// scenario and exits 1 when one fails. Results: docs/octo.md, Conformance.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, "").split("=");
    return [key, value ?? true];
  }),
);
const VALIDATOR = typeof args.get("validator") === "string" ? path.resolve(args.get("validator")) : null;
const SERVER_URL = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
const DATABASE = "tour_booking_octo_validate";
const DATABASE_URL = Object.assign(new URL(SERVER_URL), { pathname: `/${DATABASE}` }).toString();
// What the validator's supplier flows import (its backend/package.json pins more, for its server).
const PACKAGES = [
  "@octocloud/types@^2.0.2",
  "@octocloud/core",
  "ramda@0.28.0",
  "date-fns@4.1.0",
  "date-fns-tz@3.2.0",
  "uuid@9.0.0",
  "yup@0.32.11",
  "@needle-di/core@0.10.1",
  "tsx@4.20.6",
];

const log = (msg) => console.error(`[octo-validate] ${msg}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The validator's backend with the packages its supplier flows import. */
function prepareValidator() {
  const backend = path.join(VALIDATOR, "backend");
  const flows = path.join(backend, "src/common/validation/supplier/services/validation");
  if (!existsSync(flows)) throw new Error(`${VALIDATOR} is not a checkout of octotravel/validator (no ${flows})`);
  const tsx = path.join(backend, "node_modules/.bin/tsx");
  if (!existsSync(tsx)) {
    log(`installing the validator's packages into ${backend}/node_modules`);
    // Its own package.json lists its server's packages too (and a version of @octocloud/core the
    // registry may not have): install only those its flows need, then put its files back as they were.
    const manifest = path.join(backend, "package.json");
    const original = readFileSync(manifest);
    writeFileSync(manifest, `${JSON.stringify({ name: "octo-validator-flows", private: true }, null, 2)}\n`);
    try {
      const installed = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--no-save", "--no-package-lock", ...PACKAGES], {
        cwd: backend,
        stdio: "inherit",
      });
      if (installed.status !== 0) throw new Error("npm install failed");
    } finally {
      writeFileSync(manifest, original);
    }
  }
  return { tsx, flows };
}

/** The runner: the validator's own flows, in its ValidationController's order, on one Context. */
function runnerSource(flows) {
  const file = (relative) => JSON.stringify(path.join(flows, relative));
  return `
import { Context } from ${file("context/Context.ts")};
import { CapabilitiesFlow } from ${file("Flows/Capabilites/CapabilitiesFlow.ts")};
import { SupplierFlow } from ${file("Flows/Supplier/SupplierFlow.ts")};
import { ProductFlow } from ${file("Flows/Product/ProductFlow.ts")};
import { AvailabilityCalendarFlow } from ${file("Flows/Availability/AvailabilityCalendarFlow.ts")};
import { AvailabilityFlow } from ${file("Flows/Availability/AvailabilityFlow.ts")};
import { BookingReservationFlow } from ${file("Flows/Booking/BookingReservationFlow.ts")};
import { BookingExtendFlow } from ${file("Flows/Booking/BookingExtendFlow.ts")};
import { BookingConfirmationFlow } from ${file("Flows/Booking/BookingConfirmationFlow.ts")};
import { BookingUpdateFlow } from ${file("Flows/Booking/BookingUpdateFlow.ts")};
import { BookingCancellationFlow } from ${file("Flows/Booking/BookingCancellationFlow.ts")};
import { BookingGetFlow } from ${file("Flows/Booking/BookingGetFlow.ts")};
import { BookingListFlow } from ${file("Flows/Booking/BookingListFlow.ts")};

async function main() {
const [endpoint, key, capabilities] = process.argv.slice(2);
const context = new Context();
context.setSchema({ backend: { endpoint, headers: { Authorization: "Bearer " + key } } });
context.useRequestContext = false;
const flows = [
  ...(capabilities === "yes" ? [new CapabilitiesFlow()] : []),
  new SupplierFlow(), new ProductFlow(), new AvailabilityCalendarFlow(), new AvailabilityFlow(),
  new BookingReservationFlow(), new BookingExtendFlow(), new BookingConfirmationFlow(), new BookingUpdateFlow(),
  new BookingCancellationFlow(), new BookingGetFlow(), new BookingListFlow(),
];
const results = [];
for (const flow of flows) {
  const result = await flow.validate(context);
  results.push({
    name: result.name,
    result: result.validationResult,
    scenarios: result.scenarios.map((scenario) => ({
      name: scenario.name,
      result: scenario.validationResult,
      success: scenario.success,
      errors: scenario.errors.map((error) => error.type + " " + error.message),
      request: scenario.success ? null : scenario.request && scenario.request.method + " " + scenario.request.url,
      response: scenario.success ? null : scenario.response && scenario.response.status + " " + String(typeof scenario.response.body === "string" ? scenario.response.body : JSON.stringify(scenario.response.body)).slice(0, 500),
    })),
  });
  if (context.terminateValidation) break;
}
process.stdout.write("@@RESULT@@" + JSON.stringify({ capabilities: context.getCapabilityIDs(), results }));
}
main().catch((error) => { console.error(error); process.exit(1); });
`;
}

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

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "octo-validate-"));
  const logFile = path.join(dataDir, "server.log");
  const fd = openSync(logFile, "w");
  const child = spawn(process.execPath, [path.join(ROOT, "server", "start.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The validator books the demo packages.
      SEED_DEMO_DATA: "true",
      PORT: String(port),
      DATABASE_URL,
      SESSION_SECRET: "octo-validate-secret",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // The validator makes a few hundred calls with one key.
      RATE_LIMIT_OCTO_MAX: "100000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", fd, fd],
  });
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
  return {
    origin,
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await done;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A reseller and its key (as app/distribution/reseller-keys.server.ts makes one: only the hash is kept).
 * The validator leaves many holds running on few dates: its caps on seats held are raised, as an
 * agency raises a reseller's for a certification run (/dashboard/resellers, PATCH /api/resellers/{id}).
 */
async function createKey(client) {
  const key = `tbr_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  await client.query(
    `INSERT INTO "Reseller" (id, name, email, "commissionBasisPoints", "maxHeldSeatsPerDeparture", "maxHeldSeats")
     VALUES ('octo-validator', 'OCTO validator', 'validator@example.com', 1000, 10000, 10000)`,
  );
  await client.query(
    `INSERT INTO "ResellerKey" (id, "resellerId", hash, prefix) VALUES ('octo-validator-key', 'octo-validator', $1, $2)`,
    [hash, key.slice(0, 12)],
  );
  return key;
}

/**
 * The validator books the first product it lists on the dates it finds in the next 30 days: two
 * departures with seats enough for all its reservations, and one it must find SOLD_OUT (its only
 * seat held by a reseller's hold, as a sold-out date is).
 */
async function prepareProduct(client, origin, key) {
  const octo = (route, init = {}) =>
    fetch(`${origin}/octo${route}`, {
      ...init,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
    }).then((response) => response.json());
  const [product] = await octo("/products");
  const insert = (id, days, seats) =>
    client.query(
      `INSERT INTO "Departure" (id, "serviceId", "startDate", seats, "updatedAt") VALUES ($1, $2, current_date + $3::int, $4, now())
       ON CONFLICT ("serviceId", "startDate") DO UPDATE SET seats = EXCLUDED.seats, status = 'OPEN'`,
      [id, product.id, days, seats],
    );
  await insert("octo-validate-1", 3, 2000);
  await insert("octo-validate-2", 6, 2000);
  await insert("octo-validate-sold-out", 9, 1);
  const [soldOut] = await octo("/availability", {
    method: "POST",
    body: JSON.stringify({ productId: product.id, optionId: "DEFAULT", localDateStart: isoDay(9), localDateEnd: isoDay(9) }),
  });
  const held = await octo("/bookings", {
    method: "POST",
    body: JSON.stringify({
      uuid: randomUUID(),
      productId: product.id,
      optionId: "DEFAULT",
      availabilityId: soldOut.id,
      unitItems: [{ unitId: product.options[0].units[0].id }],
      expirationMinutes: 1440,
    }),
  });
  if (held.status !== "ON_HOLD") throw new Error(`could not sell out ${soldOut.id}: ${JSON.stringify(held)}`);
  return product;
}

/** YYYY-MM-DD `days` from today in Dhaka (the departures' dates). */
function isoDay(days) {
  const dhaka = new Date(Date.now() + 6 * 3_600_000);
  dhaka.setUTCDate(dhaka.getUTCDate() + days);
  return dhaka.toISOString().slice(0, 10);
}

function runValidator(tsx, runner, endpoint, key, capabilities) {
  const run = spawnSync(tsx, [runner, endpoint, key, capabilities ? "yes" : "no"], {
    cwd: path.dirname(runner),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const marker = run.stdout.lastIndexOf("@@RESULT@@");
  if (run.status !== 0 || marker < 0) throw new Error(`the validator did not run:\n${run.stderr.slice(-3000)}`);
  return JSON.parse(run.stdout.slice(marker + "@@RESULT@@".length));
}

function report(title, { capabilities, results }) {
  let passed = 0;
  let failed = 0;
  console.log(`\n# ${title} (capabilities: ${capabilities.join(", ") || "none"})`);
  for (const flow of results) {
    console.log(`\n## ${flow.name}: ${flow.result}`);
    for (const scenario of flow.scenarios) {
      if (scenario.success) passed++;
      else failed++;
      console.log(`- ${scenario.result}${scenario.success ? "" : " (failed)"}: ${scenario.name}`);
      for (const error of scenario.errors) console.log(`    ${error}`);
      if (!scenario.success) console.log(`    ${scenario.request}\n    -> ${scenario.response}`);
    }
  }
  console.log(`\n${title}: ${passed} passed, ${failed} failed`);
  return failed;
}

async function main() {
  if (!VALIDATOR) {
    console.error("usage: node scripts/octo-validate.mjs --validator=/path/to/octotravel/validator [--skip-build] [--keep]");
    process.exit(2);
  }
  const { tsx, flows } = prepareValidator();
  if (!args.has("skip-build")) {
    log("building");
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error("build failed");
  }
  log(`database ${DATABASE} on ${SERVER_URL.host}`);
  await withClient(SERVER_URL.toString(), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const runDir = mkdtempSync(path.join(os.tmpdir(), "octo-validate-runner-"));
  // CommonJS, as the validator's sources are compiled (their named exports, read from ES modules, are not found).
  const runner = path.join(runDir, "run.cts");
  writeFileSync(runner, runnerSource(flows));
  const server = await startServer(); // migrates and seeds the demo packages
  let failed = 0;
  try {
    const key = await withClient(DATABASE_URL, createKey);
    const product = await withClient(DATABASE_URL, (client) => prepareProduct(client, server.origin, key));
    log(`the validator books ${product.internalName} (${product.id})`);
    const endpoint = `${server.origin}/octo`;
    failed += report("Core", runValidator(tsx, runner, endpoint, key, false));
    failed += report("With the capabilities", runValidator(tsx, runner, endpoint, key, true));
  } finally {
    await server.stop();
    rmSync(runDir, { recursive: true, force: true });
    if (!args.has("keep"))
      await withClient(SERVER_URL.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
