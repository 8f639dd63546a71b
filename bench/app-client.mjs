// Shared by bench/run.mjs and bench/soak.mjs: the production server in a child process, a
// PostgreSQL database of its own, and the signed-in requests the fixture and the soak send.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const log = (msg) => console.error(`[bench] ${msg}`);

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

/** Starts server/start.mjs in `cwd` and waits until `readyPath` answers 200. */
export async function startServer({ name, cwd, env, readyPath, countQueries, memoryProbe, nodeArgs: extraArgs = [] }) {
  const port = await freePort();
  const logDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-log-`));
  const logFile = path.join(logDir, "server.log");
  const fd = openSync(logFile, "w");
  const nodeArgs = [...extraArgs];
  if (countQueries) nodeArgs.push("--import", pathToImport(path.join(ROOT, "bench", "count-queries.mjs")));
  if (memoryProbe) nodeArgs.push("--expose-gc", "--import", pathToImport(path.join(ROOT, "bench", "memory-probe.mjs")));
  nodeArgs.push(path.join(ROOT, "server", "start.mjs"));
  const child = spawn(process.execPath, nodeArgs, {
    cwd,
    // PUBLIC_URL: required in production with DATABASE_URL; the links the pages make point back here.
    // The demo packages and administrator (admin12345) are what the benchmarks order and sign in with.
    env: {
      SEED_DEMO_DATA: "true",
      ...process.env,
      NODE_ENV: "production",
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ["ignore", fd, fd, "ipc"],
  });
  closeSync(fd);
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (true) {
    if (exited) throw new Error(`${name} server exited (${JSON.stringify(exited)}):\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} server not ready after 180 s:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(origin + readyPath);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  let nextId = 0;
  return {
    origin,
    pid: child.pid,
    logFile,
    async queryCount() {
      if (!countQueries) return null;
      const id = ++nextId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 2_000);
        const onMessage = (message) => {
          if (message?.type === "bench:queries" && message.id === id) {
            clearTimeout(timer);
            child.off("message", onMessage);
            resolve(message.count);
          }
        };
        child.on("message", onMessage);
        child.send({ type: "bench:queries", id });
      });
    },
    /** Sends `message` over IPC and resolves with the answer of type `answerType` (a preloaded probe's). */
    ask(message, answerType, timeoutMs = 30_000) {
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${answerType} from ${name}`)), timeoutMs);
        const onMessage = (answer) => {
          if (answer?.type === answerType && answer.id === id) {
            clearTimeout(timer);
            child.off("message", onMessage);
            resolve(answer);
          }
        };
        child.on("message", onMessage);
        child.send({ ...message, id });
      });
    },
    /** The server's memory (bench/memory-probe.mjs), after a full collection when `gc`; null without the probe. */
    async memory({ gc = false } = {}) {
      if (!memoryProbe) return null;
      const id = ++nextId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 10_000);
        const onMessage = (message) => {
          if (message?.type === "soak:memory" && message.id === id) {
            clearTimeout(timer);
            child.off("message", onMessage);
            resolve(message.memory);
          }
        };
        child.on("message", onMessage);
        child.send({ type: "soak:memory", id, gc });
      });
    },
    async stop() {
      if (exited) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
      await done;
      clearTimeout(timer);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

function pathToImport(file) {
  return new URL(`file://${file}`).href;
}

function tail(file) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "";
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database on the server of DATABASE_URL, dropped afterwards; DATABASE_URL itself if the role may not create one. */
export async function serverDatabase(url) {
  const { default: pg } = await import("pg");
  const name = `tour_booking_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    log(`PostgreSQL: cannot create a bench database (${error.message}); using DATABASE_URL as it is`);
    await admin.end().catch(() => undefined);
    return { url, drop: async () => undefined };
  }
  await admin.end();
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  return {
    url: benchUrl.href,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The session cookie ("name=value") a sign-in or registration answer sets. */
function sessionCookieOf(response) {
  const found = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (!found) throw new Error(`no session cookie (status ${response.status})`);
  return found.split(";")[0];
}

export async function postForm(origin, path, fields, cookie) {
  const response = await fetch(origin + path, {
    method: "POST",
    headers: {
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}

export async function signInCookie(origin, email, password) {
  return sessionCookieOf(await postForm(origin, "/login", { email, password }));
}

export async function registerCookie(origin, email) {
  const password = "bench-password-123";
  const response = await postForm(origin, "/register", {
    displayName: "Bench Customer",
    email,
    password,
    confirmPassword: password,
  });
  return sessionCookieOf(response);
}

/** A package of the bench's own, without departures: any number of orders can be placed on it. */
export async function createPackage(origin, adminCookie) {
  const response = await fetch(origin + "/api/services", {
    method: "POST",
    headers: { Origin: origin, Cookie: adminCookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      title: "Bench Tour",
      cost: 300,
      image: "/images/tours/bandarban.svg",
      description: "Made by the bench.",
    }),
  });
  if (response.status !== 201) throw new Error(`POST /api/services answered ${response.status}`);
  return (await response.json()).insertedId;
}

/** The package's date with the most seats left, when it has dates (a package with dates needs one). */
async function roomiestDeparture(origin, serviceId) {
  const response = await fetch(`${origin}/api/services/${serviceId}/departures`, { headers: { accept: "application/json" } });
  const departures = response.ok ? await response.json() : [];
  if (departures.length === 0) return undefined;
  const best = departures.reduce((a, b) => (b.seatsLeft > a.seatsLeft ? b : a));
  if (best.seatsLeft < 2) throw new Error(`package ${serviceId} is sold out`);
  return best._id;
}

export async function placeOrder(origin, cookie, email, serviceId) {
  const departure = await roomiestDeparture(origin, serviceId);
  const response = await fetch(origin + "/api/my-orders", {
    method: "POST",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Rina",
      lastName: "Chowdhury",
      streetAddress: "House 14, Road 27, Block C",
      townName: "Mohammadpur Town",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email,
      service: serviceId,
      quantity: 2,
      type: "couple",
      ...(departure ? { departure } : {}),
    }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`POST /api/my-orders answered ${response.status}`);
}

export const SIGNED_IN_ORDERS = { customer: 4, others: 136 };
// The bench places its fixture's orders through the API from one address: room for them.
export const BENCH_LIMITS = {
  RATE_LIMIT_ORDER_MAX: "1000",
  RATE_LIMIT_WRITE_ADDRESS_MAX: "1000",
  // One account places ~140 unpaid orders.
  HOLD_MAX_SEATS_PER_DEPARTURE: "100000",
  HOLD_MAX_SEATS_PER_ACCOUNT: "100000",
};

/**
 * The signed-in fixture: the administrator's cookie, and a customer with 4 orders among ~140
 * (the others of a second customer), all placed through the API.
 */
export async function signedInFixture(origin) {
  const admin = await signInCookie(
    origin,
    process.env.ADMIN_EMAIL ?? "admin@tourbooking.test",
    process.env.ADMIN_PASSWORD ?? "admin12345",
  );
  // ~140 orders need more seats than a demo date has: a package of the bench's own, without dates.
  const serviceId = await createPackage(origin, admin);
  const customerEmail = `bench-customer-${process.pid}@bench.test`;
  const customer = await registerCookie(origin, customerEmail);
  const othersEmail = `bench-others-${process.pid}@bench.test`;
  const others = await registerCookie(origin, othersEmail);
  for (let i = 0; i < SIGNED_IN_ORDERS.customer; i++) await placeOrder(origin, customer, customerEmail, serviceId);
  for (let i = 0; i < SIGNED_IN_ORDERS.others; i++) await placeOrder(origin, others, othersEmail, serviceId);
  return { admin, customer };
}
