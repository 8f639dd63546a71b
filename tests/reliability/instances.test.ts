// Two app processes on different ports against one PostgreSQL database, started at the same
// moment: the migrations and the seed run once, and sessions and rate limits are shared.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { Client, logIn, register } from "./support/client";
import { recordFigures } from "./support/figures";

const LOGIN_LIMIT = 5;

let database: TestDatabase;
let a: AppProcess;
let b: AppProcess;
let startSeconds: number;
let migrationRuns = 0;

beforeAll(async () => {
  database = await createDatabase("instances");
  const started = performance.now();
  const env = { RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT) };
  [a, b] = await Promise.all([startApp(database.url, env), startApp(database.url, env)]);
  startSeconds = (performance.now() - started) / 1000;
});

afterAll(async () => {
  expect(await Promise.all([a?.stop(), b?.stop()])).toEqual([0, 0]);
  await database?.drop();
});

describe("two instances on one database", () => {
  it("applies each migration once and seeds once when both start at the same moment", async () => {
    expect(a.port).not.toBe(b.port);
    const migrations = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const rows = await database.query<{ migration_name: string; finished_at: Date | null }>(
      `SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((row) => row.migration_name)).toEqual(migrations.map((entry) => entry.name).sort());
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    // Exactly one of the two applied them; the other found them applied.
    const appliers = [a, b].filter((app) => app.output().includes("applied migrations"));
    migrationRuns = appliers.length;
    expect(appliers).toHaveLength(1);
    // One administrator and one copy of every demo package.
    const admins = await database.query(`SELECT id FROM "User" WHERE email = $1`, [TEST_ADMIN.email]);
    expect(admins).toHaveLength(1);
    const duplicates = await database.query(`SELECT title FROM "Service" GROUP BY title HAVING count(*) > 1`);
    expect(duplicates).toEqual([]);
    for (const app of [a, b]) {
      const ready = await fetch(`${app.origin}/readyz`);
      expect(ready.status).toBe(200);
      await ready.text();
    }
  });

  it("starts on a fresh database with a pool of one connection (start-up holds its own session)", async () => {
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

  it("accepts a login made on one instance on the other, and a logout on either ends it on both", async () => {
    const email = `both-${Date.now()}@example.com`;
    await register(a.origin, email);
    const onA = await logIn(a.origin, email, "customer-password");
    const onB = onA.copyTo(b.origin);
    for (const client of [onA, onB]) {
      const page = await client.get("/dashboard/myOrder");
      expect(page.status, client.origin).toBe(200);
      expect(await page.text()).toContain(email.split("@")[0]);
    }
    const logout = await onB.postForm("/logout", {});
    expect(logout.status).toBe(302);
    // A's copy of the cookie still carries the old session id: the session is gone on both.
    const after = await onA.get("/dashboard/myOrder");
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login/);
    const api = await onA.get(`/api/my-orders?email=${encodeURIComponent(email)}`);
    expect(api.status).toBe(401);
  });

  it("counts failed logins across both instances", async () => {
    const email = `limited-${Date.now()}@example.com`;
    await register(b.origin, email);
    const statuses: number[] = [];
    // Alternating instances: A, B, A, B, A use up the limit, the next one on either is refused.
    for (let attempt = 0; attempt < LOGIN_LIMIT + 2; attempt += 1) {
      const app = attempt % 2 === 0 ? a : b;
      const response = await new Client(app.origin).postForm("/login", { email, password: "wrong-password" });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429, 429]);
    // Even the right password is refused on both while the window lasts.
    for (const app of [a, b]) {
      const response = await new Client(app.origin).postForm("/login", { email, password: "customer-password" });
      expect(response.status, app.origin).toBe(429);
    }
    // Every attempt is counted before its check, the refused ones too.
    const [row] = await database.query<{ count: number }>(`SELECT count FROM "RateLimit" WHERE key LIKE $1`, [
      `login:account+address:${email} %`,
    ]);
    expect(row.count).toBe(LOGIN_LIMIT + 4);

    recordFigures("instances", {
      instances: 2,
      secondsToStartBoth: Math.round(startSeconds * 10) / 10,
      migrationRuns,
      sharedSession: true,
      sharedLoginLimit: `${LOGIN_LIMIT} failures over both, then 429 on both`,
    });
  });
});
