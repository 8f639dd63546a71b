// Three app processes on one PostgreSQL database, started at the same moment, behind a round-robin
// proxy (support/round-robin.ts) as a load balancer would put them: the migrations and the seed
// run once; sessions, rate limits, caches and seats agree across them; the periodic jobs run once
// a period; one killed in the middle of traffic loses no booking and no email.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp } from "../support/fake-smtp";
import { type S3Server, startS3Server } from "../support/s3-server";
import { createDatabase, sleep, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { addPackage, Client, logIn, register } from "./support/client";
import { recordFigures } from "./support/figures";
import { type RoundRobin, startRoundRobin } from "./support/round-robin";

const LOGIN_LIMIT = 5;
const AGENCY = "agency@instances.test";
/** How soon a change made on one instance must show on the others. */
const AGREE_MS = 2_000;

let database: TestDatabase;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let s3: S3Server;
const uploadDirs: string[] = [];
let killed: AppProcess | undefined;
let proxy: RoundRobin;
let apps: AppProcess[];
let admin: Client;
let startSeconds: number;
const figures: Record<string, unknown> = {};
let overdue: string[] = [];
let overdueAt = 0;
let rushDeparture = "";

beforeAll(async () => {
  smtp = await startFakeSmtp();
  s3 = await startS3Server({ bucket: "fleet-photos" });
  proxy = await startRoundRobin();
  database = await createDatabase("instances");
  const env = {
    RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT),
    RATE_LIMIT_ORDER_MAX: "1000",
    HOLD_MAX_SEATS_PER_DEPARTURE: "100",
    HOLD_MAX_SEATS_PER_ACCOUNT: "100",
    SMTP_URL: smtp.url,
    CONTACT_TO: AGENCY,
    // The site's address is the load balancer's, the same for every instance.
    PUBLIC_URL: proxy.origin,
    // Photos in one bucket for all three.
    ...s3.env,
  };
  const started = performance.now();
  // Each instance its own UPLOAD_DIR: a photo one stored can reach the others only through the bucket.
  apps = await Promise.all(
    [1, 2, 3].map((n) => {
      uploadDirs.push(mkdtempSync(join(tmpdir(), `tb-fleet-uploads-${n}-`)));
      return startApp(database.url, { ...env, UPLOAD_DIR: uploadDirs.at(-1)! });
    }),
  );
  startSeconds = (performance.now() - started) / 1000;
  proxy.backends.push(...apps.map((app) => app.origin));
  admin = await logIn(proxy.origin, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  recordFigures("instances", figures);
  await proxy?.close();
  // The instance killed on purpose has exited already (code null); the others stop cleanly.
  const codes = await Promise.all((apps ?? []).map((app) => app.stop()));
  expect(codes).toEqual((apps ?? []).map((app) => (app === killed ? null : 0)));
  await smtp?.close();
  await s3?.remove();
  for (const dir of uploadDirs) rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** Polls `seen` on every instance but `except` until it holds on all of them; the milliseconds it took. */
async function agreed(seen: (client: Client) => Promise<boolean>, clients: Client[]): Promise<number> {
  const started = performance.now();
  const pending = new Set(clients);
  while (pending.size > 0) {
    for (const client of [...pending]) if (await seen(client)) pending.delete(client);
    if (pending.size === 0) break;
    if (performance.now() - started > 3 * AGREE_MS) break;
    await sleep(50);
  }
  expect(
    [...pending].map((client) => client.origin),
    "instances that never saw the change",
  ).toEqual([]);
  return Math.round(performance.now() - started);
}

const text = async (response: Response) => {
  expect(response.status).toBe(200);
  return response.text();
};

describe("three instances on one database behind a load balancer", () => {
  it("applies each migration once and seeds once when all three start at the same moment", async () => {
    expect(new Set(apps.map((app) => app.port)).size).toBe(3);
    const migrations = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const rows = await database.query<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((entry) => entry.name).sort());
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    // Exactly one of the three applied them; the others found them applied.
    const appliers = apps.filter((app) => app.output().includes("applied migrations"));
    expect(appliers).toHaveLength(1);
    const admins = await database.query(`SELECT id FROM "User" WHERE email = $1`, [TEST_ADMIN.email]);
    expect(admins).toHaveLength(1);
    const duplicates = await database.query(`SELECT title FROM "Service" GROUP BY title HAVING count(*) > 1`);
    expect(duplicates).toEqual([]);
    for (const app of apps) {
      const ready = await fetch(`${app.origin}/readyz`);
      expect(ready.status, app.origin).toBe(200);
      await ready.text();
    }
    Object.assign(figures, {
      instances: 3,
      secondsToStartAll: Math.round(startSeconds * 10) / 10,
      migrationRuns: appliers.length,
    });
  });

  it("starts on a fresh database with a pool of one connection (start-up and the jobs hold sessions of their own)", async () => {
    const fresh = await createDatabase("pool1");
    try {
      const single = await startApp(fresh.url, { DATABASE_POOL_SIZE: "1" });
      for (const path of ["/readyz", "/services"]) {
        const response = await fetch(single.origin + path);
        expect(response.status, path).toBe(200);
        await response.text();
      }
      expect(await single.stop()).toBe(0);
    } finally {
      await fresh.drop();
    }
  });

  it("accepts a sign-in made through one instance on the others, and a logout on one ends it on all", async () => {
    const email = `all-${Date.now()}@example.com`;
    await register(proxy.origin, email);
    const signedIn = await logIn(proxy.origin, email, "customer-password");
    const copies = apps.map((app) => signedIn.copyTo(app.origin));
    for (const client of copies) {
      const page = await client.get("/dashboard/myOrder");
      expect(page.status, client.origin).toBe(200);
      expect(await page.text()).toContain(email.split("@")[0]);
    }
    const logout = await copies[1].postForm("/logout", {});
    expect(logout.status).toBe(302);
    for (const client of [copies[0], copies[2]]) {
      const after = await client.get("/dashboard/myOrder");
      expect(after.status, client.origin).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("counts failed logins across the three instances", async () => {
    const email = `limited-${Date.now()}@example.com`;
    await register(proxy.origin, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt += 1) {
      const app = apps[attempt % apps.length];
      const response = await new Client(app.origin).postForm("/login", { email, password: "wrong-password" });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429]);
    for (const app of apps) {
      const response = await new Client(app.origin).postForm("/login", { email, password: "customer-password" });
      expect(response.status, app.origin).toBe(429);
    }
  });

  it("serves through every instance a photo uploaded through one of them (S3 mode)", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    const before = new Map(proxy.answered);
    const upload = await admin.request("/api/photos", {
      method: "POST",
      body: new Uint8Array(photo),
      headers: { "Content-Type": "image/jpeg" },
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const uploadedOn = apps.find((app) => (proxy.answered.get(app.origin) ?? 0) > (before.get(app.origin) ?? 0))!;
    const copies: Buffer[] = [];
    for (const app of apps) {
      const response = await fetch(app.origin + url);
      expect(response.status, app.origin).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      copies.push(Buffer.from(await response.arrayBuffer()));
    }
    expect(copies.every((copy) => copy.equals(copies[0]))).toBe(true);
    figures.photoUploadedOn = apps.indexOf(uploadedOn) + 1;
  });

  it(`shows a change made on one instance on the others within ${AGREE_MS / 1000} s, their caches just filled`, async () => {
    const [a, ...others] = apps;
    const onA = admin.copyTo(a.origin);
    const readers = others.map((app) => new Client(app.origin));
    const took: Record<string, number> = {};

    // A package edited: the catalogue's first page (kept 5 s per instance) shows the new title.
    const tourPackage = await addPackage(onA, `Sajek Valley Clouds ${Date.now()}`, 140);
    await agreed(async (client) => (await text(await client.get("/services"))).includes(tourPackage.title), readers);
    const renamed = `${tourPackage.title} (Eid special)`;
    const edit = await onA.json("PUT", `/api/services/${tourPackage._id}`, {
      title: renamed,
      cost: tourPackage.cost,
      image: "/images/tours/bandarban.svg",
      description: "Edited on one instance, read on the others.",
    });
    expect(edit.status).toBe(200);
    took.packageEdited = await agreed(async (client) => (await text(await client.get("/services"))).includes(renamed), readers);

    // A review hidden: the home page's reviews (kept 5 s per instance) no longer show it.
    const reviewer = await register(a.origin, `reviewer-${Date.now()}@example.com`);
    const words = `Clouds below our cottage at dawn ${Date.now()}`;
    const posted = await reviewer.json("POST", "/api/review", { review: words, rating: 5 });
    expect(posted.status).toBe(201);
    const { insertedId: reviewId } = (await posted.json()) as { insertedId: string };
    await agreed(async (client) => (await text(await client.get("/"))).includes(words), readers);
    const hidden = await onA.postForm("/dashboard/reviews", { intent: "hide", id: reviewId });
    expect(hidden.status).toBe(200);
    took.reviewHidden = await agreed(async (client) => !(await text(await client.get("/"))).includes(words), readers);

    // A departure closed: its date is no longer offered on the package's order page.
    const added = await onA.json("POST", `/api/services/${tourPackage._id}/departures`, { date: "2031-03-20", seats: 12 });
    expect(added.status).toBe(201);
    const { insertedId: departureId } = (await added.json()) as { insertedId: string };
    const offered = async (client: Client) => (await text(await client.get(`/order/${tourPackage._id}`))).includes(departureId);
    await agreed(offered, readers);
    expect((await onA.json("PATCH", `/api/departures/${departureId}`, { status: "closed" })).status).toBe(200);
    took.departureClosed = await agreed(async (client) => !(await offered(client)), readers);

    // A user disabled: their session is refused on every instance at the next request.
    const email = `disabled-${Date.now()}@example.com`;
    const customer = await register(a.origin, email);
    const sessions = others.map((app) => customer.copyTo(app.origin));
    for (const session of sessions) expect((await session.get("/dashboard/myOrder")).status).toBe(200);
    const [{ id }] = await database.query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [email]);
    expect((await onA.postForm("/dashboard/users", { id, intent: "disable" })).status).toBe(200);
    took.userDisabled = await agreed(async (client) => (await client.get("/dashboard/myOrder")).status === 302, sessions);

    for (const [change, ms] of Object.entries(took)) expect(ms, change).toBeLessThan(AGREE_MS);
    figures.changeSeenOnOthersMs = took;
  });

  it("never oversells one departure with 200 concurrent bookings spread over the three", async () => {
    const SEATS = 30;
    const CUSTOMERS = 50;
    const tourPackage = await addPackage(admin, `Eid Sundarbans Rush ${Date.now()}`, 95);
    const added = await admin.json("POST", `/api/services/${tourPackage._id}/departures`, { date: "2031-04-10", seats: SEATS });
    expect(added.status).toBe(201);
    const { insertedId: departure } = (await added.json()) as { insertedId: string };
    const stamp = Date.now();
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => register(proxy.origin, `rush-${i}-${stamp}@example.com`)),
    );
    const before = new Map(proxy.answered);
    const answers = await Promise.all(
      customers.flatMap((customer, i) =>
        Array.from({ length: 4 }, async (_, k) => {
          const response = await customer.json("POST", "/api/my-orders", booking(i * 4 + k, tourPackage._id, departure));
          await response.body?.cancel();
          return response.status;
        }),
      ),
    );
    const statuses: Record<number, number> = {};
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    // Every seat sold once; the others refused as sold out (or, on a machine too busy for the row
    // lock's queue, 503 "try again" after the 5 s query timeout: never a booking).
    expect(statuses[201]).toBe(SEATS);
    expect(Object.keys(statuses).filter((status) => !["201", "409", "500", "503"].includes(status))).toEqual([]);
    expect((statuses[409] ?? 0) + (statuses[500] ?? 0) + (statuses[503] ?? 0)).toBe(200 - SEATS);
    const [row] = await database.query<{ seatsTaken: number; orders: number }>(
      `SELECT d."seatsTaken", (SELECT count(*)::int FROM "Order" o WHERE o."departureId" = d.id) AS orders FROM "Departure" d WHERE d.id = $1`,
      [departure],
    );
    expect(row).toEqual({ seatsTaken: SEATS, orders: SEATS });
    // Every instance took its share of the orders.
    const share = apps.map((app) => (proxy.answered.get(app.origin) ?? 0) - (before.get(app.origin) ?? 0));
    for (const count of share) expect(count).toBeGreaterThanOrEqual(60);
    // 20 of these holds made overdue by hand: the last test checks the job expired each once.
    overdue = (
      await database.query<{ id: string }>(
        `UPDATE "Order" SET "holdExpiresAt" = now() - interval '1 minute'
         WHERE id IN (SELECT id FROM "Order" WHERE "departureId" = $1 ORDER BY "createdAt" LIMIT 20) RETURNING id`,
        [departure],
      )
    ).map((one) => one.id);
    overdueAt = performance.now();
    rushDeparture = departure;
    figures.concurrentBookings = {
      sent: 200,
      seats: SEATS,
      created: statuses[201],
      refused409: statuses[409],
      perInstance: share,
    };
  });

  it("loses no booking and no email when one instance is killed in the middle of traffic", async () => {
    const tourPackage = await addPackage(admin, `Kuakata Long Weekend ${Date.now()}`, 80);
    const added = await admin.json("POST", `/api/services/${tourPackage._id}/departures`, { date: "2031-05-01", seats: 500 });
    expect(added.status, await added.clone().text()).toBe(201);
    const { insertedId: departure } = (await added.json()) as { insertedId: string };
    const stamp = Date.now();
    const CLIENTS = 30;
    const customers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => register(proxy.origin, `kill-${i}-${stamp}@example.com`)),
    );
    const created: { id: string; email: string }[] = [];
    const statuses: Record<string, number> = {};
    let stop = false;
    const traffic = customers.map(async (customer, i) => {
      for (let k = 0; !stop && k < 15; k += 1) {
        // A request the killed instance was answering is cut: the customer sees an error, not a booking.
        const answer = await customer
          .json("POST", "/api/my-orders", booking(1000 + i * 15 + k, tourPackage._id, departure))
          .then(async (response) => ({ status: String(response.status), body: await response.text() }))
          .catch(() => ({ status: "cut", body: "" }));
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === "201") {
          const { insertedId } = JSON.parse(answer.body) as { insertedId: string };
          created.push({ id: insertedId, email: `kill-${i}-${stamp}@example.com` });
        }
      }
    });
    // Killed while the orders flow (a few are in already): no SIGTERM, no goodbye.
    for (const started = performance.now(); created.length < 5 && performance.now() - started < 30_000;) await sleep(50);
    const victim = apps[2];
    killed = victim;
    victim.child.kill("SIGKILL");
    const killedAfter = created.length;
    await sleep(2_500);
    stop = true;
    await Promise.all(traffic);
    expect(await victim.exited).toBeNull();
    expect(killedAfter, JSON.stringify(statuses)).toBeGreaterThan(0);
    expect(created.length).toBeGreaterThan(killedAfter);
    // The requests the killed instance was answering fail (502 from the proxy, or cut); so may one
    // that timed out on a machine too busy (503): none of them is a booking the customer was told of.
    expect(Object.keys(statuses).filter((status) => !["201", "500", "502", "503", "cut"].includes(status))).toEqual([]);

    // Every booking the customers were told of is there, with its seats.
    const ids = created.map((one) => one.id);
    const stored = await database.query<{ id: string }>(`SELECT id FROM "Order" WHERE id = ANY($1::text[])`, [ids]);
    expect(stored).toHaveLength(ids.length);
    const [seats] = await database.query<{ seatsTaken: number; held: number }>(
      `SELECT d."seatsTaken", (SELECT coalesce(sum(o.quantity), 0)::int FROM "Order" o WHERE o."departureId" = d.id AND o."bookingStatus" = 'PENDING') AS held
       FROM "Departure" d WHERE d.id = $1`,
      [departure],
    );
    expect(seats.seatsTaken).toBe(seats.held);

    // Every email of the outbox goes out, those the killed instance had claimed too (after their claim).
    const started = performance.now();
    for (;;) {
      const [{ unsent }] = await database.query<{ unsent: number }>(
        `SELECT count(*)::int AS unsent FROM "OutboxEmail" WHERE "sentAt" IS NULL`,
      );
      if (unsent === 0) break;
      expect(performance.now() - started, `${unsent} emails still unsent`).toBeLessThan(60_000);
      await sleep(500);
    }
    // Each recipient received at least as many messages as the outbox holds for them (a message
    // sent just before a kill may go twice: delivery is at least once).
    const outbox = await database.query<{ to: string; emails: number }>(
      `SELECT "to", count(*)::int AS emails FROM "OutboxEmail" GROUP BY "to"`,
    );
    for (const { to, emails } of outbox) {
      const received = smtp.messages.filter((mail) => mail.to.includes(to)).length;
      expect(received, to).toBeGreaterThanOrEqual(emails);
    }
    // Each customer was emailed about every booking they were told of.
    for (const customer of new Set(created.map((one) => one.email))) {
      const bookings = created.filter((one) => one.email === customer).length;
      const mails = smtp.messages.filter((mail) => mail.to.includes(customer)).length;
      expect(mails, customer).toBeGreaterThanOrEqual(bookings);
    }
    figures.killedInstance = {
      bookingsConfirmed: created.length,
      confirmedBeforeKill: killedAfter,
      failed: Object.entries(statuses)
        .filter(([status]) => status !== "201")
        .reduce((sum, [, count]) => sum + count, 0),
      emails: outbox.reduce((sum, row) => sum + row.emails, 0),
      secondsToSendEveryEmail: Math.round((performance.now() - started) / 100) / 10,
    };
  });

  it("has run each periodic job on one instance at a time: every overdue hold expired once", async () => {
    // The holds the rush test made overdue: a surviving instance's expire-holds job (each minute) takes them.
    expect(overdue).toHaveLength(20);
    const started = performance.now();
    for (;;) {
      const [{ left }] = await database.query<{ left: number }>(
        `SELECT count(*)::int AS "left" FROM "Order" WHERE id = ANY($1::text[]) AND "bookingStatus" = 'PENDING'`,
        [overdue],
      );
      if (left === 0) break;
      expect(performance.now() - started).toBeLessThan(75_000);
      await sleep(500);
    }
    const changes = await database.query<{ orderId: string; times: number }>(
      `SELECT "orderId", count(*)::int AS times FROM "OrderStatusChange" WHERE "orderId" = ANY($1::text[]) AND "toStatus" = 'EXPIRED' GROUP BY "orderId"`,
      [overdue],
    );
    expect(changes).toHaveLength(20);
    expect(changes.every((change) => change.times === 1)).toBe(true);
    const [seats] = await database.query<{ seatsTaken: number }>(`SELECT "seatsTaken" FROM "Departure" WHERE id = $1`, [
      rushDeparture,
    ]);
    expect(seats.seatsTaken).toBe(30 - 20);
    figures.overdueHoldsExpiredSecondsAfterTheirTest = Math.round((performance.now() - overdueAt) / 100) / 10;
  });
});

function booking(n: number, serviceId: string, departure: string) {
  return {
    firstName: "Nusrat",
    lastName: "Jahan",
    streetAddress: `House ${n}, Road 3`,
    townName: "Khulna",
    district: "Dhaka",
    mobileNumber: "01812345678",
    email: `traveller${n}@example.com`,
    service: serviceId,
    departure,
    quantity: 1,
    type: "group",
  };
}
