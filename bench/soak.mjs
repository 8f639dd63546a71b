// `npm run bench -- --soak`: the production server's resident memory under mixed traffic.
//
// Starts the app (server/start.mjs, production build) on a fresh embedded database, and with
// DATABASE_URL a second time on a fresh PostgreSQL database, and sends for --soak-minutes (10)
// a mix from several concurrent clients: public pages (also with query strings that are never
// the same, which fill the render cache), the API, the signed-in pages of a customer and of the
// administrator, orders placed through the API (about 2 a second), sign-ins (one every 2 s, half
// of them signed out again) and a registration every 10 s. The server's RSS (VmRSS of
// /proc/{pid}/status) is read at start-up and every --sample-seconds (30); the report gives it at
// start, after --warmup-minutes (2), at the end and its highest, and writes bench/soak.json.
// RSS after the warm-up should stay flat: what grows there is a leak or an unbounded cache. The
// server runs with bench/memory-probe.mjs: the JavaScript heap it still holds after a full
// collection is reported too, after the warm-up and at the end (held memory that grows is a leak).
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createPackage,
  log,
  placeOrder,
  postForm,
  registerCookie,
  ROOT,
  serverDatabase,
  signInCookie,
  sleep,
  startServer,
} from "./app-client.mjs";

const CLIENTS = 6;
// Room for the soak's own orders, sign-ins and registrations from one address.
const SOAK_LIMITS = {
  RATE_LIMIT_ORDER_MAX: "1000000",
  RATE_LIMIT_WRITE_ADDRESS_MAX: "1000000",
  RATE_LIMIT_FORM_MAX: "1000000",
  RATE_LIMIT_LOGIN_ADDRESS_MAX: "1000000",
  RATE_LIMIT_LOGIN_MAX: "1000000",
  HOLD_MAX_SEATS_PER_DEPARTURE: "1000000",
  HOLD_MAX_SEATS_PER_ACCOUNT: "1000000",
};
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? "admin@tourbooking.test",
  password: process.env.ADMIN_PASSWORD ?? "admin12345",
};
const CUSTOMER_PASSWORD = "bench-password-123";

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return null;
  }
}

async function get(origin, pathname, cookie, accept = "text/html") {
  const response = await fetch(origin + pathname, { headers: { accept, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

async function soakOne({ label, env, minutes, warmupMinutes, sampleSeconds }) {
  log(`${label}: starting the app`);
  const server = await startServer({
    name: `soak-${label}`,
    cwd: ROOT,
    env: { ...SOAK_LIMITS, ...env },
    readyPath: "/readyz",
    memoryProbe: true,
  });
  const { origin, pid } = server;
  const samples = [{ seconds: 0, rssMb: rssMb(pid), heapMb: (await server.memory())?.heapUsed }];
  // After a full collection: what the app still holds (taken after the warm-up and at the end).
  const held = {};
  const counts = { requests: 0, orders: 0, logins: 0, logouts: 0, registrations: 0, errors: 0, statuses: {} };
  try {
    const services = await (await fetch(origin + "/api/services", { headers: { accept: "application/json" } })).json();
    const admin = await signInCookie(origin, ADMIN.email, ADMIN.password);
    // The demo packages' dates would sell out in ten minutes: orders also go to one without dates.
    const ids = [await createPackage(origin, admin), ...services.map((service) => service._id)];
    const customerEmail = `soak-customer-${process.pid}@bench.test`;
    const customer = await registerCookie(origin, customerEmail);
    for (let i = 0; i < 4; i++) await placeOrder(origin, customer, customerEmail, ids[0]);
    const buyerEmail = `soak-buyer-${process.pid}@bench.test`;
    const buyer = await registerCookie(origin, buyerEmail);
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const unique = () => Math.random().toString(36).slice(2);
    // [weight, request]
    const mix = [
      [14, () => get(origin, "/")],
      [14, () => get(origin, "/services")],
      [10, () => get(origin, `/order/${pick(ids)}`)],
      [4, () => get(origin, `/services?ref=${unique()}`)],
      [4, () => get(origin, "/about")],
      [3, () => get(origin, `/no-such-page-${unique()}`)],
      [12, () => get(origin, "/api/services", null, "application/json")],
      [4, () => get(origin, `/api/services/${pick(ids)}`, null, "application/json")],
      [4, () => get(origin, `/api/my-orders?email=${encodeURIComponent(customerEmail)}`, customer, "application/json")],
      [8, () => get(origin, "/dashboard", admin)],
      [8, () => get(origin, "/dashboard/myOrder", customer)],
      [5, () => get(origin, "/dashboard/profile", customer)],
    ];
    const totalWeight = mix.reduce((sum, [weight]) => sum + weight, 0);
    const request = () => {
      let roll = Math.random() * totalWeight;
      for (const [weight, send] of mix) {
        roll -= weight;
        if (roll < 0) return send();
      }
      return mix[0][1]();
    };
    const started = Date.now();
    const endAt = started + minutes * 60_000;
    const running = () => Date.now() < endAt;
    const note = (status) => {
      counts.requests += 1;
      counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
    };
    const guard = async (work) => {
      try {
        await work();
      } catch {
        counts.errors += 1;
      }
    };
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running()) await guard(async () => note(await request()));
    });
    const orders = (async () => {
      while (running()) {
        await guard(async () => {
          await placeOrder(origin, buyer, buyerEmail, pick(ids));
          counts.orders += 1;
        });
        await sleep(500);
      }
    })();
    const registered = [];
    const logins = (async () => {
      for (let i = 0; running(); i++) {
        await guard(async () => {
          if (i % 5 === 0) {
            const email = `soak-${process.pid}-${i}@bench.test`;
            await registerCookie(origin, email);
            registered.push(email);
            counts.registrations += 1;
          } else {
            const who = registered.length > 0 && i % 2 === 0 ? { email: pick(registered), password: CUSTOMER_PASSWORD } : ADMIN;
            const cookie = await signInCookie(origin, who.email, who.password);
            counts.logins += 1;
            note(await get(origin, "/dashboard", cookie));
            if (i % 2 === 1) {
              await postForm(origin, "/logout", {}, cookie);
              counts.logouts += 1;
            }
          }
        });
        await sleep(2_000);
      }
    })();
    const sampler = (async () => {
      while (running()) {
        await sleep(Math.min(sampleSeconds * 1000, Math.max(0, endAt - Date.now())));
        const seconds = Math.round((Date.now() - started) / 1000);
        samples.push({ seconds, rssMb: rssMb(pid), heapMb: (await server.memory())?.heapUsed });
        if (!held.afterWarmup && seconds >= warmupMinutes * 60) held.afterWarmup = await server.memory({ gc: true });
        log(
          `${label}: ${seconds} s, RSS ${samples.at(-1).rssMb} MB, heap ${samples.at(-1).heapMb} MB, ${counts.requests} requests`,
        );
      }
    })();
    await Promise.all([...clients, orders, logins, sampler]);
    // Idle a moment: what stays is held, not in flight.
    await sleep(5_000);
    held.end = await server.memory({ gc: true });
    samples.push({ seconds: Math.round((Date.now() - started) / 1000), rssMb: rssMb(pid), idle: true });
  } finally {
    await server.stop();
  }
  const warm = samples.filter((sample) => sample.seconds >= warmupMinutes * 60 && !sample.idle);
  const afterWarmup = warm[0] ?? samples.at(-1);
  const end = samples.filter((sample) => !sample.idle).at(-1);
  const afterWarm = warm.map((sample) => sample.rssMb);
  return {
    database: label,
    minutes,
    counts,
    // heap used after a full collection, after the warm-up and at the end
    heldMb: {
      afterWarmup: held.afterWarmup?.heapUsed ?? null,
      end: held.end?.heapUsed ?? null,
      endExternal: held.end?.external ?? null,
    },
    rssMb: {
      start: samples[0].rssMb,
      afterWarmup: afterWarmup.rssMb,
      end: end.rssMb,
      idleAfter: samples.at(-1).rssMb,
      max: Math.max(...samples.map((sample) => sample.rssMb)),
      // Growth over the steady part: the last sample against the first after the warm-up.
      growthAfterWarmup: Math.round((end.rssMb - afterWarmup.rssMb) * 10) / 10,
      rangeAfterWarmup: afterWarm.length > 0 ? [Math.min(...afterWarm), Math.max(...afterWarm)] : null,
    },
    samples,
  };
}

export async function soak({ args, buildApp }) {
  if (!args.has("skip-build")) buildApp();
  const minutes = Number(args.get("soak-minutes") ?? 10);
  const warmupMinutes = Number(args.get("warmup-minutes") ?? 2);
  const sampleSeconds = Number(args.get("sample-seconds") ?? 30);
  const runs = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "soak-data-"));
  try {
    runs.push(
      await soakOne({ label: "embedded", env: { DATA_DIR: dataDir, DATABASE_URL: "" }, minutes, warmupMinutes, sampleSeconds }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const database = await serverDatabase(process.env.DATABASE_URL);
    const pgDataDir = mkdtempSync(path.join(os.tmpdir(), "soak-data-"));
    try {
      runs.push(
        await soakOne({
          label: "postgresql",
          env: {
            DATABASE_URL: database.url,
            DATA_DIR: pgDataDir,
            SESSION_SECRET: `soak-${Math.random().toString(36).slice(2)}-secret-0123456789`,
          },
          minutes,
          warmupMinutes,
          sampleSeconds,
        }),
      );
    } finally {
      await database.drop().catch((error) => log(`could not drop the soak database: ${error.message}`));
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  const result = { date: new Date().toISOString(), node: process.version, clients: CLIENTS, warmupMinutes, sampleSeconds, runs };
  writeFileSync(path.join(ROOT, "bench", "soak.json"), JSON.stringify(result, null, 2) + "\n");
  console.log(`\nSoak ${result.date}: ${minutes} min of mixed traffic, ${CLIENTS} clients, RSS every ${sampleSeconds} s\n`);
  console.log(
    "| database | requests | orders | sign-ins | RSS start | after warm-up | end | idle after | max | growth after warm-up | heap held after warm-up / end |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const run of runs) {
    const r = run.rssMb;
    console.log(
      `| ${run.database} | ${run.counts.requests} | ${run.counts.orders} | ${run.counts.logins} | ${r.start} MB | ${r.afterWarmup} MB | ${r.end} MB | ${r.idleAfter} MB | ${r.max} MB | ${r.growthAfterWarmup} MB | ${run.heldMb.afterWarmup} / ${run.heldMb.end} MB |`,
    );
  }
  for (const run of runs)
    console.log(`\n${run.database} samples (s: MB): ${run.samples.map((s) => `${s.seconds}: ${s.rssMb}`).join(", ")}`);
  console.log("\nWritten to bench/soak.json.");
}
